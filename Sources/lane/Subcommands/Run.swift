import ArgumentParser
import GPIO
import Journal
import LaneApplication
import LaneBridge
import LaneCommandLine
import LaneConfiguration
import LaneHardware
import POSIX
import LaneSensing
import Scoreboard

#if canImport(Glibc)
  import Glibc
#endif

extension Lane {
  /// `lane run`: the live lane.
  struct Run: ParsableCommand {
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
        in one process on a league night: --league NIGHT.toml, one journal for the pair, \
        corrections typed at the console or sent with lane correct --league, the night's \
        boards with --http (docs/league.md).
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

    @Option(help: "Who console corrections are from, in the journal (default: console).")
    var by = "console"

    @Option(
      help: ArgumentHelp(
        "Play a league night on the pair the --config file names (docs/league.md).", valueName: "night.toml"))
    var league: String?

    func run() throws {
      if try league != nil || configOptions.load()?.pair != nil { return try runPair() }
      // The config file's settings under the command line's.
      var (wiringOptions, session, centre, web) = (wiringOptions, session, centre, web)
      try configOptions.merged(
        wiring: &wiringOptions.wiring, session: &session, centre: &centre, web: &web)
      let wake = try StopSignal.wakeEvent()
      // The wiring is checked and the chip opened first: a mistake there creates no journal
      // and binds no address.
      let hardware = try wiringOptions.openHardware(consumer: Report.command, wake: wake)
      // Every source the lane answers (edges, the detector's deadline, a signal, a console
      // line, a correction on the socket) ends the sensor's wait: no periodic wake-up.
      let lane = try LaneAssembly(
        LaneAssembly.Settings(
          session: session, centre: centre, web: web, sensorClock: { MonotonicClock.now() },
          report: Report.line),
        wake: { wake.signal() }, report: Report.line)
      defer { lane.close() }
      StopSignal.install(wake: wake)
      lane.link?.inputs.yield(.wiring(hardware.wiring.status))
      var display = lane.display(
        around: LocalDisplay.live(
          json: json, terminal: StandardOutput.isTerminal, colour: StandardOutput.wantsColour
        ).display(output: StandardOutput(), warnings: StandardError()))
      let runner = LaneRunner(
        detector: detector.configuration(over: hardware.detector), idleTimeout: LaneRunner.forever,
        operatorName: by)
      if session.journal == nil {
        Report.line("no --journal: the games are kept in memory only")
      }
      if isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal && !json {
        ConsoleInput.forward(to: lane.inbox)
      }
      do {
        try lane.run(hardware.sensor, with: runner, display: &display, until: { StopSignal.isRequested })
      } catch let error as GPIOError {
        throw LaneFailure(.ioError, "\(error)")
      } catch let error as JournalError {
        throw LaneFailure(error.exitStatus, "\(error)")
      }
      Report.line("stopped; \(LaneSummary(lane.session.session))")
      if !json {
        // The session's series for the board or the log, one line per bowler.
        var output = StandardOutput()
        print(
          SessionScoreboard(colour: StandardOutput.isTerminal && StandardOutput.wantsColour)
            .renderSeries(lane.session.session), to: &output)
      }
    }

    /// A pair's lanes on a league night: both wirings opened (a mistake there creates no
    /// journal), each lane's sensor read on a thread of its own, one journal for the pair.
    private func runPair() throws {
      guard let league else {
        throw LaneFailure(
          .usage,
          "\(configOptions.config ?? "the config file") names a pair: give --league NIGHT.toml for its league night"
            + " (open play on a pair is not there yet: run one lane run per lane)")
      }
      guard let config = try configOptions.load(), let pair = config.pair else {
        throw LaneFailure(
          .usage, "--league needs a pair: --config with a file naming two [[lanes]], each with its lane and wiring")
      }
      let refused: [(String, Bool)] = [
        ("--wiring", wiringOptions.wiring != nil), ("--bowlers", session.bowlers != nil), ("--json", json),
        ("--lane", centre.lane != nil), ("--broker", centre.connection.broker != nil || config.centre.broker != nil),
      ]
      if let (option, _) = refused.first(where: \.1) {
        throw LaneFailure(
          .usage,
          "a pair's lane run does not take \(option) (or its setting in the config file): each lane's wiring is in"
            + " its [[lanes]], the bowlers in the night file, and a pair has no centre link yet (docs/league.md)")
      }
      // The boards' address as the command line or the file gives it, checked as --http is.
      var web = web
      if web.http == nil {
        web.http = config.http
        web.httpPublic = config.httpPublic
      }
      let boards = try web.address()
      let wakes = try (StopSignal.wakeEvent(), StopSignal.wakeEvent(), StopSignal.wakeEvent())
      func open(_ lane: LaneConfig.PairLane, wake: WakeEvent) throws(LaneFailure) -> WiredLane {
        do {
          return try WiredLane(wiringFile: lane.wiring, consumer: String("lane-\(lane.lane)".prefix(31)), wake: wake)
        } catch {
          throw LaneFailure(error.exitStatus, "\(lane.lane): \(error)")
        }
      }
      let left = try open(pair[0], wake: wakes.0)
      let right = try open(pair[1], wake: wakes.1)
      try LivePairNight.run(
        LivePairNight.Settings(
          night: league, journal: session.journal ?? config.journal, lanes: (pair[0].lane, pair[1].lane),
          operatorName: by, boards: boards),
        left: .init(sensor: left.sensor, wake: wakes.0, detector: detector.configuration(over: left.detector)),
        right: .init(sensor: right.sensor, wake: wakes.1, detector: detector.configuration(over: right.detector)),
        wake: wakes.2, console: isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal,
        output: { text in
          var output = StandardOutput()
          output.write(text)
        }, report: Report.line)
    }
  }
}
