import ArgumentParser
import LaneBridge
import LaneCLI

extension Lane {
  /// `lane run`: the live lane.
  struct Run: AsyncParsableCommand, LoggingCommand {
    static let configuration = CommandConfiguration(
      abstract: "Read the lane's sensors, detect throws, score them and show the games.",
      discussion: """
        On a terminal the scoreboard and pin deck are redrawn in place; otherwise each throw \
        is a log line. Stops cleanly on SIGINT, SIGTERM or SIGHUP (a second one ends it at once). \
        With --journal every throw is durable before it is shown, and a restart resumes the \
        games where they were. On a terminal, type u (undo), f (foul on/off), d (dead ball) \
        or p PINS (the last ball's pins), then Enter; lane correct reaches it over the \
        control socket JOURNAL.sock; see docs/operations.md. With --broker every journal \
        record is published to the centre (docs/centre.md). --config FILE reads these \
        settings from a file for the systemd unit (docs/deployment.md). A config file naming a \
        pair (two [[lanes]], each with its lane and wiring, on one chip or two) runs both lanes \
        in one process. In open play (no --league) they are two independent lanes, each with \
        the journal, bowlers and credentials of its [[lanes]], exactly as one lane run of it: \
        each lane's log lines after its id, both lanes' boards on one --http server, a console \
        line starting with the lane's id (lane7 p 1,2,4), lane correct --journal THAT.journal \
        for one lane (docs/running.md). On a league night, --league NIGHT.toml: one journal \
        for the pair, corrections typed at the console or sent with lane correct --league, \
        the night's boards with --http (docs/league.md).
        """ + ExitStatus.help(
          .usage, .dataError, .noInput, .unavailable, .osError, .cannotCreate, .ioError,
          .temporaryFailure, .noPermission, .badConfiguration)
    )

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var wiringOptions: WiringOptions

    @Flag(help: "Write one JSON object per throw, completed frame and game, one per line.")
    var json = false

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var session: SessionOptions

    @OptionGroup var centre: CentreOptions
    @OptionGroup var web: HTTPOptions

    @OptionGroup var logOptions: LogOptions

    @Option(help: "Who console corrections are from, in the journal (default: console).")
    var by = "console"

    @Option(
      help: ArgumentHelp(
        "Play a league night on the pair the --config file names (docs/league.md).", valueName: "night.toml"))
    var league: String?

    func run() async throws {
      try await LaneCommand(
        configOptions: configOptions, session: session, centre: centre, web: web, detector: detector, league: league
      ).runLive(.init(wiring: wiringOptions, json: json, operatorName: by))
    }
  }
}
