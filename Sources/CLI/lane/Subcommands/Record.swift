import ArgumentParser
import LaneBridge
import LaneCLI
import LaneOptions

extension Lane {
  /// `lane record`: the lane's raw events as a trace, for `lane simulate` and regression tests.
  struct Record: AsyncParsableCommand, LoggingCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the lane's raw sensor events in the trace format.",
      discussion: """
        Records until SIGINT, SIGTERM or SIGHUP. An existing --out file is never replaced without \
        --force; with it, the new trace replaces the old one whole when recording stops. \
        A symbolic link is never followed. The trace is synced to storage whenever the lane \
        falls quiet.
        """ + ExitStatus.help(.usage, .unavailable, .cannotCreate, .ioError, .noPermission, .badConfiguration)
    )

    @OptionGroup var wiringOptions: WiringOptions

    @Option(help: "The trace file to write (default: standard output).")
    var out: String?

    @Flag(help: "Replace the --out file if it exists.")
    var force = false

    @OptionGroup var logOptions: LogOptions

    func validate() throws {
      // --wiring is optional in the option group only because lane run may take it from
      // --config.
      try validated(try OptionValues.checkRecordWiring(wiringOptions.wiring))
    }

    func run() async throws { try await RecordCommand(wiring: wiringOptions, out: out, force: force).run() }
  }
}
