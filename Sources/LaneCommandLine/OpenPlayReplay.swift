import CentreLink
import LaneApplication
import LaneBridge
import LaneConfiguration
import LaneOptions
import LaneSensing
import POSIX
import WebServer
import SimulatedPinSensor

/// `lane simulate --config PAIR.toml LEFT.trace RIGHT.trace`: a pair in open play replayed,
/// two independent lanes in one process (``OpenPlayPair``), each lane exactly as `lane
/// simulate` of its trace alone with its `[[lanes]]`' journal and bowlers.
///
/// What it prints, left lane then right, once both traces are played: with `--json` one
/// object, `{"lanes":[{"lane":ID,"report":REPORT},…]}`, each REPORT the object one lane's
/// `lane simulate --json` prints; else each lane's id on a line of its own, then what one
/// lane's replay prints. Paced (`--realtime`, `--speed`) or with `--log`, each throw's line
/// as it is journalled, after its lane's id (two boards cannot be redrawn in one place).
public struct OpenPlayReplay {
  public var config: LaneConfig
  public var configPath: String?
  /// The left lane's trace, then the right's; `-` for standard input.
  public var traces: [String]
  /// A lane's own options given on the command line, as spelled: a pair refuses them.
  public var given: [String]
  public var json: Bool
  public var log: Bool
  /// The pace, times the traces' own, or `nil` for as fast as it can.
  public var speed: Double?
  public var web: HTTPOptions
  public var detector: DetectorOptions

  public init(
    config: LaneConfig, configPath: String?, traces: [String], given: [String], json: Bool, log: Bool,
    speed: Double?, web: HTTPOptions, detector: DetectorOptions
  ) {
    self.config = config
    self.configPath = configPath
    self.traces = traces
    self.given = given
    self.json = json
    self.log = log
    self.speed = speed
    self.web = web
    self.detector = detector
  }

  /// Replays both traces, prints the lanes' reports, and with boards serves them until a
  /// stop signal.
  ///
  /// - Throws: ``LaneFailure``: 64 for two traces' count, a lane's own option or the pair's
  ///   one journal in the file; 66 for a trace that cannot be opened; a lane's, naming it:
  ///   65 for a trace that is not one, the journal's exit status.
  public func run() throws {
    guard let pair = config.pair else {
      throw LaneFailure(.usage, "a pair's replay needs --config with a file naming two [[lanes]]")
    }
    do {
      try OptionValues.checkConfigTraces(traces.count, pair: true)
      try OptionValues.checkOpenPlayReplay(given: given)
    } catch {
      throw LaneFailure(.usage, error.message)
    }
    try PairRun.check(config, for: .openPlay, file: configPath)
    var web = web
    web.fill(from: config)
    let boards = try web.address()
    let stop = try StopSignal.wakeEvent()
    let wakes = try pair.map { _ throws(LaneFailure) in try StopSignal.wakeEvent() }
    // The traces before anything else: one that cannot be read creates no journal. They stay
    // open all evening: a league night started from the desk bowls on where open play was.
    let sensors = try zip(traces, wakes).map { trace, wake throws(LaneFailure) in
      KeptOpenSensor(try Self.open(trace, stopDescriptor: wake.descriptor))
    }
    defer { for sensor in sensors { sensor.release() } }
    let lanes = try zip(pair, wakes).map { lane, wake throws(LaneFailure) in
      OpenPlayPair.Lane(
        settings: try LaneAssembly.Settings(openPlay: lane, centre: config.centre, file: configPath),
        wake: wake, inboxWakes: false)
    }
    StopSignal.install(wake: stop)
    try PairEvening.play(
      nights: OpenPlayPair.nights(of: lanes), isStopped: { StopSignal.isRequested },
      openPlay: { endedBy in try replayOpen(pair, lanes, boards: boards, stop: stop, sensors: sensors, after: endedBy) },
      night: { night, end in
        var output = StandardOutput()
        try LeagueNightReplay.play(
          LeagueNightReplay.Settings(
            night: night.file, traces: traces, detector: detector.configuration(), json: json,
            journal: night.journal, speed: speed, log: log, boards: boards,
            links: PairLinks.Settings(lanes.map(\.settings)), lanes: (pair[0].lane, pair[1].lane)),
          left: { sensors[0] }, right: { sensors[1] }, deskEnds: end, output: { output.write($0) }, report: Report.line)
      }, report: Report.line)
  }

  /// Open play on the pair's traces until they end or a stop, or until the desk starts a
  /// night, each lane in a new session after a night the desk ended; then prints each
  /// lane's report, and once both traces ended serves the boards until a stop.
  private func replayOpen(
    _ pair: [LaneConfig.PairLane], _ lanes: [OpenPlayPair.Lane], boards: HTTPAddress?, stop: WakeEvent,
    sensors: [KeptOpenSensor<SimulatedPinSensor>], after nightEndedBy: String?
  ) throws -> OpenPlayPair.Ending {
    let open = try OpenPlayPair(lanes, boards: boards, report: Report.line)
    defer { open.close() }
    if let nightEndedBy { try open.openSessions(by: nightEndedBy) }
    // The stop's wake event again: a night's replay installs none.
    StopSignal.install(wake: stop)
    let form = LocalDisplay.replay(
      json: json, log: log, paced: speed != nil, terminal: false, colour: StandardOutput.wantsColour)
    let reports = pair.map { _ in SpilledText() }
    let loops = pair.indices.map { index in
      let id = pair[index].lane
      let warnings = LinePrefixedOutput(StandardError(), prefix: "\(id): ")
      let local =
        if case .report = form {
          form.display(output: reports[index], warnings: warnings)
        } else {
          form.display(output: LinePrefixedOutput(StandardOutput(), prefix: "\(id): "), warnings: warnings)
        }
      // Paced, a stop must be noticed within a second of the trace's time, as one lane's.
      return OpenPlayPair.Loop(
        sensor: sensors[index],
        runner: LaneRunner(detector: detector.configuration(), idleTimeout: .seconds(speed != nil ? 1 : 60)),
        local: local, pacedAt: speed)
    }
    // A lane replaying standard input ends it when stopped: it could not bowl a night on.
    let refusing =
      traces.contains("-")
      ? "this pair replays standard input, which a league night could not read on: replay trace files" : nil
    let ending = try open.run(loops, stop: stop, refusingLeague: refusing, until: { StopSignal.isRequested }) {
      index, error in
      if let error = error as? TraceError {
        return LaneFailure(.dataError, "\(pair[index].lane): \(Self.name(of: traces[index])): \(error)")
      }
      return PairRun.failure(error, lane: pair[index].lane, sensor: Self.name(of: traces[index]))
    }
    if case .lanes(let statuses) = ending {
      for (index, status) in statuses.enumerated() {
        guard case .stopped = status else { continue }
        let summary = LaneSummary(open.assemblies[index].session.session)
        Report.line("\(open.ids[index]): stopped before the end of the trace; \(summary)")
      }
    }
    try print(reports, of: open.ids)
    if case .lanes(let statuses) = ending, open.servesBoards,
      !statuses.contains(where: { if case .stopped = $0 { true } else { false } })
    {
      Report.line("the traces ended; serving the boards until stopped")
      try StopSignal.waitForStop()
    }
    return ending
  }

  /// Prints each lane's report after its id, left then right; the JSON ones in one object.
  private func print(_ reports: [SpilledText], of ids: [String]) throws {
    var output = StandardOutput()
    guard !reports.allSatisfy(\.isEmpty) else { return }
    if json {
      output.write(#"{"lanes":["#)
      for (index, report) in reports.enumerated() {
        // A lane's id is 1-32 of a-z A-Z 0-9 - _: nothing to escape.
        output.write((index > 0 ? "," : "") + #"{"lane":""# + ids[index] + #"","report":"#)
        try report.drain(into: &output, droppingFinalNewline: true)
        output.write("}")
      }
      output.write("]}\n")
      return
    }
    for (index, report) in reports.enumerated() {
      output.write("\(ids[index]):\n")
      try report.drain(into: &output)
    }
  }

  private static func name(of trace: String) -> String { trace == "-" ? "standard input" : trace }

  private static func open(_ trace: String, stopDescriptor: Int32) throws(LaneFailure) -> SimulatedPinSensor {
    if trace == "-" { return .standardInput(stopDescriptor: stopDescriptor) }
    do {
      return try SimulatedPinSensor(contentsOf: trace)
    } catch {
      throw LaneFailure(.noInput, "\(error)")
    }
  }
}
