import CentreLink
import Foundation
import LaneRuntime
import LaneBridge
import LaneConfiguration
import LaneHardware
import LaneOptions
import LaneSensing
import POSIX
import League
import Logging
import Scoreboard
import SimulatedPinSensor

#if canImport(Glibc)
  import Glibc
#endif

/// A pair on the command line: `lane run` and `lane simulate` on a pair's config file (an
/// evening of open play and the desk's nights), or with `--league` (a night from the start).
/// Its options are checked and its lanes opened here; ``PairRun`` runs it, live or replayed.
public struct PairCommand {
  /// The config file as read, `nil` without `--config`, and its path.
  public var config: LaneConfig?
  public var configPath: String?
  /// `--league`, the night file.
  public var league: String?
  /// A lane's own options given on the command line, as spelled: a pair refuses them.
  public var given: [String]
  public var web: HTTPOptions
  public var journal: String?
  public var detector: DetectorOptions
  /// Who console corrections are from.
  public var operatorName: String

  public init(
    config: LaneConfig?, configPath: String?, league: String?, given: [String], web: HTTPOptions,
    journal: String?, detector: DetectorOptions, operatorName: String = "console"
  ) {
    self.config = config
    self.configPath = configPath
    self.league = league
    self.given = given
    self.web = web
    self.journal = journal
    self.detector = detector
    self.operatorName = operatorName
  }

  /// What a replay asks for besides.
  public struct Replay {
    /// The left lane's trace, then the right's; `-` for standard input.
    public var traces: [String]
    public var json: Bool
    public var log: Bool
    /// The pace, times the traces' own, or `nil` for as fast as they can be read.
    public var speed: Double?
    /// `--league`'s links: each lane's broker user from `--mqtt-credentials` twice.
    public var links: PairLinks.Settings?

    public init(traces: [String], json: Bool, log: Bool, speed: Double?, links: PairLinks.Settings? = nil) {
      self.traces = traces
      self.json = json
      self.log = log
      self.speed = speed
      self.links = links
    }
  }

  /// `lane run --config PAIR.toml [--league NIGHT.toml]`: the pair live, until a stop.
  ///
  /// - Throws: ``LaneFailure``: 64 without a pair, or with a lane's own option (or its
  ///   journal or bowlers in the file); a wiring's failure naming its lane; the night's and
  ///   the lanes' (``PairRun``).
  public func runLive() async throws {
    guard let config, let pair = config.pair else {
      throw LaneFailure(
        .usage,
        league == nil
          ? "open play on a pair needs --config with a file naming two [[lanes]]"
          : "--league needs a pair: --config with a file naming two [[lanes]], each with its lane and wiring")
    }
    try Self.check(config, for: league == nil ? .openPlay : .leagueNight, file: configPath)
    do {
      if league == nil {
        try OptionValues.checkOpenPlayRun(given: given + (journal != nil ? ["--journal"] : []))
      } else {
        try OptionValues.checkPairRun(given: given)
      }
    } catch {
      throw LaneFailure(.usage, error.message)
    }
    var web = web
    web.fill(from: config)
    let boards = try web.address()
    let links = league == nil ? nil : try Self.links(of: config, pair)
    // Both wirings before anything else: a mistake there creates no journal. Each lane's
    // sensor watches a wake event of its own: a wait drains the event it watches.
    let wired = try pair.map { lane throws in
      let wake = try WakeEvent.made()
      return (
        wake,
        try WiringOptions.open(
          wiringFile: lane.wiring, consumer: String("lane-\(lane.lane)".prefix(31)), wake: wake, naming: lane.lane)
      )
    }
    func lane<Sensor>(_ index: Int, _ sensor: Sensor) -> PairLanes<Sensor>.Lane {
      .init(
        id: pair[index].lane, sensor: sensor, wake: wired[index].0,
        detector: detector.configuration(over: wired[index].1.detector), reads: "the lane's lines")
    }
    let console = isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal
    let run = PairRun(
      PairRun.Settings(
        boards: boards, operatorName: operatorName, console: console, nightLog: true, output: Self.write,
        nightEnded: { ending, _ in
          Report.line("stopped; \(ending.deliveries) deliveries of the night journalled")
          Self.write(LeagueScoreboard().render(ending.board) + "\n")
        }),
      pair: pair.map(\.lane), logger: Report.logger)
    if let league {
      let journal = journal ?? config.journal
      if journal == nil { Report.line("no journal: the night is kept in memory only") }
      let lanes = PairLanes(left: lane(0, wired[0].1.sensor), right: lane(1, wired[1].1.sensor), source: .live)
      return try await run.run(
        PairRun.CommandNight(file: league, journal: journal, lanes: (pair[0].lane, pair[1].lane), links: links),
        from: .live, opening: { lanes })
    }
    let sensors = wired.map { KeptOpenSensor($0.1.sensor) }
    defer { for sensor in sensors { sensor.release() } }
    let settings = try pair.map { lane throws(LaneFailure) in
      try LaneAssembly.Settings(
        openPlay: lane, centre: config.centre, file: configPath, sensorClock: { MonotonicClock.now() })
    }
    let pairName = pair.map(\.lane).joined(separator: "+")
    try await run.run(
      PairRun.Evening(
        lanes: settings, wirings: wired.map(\.1.wiring.status),
        display: { _, id in
          LogDisplay(
            output: LinePrefixedOutput(StandardOutput(), prefix: "\(id): "),
            warnings: EventLines(metadata: [LogKey.lane: "\(id)", LogKey.pair: "\(pairName)"]))
        },
        openPlayEnded: { ids, sessions, _ in
          var output = StandardOutput()
          for (id, session) in zip(ids, sessions) {
            Report.logger(lane: id, pair: pairName).notice("stopped; \(LaneSummary(session))")
            // Each lane's series, one line per bowler, after the lane's id.
            Swift.print("\(id):", to: &output)
            Swift.print(SessionScoreboard(colour: false).renderSeries(session), to: &output)
          }
        }),
      on: PairLanes(left: lane(0, sensors[0]), right: lane(1, sensors[1]), source: .live))
  }

  /// `lane simulate --league NIGHT.toml LEFT RIGHT` and `lane simulate --config PAIR.toml
  /// LEFT RIGHT`: the pair replayed from its lanes' traces.
  ///
  /// - Throws: ``LaneFailure``: 64 for two traces' count, a lane's own option or the pair's
  ///   one journal in the file; 66 for a trace that cannot be opened; a lane's, naming it:
  ///   65 for a trace that is not one, the journal's exit status; the night's (``PairRun``).
  public func runReplay(_ replay: Replay) async throws {
    let source = LaneSource.replay(pace: replay.speed)
    let output = Self.write
    let json = replay.json
    let nightEnded: @Sendable (PairRun.NightEnding, String?) -> Void = { ending, journal in
      if case .stopped? = ending.status, ending.endedBy == nil {
        Report.line(
          "stopped before the end of the traces" + (journal.map { "; the night so far is journalled in \($0)" } ?? ""))
      }
      output(json ? Self.json(ending.board) : LeagueScoreboard().render(ending.board) + "\n")
    }
    if let league {
      let run = PairRun(
        PairRun.Settings(
          boards: try web.address(), console: replay.speed != nil && isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal,
          nightLog: replay.log, output: output, nightEnded: nightEnded),
        pair: ["left", "right"], logger: Report.logger)
      let traces = replay.traces
      let configuration = detector.configuration()
      return try await run.run(
        PairRun.CommandNight(file: league, journal: journal, lanes: nil, links: replay.links), from: source,
        opening: { () throws(LaneFailure) in
          PairLanes(
            left: .init(
              id: "left", sensor: try Self.open(traces[0]), wake: nil, detector: configuration,
              reads: Self.name(of: traces[0])),
            right: .init(
              id: "right", sensor: try Self.open(traces[1]), wake: nil, detector: configuration,
              reads: Self.name(of: traces[1])),
            source: source)
        })
    }
    guard let config, let pair = config.pair else {
      throw LaneFailure(.usage, "a pair's replay needs --config with a file naming two [[lanes]]")
    }
    do {
      try OptionValues.checkConfigTraces(replay.traces.count, pair: true)
      try OptionValues.checkOpenPlayReplay(given: given)
    } catch {
      throw LaneFailure(.usage, error.message)
    }
    try Self.check(config, for: .openPlay, file: configPath)
    var web = web
    web.fill(from: config)
    let boards = try web.address()
    // The traces before anything else: one that cannot be read creates no journal. They stay
    // open all evening: a league night started from the desk bowls on where open play was.
    let opened = try replay.traces.map { trace throws in
      let wake = try WakeEvent.made()
      return (wake, KeptOpenSensor(try Self.open(trace, stopDescriptor: wake.descriptor)))
    }
    defer { for (_, sensor) in opened { sensor.release() } }
    let settings = try pair.map { lane throws(LaneFailure) in
      try LaneAssembly.Settings(openPlay: lane, centre: config.centre, file: configPath)
    }
    let lanes = PairLanes(
      left: .init(
        id: pair[0].lane, sensor: opened[0].1, wake: opened[0].0, detector: detector.configuration(),
        reads: Self.name(of: replay.traces[0])),
      right: .init(
        id: pair[1].lane, sensor: opened[1].1, wake: opened[1].0, detector: detector.configuration(),
        reads: Self.name(of: replay.traces[1])),
      source: source)
    let form = LocalDisplay.replay(
      json: replay.json, log: replay.log, paced: replay.speed != nil, terminal: false,
      colour: StandardOutput.wantsColour)
    let pairName = pair.map(\.lane).joined(separator: "+")
    let reports = pair.map { _ in Reports() }
    let run = PairRun(
      PairRun.Settings(boards: boards, console: false, nightLog: replay.log, output: output, nightEnded: nightEnded),
      pair: pair.map(\.lane), logger: Report.logger)
    try await run.run(
      PairRun.Evening(
        lanes: settings,
        // A lane replaying standard input ends it when stopped: it could not bowl a night on.
        refusingNights: replay.traces.contains("-")
          ? "this pair replays standard input, which a league night could not read on: replay trace files" : nil,
        display: { index, id in
          let warnings = EventLines(metadata: [LogKey.lane: "\(id)", LogKey.pair: "\(pairName)"])
          guard case .report = form else {
            return form.display(output: LinePrefixedOutput(StandardOutput(), prefix: "\(id): "), warnings: warnings)
          }
          return form.display(output: reports[index].next(), warnings: warnings)
        },
        openPlayEnded: { ids, sessions, statuses in
          for (index, status) in statuses.enumerated() {
            guard case .stopped? = status else { continue }
            Report.logger(lane: ids[index], pair: pairName).notice(
              "stopped before the end of the trace; \(LaneSummary(sessions[index]))")
          }
          try Self.print(reports.map(\.current), of: ids, json: json)
        }),
      on: lanes)
  }

  /// Prints each lane's report after its id, left then right; the JSON ones in one object.
  private static func print(_ reports: [SpilledText], of ids: [String], json: Bool) throws {
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

  /// Each open play's report of one lane, set aside until both lanes' are done.
  private final class Reports: @unchecked Sendable {
    private(set) var current = SpilledText()

    /// The report of the open play that begins.
    func next() -> SpilledText {
      current = SpilledText()
      return current
    }
  }

  @Sendable private static func write(_ text: String) {
    var output = StandardOutput()
    output.write(text)
  }

  /// A league board as one JSON object and a newline.
  private static func json(_ board: LeagueBoard) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A board of strings, numbers and booleans always encodes.
    return String(decoding: (try? encoder.encode(board)) ?? Data(), as: UTF8.self) + "\n"
  }

  /// Refuses what `config` holds for the other way of playing a pair (exit 64).
  static func check(_ config: LaneConfig, for play: LaneConfig.PairPlay, file: String?) throws(LaneFailure) {
    do {
      try config.check(play, file: file ?? "the config file")
    } catch {
      throw LaneFailure(.usage, "\(error)")
    }
  }

  /// Each lane's link to the file's `[centre] broker` as the user its `[[lanes]]`
  /// `credentials` name; `nil` without a broker.
  ///
  /// - Throws: ``LaneFailure``: 78 when a lane has no credentials (the file's problem), 66
  ///   for a credentials file that cannot be read, 64 for one that is wrong.
  static func links(of config: LaneConfig, _ pair: [LaneConfig.PairLane]) throws(LaneFailure) -> PairLinks.Settings? {
    guard let broker = config.centre.broker else { return nil }
    func settings(_ lane: LaneConfig.PairLane) throws(LaneFailure) -> BrokerSettings {
      guard let credentials = lane.credentials else {
        throw LaneFailure(
          .badConfiguration,
          "the config file's [centre] names a broker, but lane \(lane.lane)'s [[lanes]] has no credentials:"
            + " each lane of a pair publishes as its own broker user (deploy/centre/add-user.sh)")
      }
      return try BrokerSettings(
        url: broker, credentials: credentials, cafile: config.centre.cafile, certfile: nil, keyfile: nil)
    }
    return PairLinks.Settings(left: try settings(pair[0]), right: try settings(pair[1]))
  }

  private static func name(of trace: String) -> String { trace == "-" ? "standard input" : trace }

  /// The trace at `trace`, or standard input for `-`, whose reads `stopDescriptor` ends.
  private static func open(_ trace: String, stopDescriptor: Int32 = -1) throws(LaneFailure) -> SimulatedPinSensor {
    if trace == "-" { return .standardInput(stopDescriptor: stopDescriptor) }
    do {
      return try SimulatedPinSensor(contentsOf: trace)
    } catch {
      throw LaneFailure(.noInput, "\(error)")
    }
  }
}
