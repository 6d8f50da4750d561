import Journal
import LaneBridge
import LaneOptions
import LaneRuntime
import LaneSensing
import POSIX
import Scoreboard
import SimulatedPinSensor

#if canImport(Glibc)
  import Glibc
#endif

/// `lane run` and `lane simulate` as the command line asks for them: one lane, live on its
/// wiring or replayed from a trace, or a pair (a config file naming two lanes, or `--league`),
/// which ``PairCommand`` runs. The options are merged with the config file's here and the
/// lane handed to ``LaneRun``; `lane` only declares the options.
public struct LaneCommand {
  public var configOptions: ConfigOptions
  public var session: SessionOptions
  public var centre: CentreOptions
  public var web: HTTPOptions
  public var detector: DetectorOptions
  /// `--league`, a night file: the pair the config file names plays that night.
  public var league: String?

  public init(
    configOptions: ConfigOptions, session: SessionOptions, centre: CentreOptions, web: HTTPOptions,
    detector: DetectorOptions, league: String?
  ) {
    self.configOptions = configOptions
    self.session = session
    self.centre = centre
    self.web = web
    self.detector = detector
    self.league = league
  }

  /// What `lane run` asks for besides.
  public struct Live {
    public var wiring: WiringOptions
    /// `--json`: a JSON object per throw, frame and game instead of the board or log lines.
    public var json: Bool
    /// `--by`: who console corrections are from.
    public var operatorName: String

    public init(wiring: WiringOptions, json: Bool, operatorName: String) {
      self.wiring = wiring
      self.json = json
      self.operatorName = operatorName
    }
  }

  /// What `lane simulate` asks for besides.
  public struct Replay {
    /// The trace, or a pair's two (left, then right); `-` for standard input.
    public var traces: [String]
    public var json: Bool
    public var log: Bool
    /// `--realtime`: at the trace's pace.
    public var realtime: Bool
    /// `--speed`, times the trace's pace; implies `realtime`.
    public var speed: Double?

    public init(traces: [String], json: Bool, log: Bool, realtime: Bool, speed: Double?) {
      self.traces = traces
      self.json = json
      self.log = log
      self.realtime = realtime
      self.speed = speed
    }

    var paced: Bool { realtime || speed != nil }
  }

  /// `lane simulate`'s checks of its options together, 64 as ArgumentParser's own.
  public func validate(_ replay: Replay) throws {
    let given: [(String, Bool)] = [
      ("--realtime", replay.paced), ("--log", replay.log), ("--journal", session.journal != nil),
      ("--bowlers", session.bowlers != nil), ("--broker", centre.connection.broker != nil),
      ("--http", web.http != nil), ("--config", configOptions.config != nil),
    ]
    try validated(
      try OptionValues.checkTraces(replay.traces, league: league != nil, alongside: given.filter(\.1).map(\.0)))
    try validated(try OptionValues.checkReplayOutput(json: replay.json, paced: replay.paced, log: replay.log))
    if let speed = replay.speed { try validated(try OptionValues.speed(speed)) }
  }

  /// `lane run`: the lane on its wiring until a stop, or the pair its config file names.
  ///
  /// - Throws: ``LaneFailure``: the config file's and the wiring's (before any journal is
  ///   created or address bound); the lane's (``LaneRun``); the pair's (``PairCommand``).
  public func runLive(_ live: Live) async throws {
    let file = try configOptions.load()
    if league != nil || file?.pair != nil {
      let lanesOwn: [(String, Bool)] = [
        ("--wiring", live.wiring.wiring != nil), ("--bowlers", session.bowlers != nil), ("--json", live.json),
        ("--lane", centre.lane != nil), ("--broker", centre.connection.broker != nil),
        ("--mqtt-credentials", !centre.connection.credentialsFiles.isEmpty),
        ("--cafile", centre.connection.cafile != nil),
      ]
      return try await PairCommand(
        config: file, configPath: configOptions.config, league: league, given: lanesOwn.filter(\.1).map(\.0),
        web: web, journal: session.journal, detector: detector, operatorName: live.operatorName
      ).runLive()
    }
    // The config file's settings under the command line's.
    var (wiring, session, centre, web) = (live.wiring, session, centre, web)
    try configOptions.merged(file, wiring: &wiring.wiring, session: &session, centre: &centre, web: &web)
    let stop = StopRequest(wake: try WakeEvent.made())
    // The wiring is checked and the chip opened first: a mistake there creates no journal
    // and binds no address. Every source the lane answers (edges, the detector's deadline,
    // a stop, a console line, a correction on the socket) ends the sensor's wait: no
    // periodic wake-up.
    let hardware = try wiring.openHardware(consumer: Report.command, wake: stop.wake)
    if session.journal == nil {
      Report.line("no --journal: the games are kept in memory only")
    }
    let lane = LaneRun(
      settings: try LaneAssembly.Settings(
        session: session, centre: centre, web: web, sensorClock: { MonotonicClock.now() }),
      runner: LaneRunner(
        detector: detector.configuration(over: hardware.detector), idleTimeout: LaneRunner.forever,
        operatorName: live.operatorName),
      local: LocalDisplay.live(
        json: live.json, terminal: StandardOutput.isTerminal, colour: StandardOutput.wantsColour
      ).display(output: StandardOutput(), warnings: EventLines()),
      console: isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal && !live.json, inboxWakes: true,
      wiring: hardware.wiring.status)
    guard let ending = try await lane.run(hardware.sensor, stop: stop, logger: Report.logger) else { return }
    Report.line("stopped; \(LaneSummary(ending.session))")
    if !live.json {
      // The session's series for the board or the log, one line per bowler.
      var output = StandardOutput()
      print(
        SessionScoreboard(colour: StandardOutput.isTerminal && StandardOutput.wantsColour)
          .renderSeries(ending.session), to: &output)
    }
  }

  /// `lane simulate`: the trace replayed through the lane until it ends or a stop, or a
  /// pair's two traces.
  ///
  /// - Throws: ``LaneFailure``: 64 for a pair's options on one lane; 66 when the trace
  ///   cannot be opened, 65 naming it when it is not a trace; the lane's (``LaneRun``); the
  ///   pair's (``PairCommand``).
  public func runReplay(_ replay: Replay) async throws {
    let file = league == nil ? try configOptions.load() : nil
    if league != nil || file?.pair != nil {
      let own: [(String, Bool)] = [
        ("--journal", session.journal != nil), ("--bowlers", session.bowlers != nil),
        ("--lane", centre.lane != nil), ("--lane-name", web.deprecatedLaneName != nil),
        ("--broker", centre.connection.broker != nil),
      ]
      return try await PairCommand(
        config: file, configPath: configOptions.config, league: league, given: own.filter(\.1).map(\.0), web: web,
        journal: session.journal, detector: detector
      ).runReplay(
        PairCommand.Replay(
          traces: replay.traces, json: replay.json, log: replay.log, speed: replay.paced ? replay.speed ?? 1 : nil,
          links: league == nil ? nil : try centre.connection.pairSettings()))
    }
    if file != nil {
      do {
        try OptionValues.checkConfigTraces(replay.traces.count, pair: false)
      } catch {
        throw LaneFailure(.usage, error.message)
      }
    }
    // The config file's settings under the command line's; a replay has no wiring.
    var (session, centre, web) = (session, centre, web)
    var wiring: String?
    try configOptions.merged(file, wiring: &wiring, session: &session, centre: &centre, web: &web)
    let path = replay.traces[0]
    // A stop ends a paced replay's sleep and a read of standard input, which may have
    // nothing to read for ever (a file's reads never block long).
    let stop = StopRequest(wake: replay.paced || path == "-" ? try WakeEvent.made() : nil)
    let trace = try Self.openTrace(path, stopDescriptor: stop.wake?.descriptor ?? -1)
    // A replay does not block in a wait the inbox could end: the loop takes what was
    // posted at each turn, at least once a second of the trace's time when paced;
    // unpaced, a longer wait only saves loop turns over a trace's quiet stretches.
    let lane = LaneRun(
      settings: try LaneAssembly.Settings(session: session, centre: centre, web: web),
      runner: LaneRunner(detector: detector.configuration(), idleTimeout: .seconds(replay.paced ? 1 : 60)),
      local: LocalDisplay.replay(
        json: replay.json, log: replay.log, paced: replay.paced, terminal: StandardOutput.isTerminal,
        colour: StandardOutput.wantsColour
      ).display(output: StandardOutput(), warnings: EventLines()),
      pace: replay.paced ? replay.speed ?? 1 : nil)
    let ended: LaneRun.Ending?
    do {
      ended = try await lane.run(trace, stop: stop, logger: Report.logger)
    } catch let error as TraceError {
      // The trace's own errors do not know its name.
      throw LaneFailure(.dataError, "\(path == "-" ? "standard input" : path): \(error)")
    }
    guard let ending = ended else { return }
    if case .stopped? = ending.status {
      Report.line("stopped before the end of the trace; \(LaneSummary(ending.session))")
    }
  }

  private static func openTrace(_ path: String, stopDescriptor: Int32) throws(LaneFailure) -> SimulatedPinSensor {
    if path == "-" { return .standardInput(stopDescriptor: stopDescriptor) }
    do {
      return try SimulatedPinSensor(contentsOf: path)
    } catch {
      throw LaneFailure(.noInput, "\(error)")
    }
  }
}
