import ArgumentParser
import LaneRuntime
import LaneBridge
import Logging
import POSIX
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where `lane` tells the user what went wrong or what to watch for: its log (swift-log),
/// set up once by `lane`'s main (``bootstrap(_:)``), whose handler writes standard error:
/// one line each after the command's name (`lane run: `), or JSON for journald.
///
/// Failures are thrown as ``LaneFailure`` and logged here once, by ``CommandMain``; warnings and
/// notes are log records as they happen, and the command goes on.
public enum Report {
  /// The root command whose subcommands name the command (`Lane`), set once by `main`.
  private static let root = Mutex<(any ParsableCommand.Type)?>(nil)
  private static let bootstrapped = Mutex(false)

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

  /// Sets up the process's logging in `format`, once: later calls do nothing.
  public static func bootstrap(_ format: LaneLogHandler.Format = .text) {
    let first = bootstrapped.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    let settings = LaneLogHandler.Settings(format: format, command: command)
    LoggingSystem.bootstrap { label in LaneLogHandler(label: label, settings: settings) }
  }

  /// The command's logger, for what the command itself says; each service has its own.
  public static var logger: Logger {
    bootstrap()
    return Logger(label: "lane")
  }

  /// The logger of one lane of a pair: its records name the lane.
  public static func logger(lane: String, pair: String) -> Logger {
    var logger = logger
    logger[metadataKey: LogKey.lane] = "\(lane)"
    logger[metadataKey: LogKey.pair] = "\(pair)"
    return logger
  }

  /// Logs why the command cannot go on, and exits with its status.
  public static func exit(with failure: LaneFailure) -> Never {
    if !failure.message.isEmpty { logger.error("\(failure.message)") }
    Glibc.exit(failure.status.rawValue)
  }

  /// Logs a note: what the command is doing (`serving the boards on …`).
  @Sendable public static func line(_ message: String) {
    logger.notice("\(message)")
  }

  /// Logs a warning (`warning: …` in text).
  @Sendable public static func warning(_ message: String) {
    logger.warning("\(message)")
  }
}

extension LaneLogHandler.Format: ExpressibleByArgument {}

/// `--log-format`, which every long-running command takes.
public struct LogOptions: ParsableArguments {
  public init() {}

  @Option(help: "How log lines are written on standard error: text, or json for journald (one object a line).")
  public var logFormat: LaneLogHandler.Format = .text
}

/// A command whose log can be written as JSON (``LogOptions``).
public protocol LoggingCommand {
  var logOptions: LogOptions { get }
}

