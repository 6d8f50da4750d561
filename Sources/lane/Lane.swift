import ArgumentParser
import Centre
import LaneRuntime
import LaneBridge
import LaneCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The `lane` command: the entry point that wires the LaneBridge libraries together.
@main
struct Lane: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Bridge bowling pin sensors to a ten-pin scoring engine.",
    version: SoftwareVersion.current,
    subcommands: [
      Score.self, Simulate.self, Run.self, Record.self, Calibrate.self, Correct.self, SessionCommand.self,
      JournalCommand.self, Desk.self, Display.self, Records.self,
    ]
  )

  /// Runs the command asked for, after making sure its output can go somewhere.
  ///
  /// A reader that went away makes writes fail with EPIPE (exit 74) instead of killing the
  /// process with SIGPIPE before it can tell anyone.
  static func main() async {
    Report.start(root: Lane.self)
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
      if let status = Score.run(arguments: Array(arguments.dropFirst())) { Glibc.exit(status) }
    }
    do {
      var command = try parseAsRoot()
      Report.bootstrap(Self.logFormat(of: command))
      StandardOutput.checkOpen()
      if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch let failure as LaneFailure {
      Report.exit(with: failure)
    } catch where LaneFailure(recognizing: error) != nil {
      // The rings' own errors (the store's, an import's), each with its status in one table.
      Report.exit(with: LaneFailure.of(error))
    } catch {
      Report.bootstrap()
      // Help and version go through StandardOutput too, so a full stdout is not silent.
      let message = fullMessage(for: error)
      if exitCode(for: error) == .success, !message.isEmpty {
        var output = StandardOutput()
        print(message, to: &output)
        Glibc.exit(ExitStatus.success.rawValue)
      }
      exit(withError: error)
    }
  }

  /// The format `--log-format` asks for, on a command that takes it.
  private static func logFormat(of command: any ParsableCommand) -> LaneLogHandler.Format {
    (command as? any LoggingCommand)?.logOptions.logFormat ?? .text
  }
}
