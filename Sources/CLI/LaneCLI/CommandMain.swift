import ArgumentParser
import LaneBridge
import LaneRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `lane`'s main: the process made ready for any command and the command line parsed under
/// the root command (``parse(root:)``), then the command run (``run(_:root:)``); every
/// failure is printed once with its status from the one table
/// (``LaneFailure/init(recognizing:)``).
public enum CommandMain {
  /// The command the command line asks for, after making sure its output can go somewhere;
  /// a usage error, help or `lane score` ends the process here.
  ///
  /// Synchronous, so `lane`'s main calls it on the main thread before its first suspension:
  /// descriptor 1 is checked before the concurrency runtime opens a descriptor of its own,
  /// which would take a closed standard output's number. A reader that went away makes
  /// writes fail with EPIPE (exit 74) instead of killing the process with SIGPIPE before it
  /// can tell anyone.
  public static func parse(root: any ParsableCommand.Type) -> any ParsableCommand {
    Report.start(root: root)
    signal(SIGPIPE, SIG_IGN)
    // A stop signal is the command's group's to take (swift-service-lifecycle): one that a
    // parent blocked (some supervisors and test runners do) would leave the lane deaf to it.
    var stops = sigset_t()
    sigemptyset(&stops)
    for stop in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, stop) }
    sigprocmask(SIG_UNBLOCK, &stops, nil)
    // `lane score` reads its own arguments, in linear time (`---` is three misses, not an
    // option); everything else goes through swift-argument-parser.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "score" {
      Report.bootstrap()
      StandardOutput.checkOpen()
      if let status = ScoreCommand.run(arguments: Array(arguments.dropFirst())) { Glibc.exit(status) }
    }
    do {
      let command = try root.parseAsRoot(nil)
      Report.bootstrap((command as? any LoggingCommand)?.logOptions.logFormat ?? .text)
      StandardOutput.checkOpen()
      return command
    } catch {
      exit(with: error, root: root)
    }
  }

  /// Runs `command` (as ``parse(root:)`` made it); a failure ends the process.
  public static func run(_ command: any ParsableCommand, root: any ParsableCommand.Type) async {
    var command = command
    do {
      if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch {
      exit(with: error, root: root)
    }
  }

  /// Prints why the command cannot go on, or the help asked for, and exits with its status.
  private static func exit(with error: any Error, root: any ParsableCommand.Type) -> Never {
    if let failure = LaneFailure(recognizing: error) {
      // A LaneFailure, or one of the rings' own errors with its status from the one table.
      Report.exit(with: failure)
    }
    Report.bootstrap()
    // Help and version go through StandardOutput too, so a full stdout is not silent.
    let message = root.fullMessage(for: error)
    if root.exitCode(for: error) == .success, !message.isEmpty {
      var output = StandardOutput()
      print(message, to: &output)
      Glibc.exit(ExitStatus.success.rawValue)
    }
    root.exit(withError: error)
  }
}
