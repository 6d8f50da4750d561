import ArgumentParser
import LaneBridge
import LaneCLI

extension Lane {
  /// `lane simulate`: replays a recorded or written trace through the whole pipeline.
  struct Simulate: AsyncParsableCommand, LoggingCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay a sensor trace through the throw detector and the scoring engine.",
      discussion: """
        Runs as fast as it can, or at the trace's own pace with --realtime (--speed 0.1 to \
        1000 times it), redrawing the board in place on a terminal as lane run does. Warnings \
        go to stderr. SIGINT, SIGTERM or SIGHUP stops it cleanly: the record in hand is \
        finished, the games so far and a summary are printed, and it succeeds. With \
        --journal, lane correct reaches the replay over the control socket JOURNAL.sock, as \
        it does lane run. With --http the boards are served in a browser while the trace \
        plays (pace it with --speed) and after it ends, until stopped (docs/display.md). The \
        trace format is described in docs/trace-format.md. With --broker every journal \
        record is published to the centre (docs/centre.md); at the end it waits up to 10 s \
        for the desk's acknowledgement. --config FILE takes the settings from a lane config \
        file as lane run does (its wiring is not used). With --league NIGHT.toml it replays a \
        league night on a pair from two traces, the left lane's then the right lane's, and \
        prints the night's sheet (or with --json one object: teams, their games and bowlers) \
        (docs/league.md); with --http it then serves the night's boards, /league/left and \
        /league/right, until stopped (docs/display.md); with --broker and --mqtt-credentials \
        twice (the left lane's user, then the right's) each lane publishes the night under \
        its own id and the desk corrects it (docs/centre.md); paced on a terminal it takes \
        the league commands typed at the console, as lane run on a pair does. With --config \
        naming a pair and two traces (the left lane's, then the right's) it replays the pair \
        in open play: two independent lanes, each with its journal and bowlers from its \
        [[lanes]], each scored as lane simulate of its trace alone; it prints each lane's \
        report after its id (with --json one object, {"lanes":[{"lane":ID,"report":...}]}), \
        and paced or with --log each lane's lines after its id (docs/running.md).
        """ + ExitStatus.help(
          .usage, .dataError, .noInput, .unavailable, .osError, .cannotCreate, .ioError,
          .temporaryFailure, .noPermission, .badConfiguration)
    )

    @Flag(help: "Print one JSON object with every throw and game instead of the scoreboard.")
    var json = false

    @Option(
      help: ArgumentHelp(
        "Replay a league night on a pair from its night file: two traces, left then right (docs/league.md).",
        valueName: "night.toml"))
    var league: String?

    @Flag(help: "Replay at the trace's pace, showing the lane as lane run does.")
    var realtime = false

    @Option(help: "Replay this many times faster than the trace's pace, 0.1 to 1000 (e.g. 20); implies --realtime.")
    var speed: Double?

    @Flag(help: "Print one line per throw as soon as it is journalled, as lane run does in a log.")
    var log = false

    @OptionGroup var configOptions: ConfigOptions

    @OptionGroup var session: SessionOptions

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var centre: CentreOptions
    @OptionGroup var web: HTTPOptions
    @OptionGroup var logOptions: LogOptions

    @Argument(
      help: """
        The trace file, or - for standard input; with --league or a pair's --config the left \
        lane's and the right lane's.
        """)
    var traces: [String]

    private var command: LaneCommand {
      LaneCommand(
        configOptions: configOptions, session: session, centre: centre, web: web, detector: detector, league: league)
    }

    private var replay: LaneCommand.Replay {
      LaneCommand.Replay(traces: traces, json: json, log: log, realtime: realtime, speed: speed)
    }

    func validate() throws { try command.validate(replay) }

    func run() async throws { try await command.runReplay(replay) }
  }
}
