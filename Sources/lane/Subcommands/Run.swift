import ArgumentParser
import GPIO
import Journal
import LaneRuntime
import LaneBridge
import LaneCLI
import LaneSensing
import POSIX
import Scoreboard

#if canImport(Glibc)
  import Glibc
#endif

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
      let file = try configOptions.load()
      if league != nil || file?.pair != nil {
        let lanesOwn: [(String, Bool)] = [
          ("--wiring", wiringOptions.wiring != nil), ("--bowlers", session.bowlers != nil), ("--json", json),
          ("--lane", centre.lane != nil), ("--broker", centre.connection.broker != nil),
          ("--mqtt-credentials", !centre.connection.credentialsFiles.isEmpty),
          ("--cafile", centre.connection.cafile != nil),
        ]
        return try await PairCommand(
          config: file, configPath: configOptions.config, league: league, given: lanesOwn.filter(\.1).map(\.0),
          web: web, journal: session.journal, detector: detector, operatorName: by
        ).runLive()
      }
      // The config file's settings under the command line's.
      var (wiringOptions, session, centre, web) = (wiringOptions, session, centre, web)
      try configOptions.merged(
        file,
        wiring: &wiringOptions.wiring, session: &session, centre: &centre, web: &web)
      let stop = StopRequest(wake: try WakeEvent.made())
      // The wiring is checked and the chip opened first: a mistake there creates no journal
      // and binds no address. Every source the lane answers (edges, the detector's deadline,
      // a stop, a console line, a correction on the socket) ends the sensor's wait: no
      // periodic wake-up.
      let hardware = try wiringOptions.openHardware(consumer: Report.command, wake: stop.wake)
      if session.journal == nil {
        Report.line("no --journal: the games are kept in memory only")
      }
      let lane = LaneRun(
        settings: try LaneAssembly.Settings(
          session: session, centre: centre, web: web, sensorClock: { MonotonicClock.now() }),
        runner: LaneRunner(
          detector: detector.configuration(over: hardware.detector), idleTimeout: LaneRunner.forever,
          operatorName: by),
        local: LocalDisplay.live(
          json: json, terminal: StandardOutput.isTerminal, colour: StandardOutput.wantsColour
        ).display(output: StandardOutput(), warnings: EventLines()),
        console: isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal && !json, inboxWakes: true,
        wiring: hardware.wiring.status)
      // A failure ends the command with its status from the one table (ExitStatus+Errors).
      guard let ending = try await lane.run(hardware.sensor, stop: stop, logger: Report.logger) else { return }
      Report.line("stopped; \(LaneSummary(ending.session))")
      if !json {
        // The session's series for the board or the log, one line per bowler.
        var output = StandardOutput()
        print(
          SessionScoreboard(colour: StandardOutput.isTerminal && StandardOutput.wantsColour)
            .renderSeries(ending.session), to: &output)
      }
    }
  }
}
