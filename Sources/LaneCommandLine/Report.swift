import ArgumentParser
import LaneBridge
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where `lane` tells the user what went wrong or what to watch for: standard error, one
/// line each, after the command's name (`lane run: `), in one style.
///
/// Failures are thrown as ``LaneFailure`` and printed here once, by `Lane.main`; warnings
/// are lines printed as they happen, and the command goes on.
public enum Report {
  /// The root command whose subcommands name the command (`Lane`), set once by `main`.
  private static let root = Mutex<(any ParsableCommand.Type)?>(nil)

  /// Names the command after `root` and the subcommands on the command line; `lane`'s main
  /// calls it before anything can fail.
  public static func start(root command: any ParsableCommand.Type) {
    root.withLock { $0 = command }
  }

  /// `lane` and the subcommands named on the command line, as the user typed them: `lane
  /// journal check`.
  public static var command: String {
    guard let root = root.withLock({ $0 }) else { return "lane" }
    return ([root._commandName] + path(of: Array(CommandLine.arguments.dropFirst()), in: root))
      .joined(separator: " ")
  }

  /// The subcommand names at the start of `arguments`, walking `command`'s subcommands.
  static func path(of arguments: [String], in command: any ParsableCommand.Type) -> [String] {
    guard let first = arguments.first,
      let subcommand = command.configuration.subcommands.first(where: { $0._commandName == first })
    else { return [] }
    return [first] + path(of: Array(arguments.dropFirst()), in: subcommand)
  }

  /// Prints why the command cannot go on, and exits with its status.
  public static func exit(with failure: LaneFailure) -> Never {
    if !failure.message.isEmpty { line(failure.message) }
    Glibc.exit(failure.status.rawValue)
  }

  /// Prints a line: a warning, or what the command is doing (`serving the boards on …`).
  @Sendable public static func line(_ message: String) {
    var standardError = StandardError()
    print("\(command): \(message)", to: &standardError)
  }
}
