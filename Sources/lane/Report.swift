import ArgumentParser
import LaneBridge

#if canImport(Glibc)
  import Glibc
#endif

/// Where `lane` tells the user what went wrong or what to watch for: standard error, one
/// line each, after the command's name (`lane run: `), in one style.
///
/// Failures are thrown as ``LaneFailure`` and printed here once, by `Lane.main`; warnings
/// are lines printed as they happen, and the command goes on.
enum Report {
  /// `lane` and the subcommands named on the command line, as the user typed them: `lane
  /// journal check`.
  static let command: String = (["lane"] + path(of: Array(CommandLine.arguments.dropFirst()), in: Lane.self))
    .joined(separator: " ")

  /// The subcommand names at the start of `arguments`, walking `command`'s subcommands.
  static func path(of arguments: [String], in command: any ParsableCommand.Type) -> [String] {
    guard let first = arguments.first,
      let subcommand = command.configuration.subcommands.first(where: { $0._commandName == first })
    else { return [] }
    return [first] + path(of: Array(arguments.dropFirst()), in: subcommand)
  }

  /// Prints why the command cannot go on, and exits with its status.
  static func exit(with failure: LaneFailure) -> Never {
    if !failure.message.isEmpty { line(failure.message) }
    Glibc.exit(failure.status.rawValue)
  }

  /// Prints a line: a warning, or what the command is doing (`serving the boards on …`).
  static func line(_ message: String) {
    var standardError = StandardError()
    print("\(command): \(message)", to: &standardError)
  }
}
