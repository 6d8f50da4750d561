import CentreLink
import Foundation
import LaneBridge
import LaneSensing
import League
import Scoreboard
import SimulatedPinSensor
import WebServer

/// `lane simulate --league`: a league night on a pair replayed from the two lanes' traces
/// through the pair's loop (``PairRunner``), its board printed at the end (or its JSON), the
/// technician's warnings reported per lane; with `--journal` the night journalled and open to
/// corrections over the control socket, and resumed where a journal of it left off; paced on
/// a terminal, open to the scorer's console; with `--http` its boards then served to
/// browsers until stopped.
public enum LeagueNightReplay {
  /// What the command line asks for.
  public struct Settings {
    public var night: String
    /// The left lane's trace, then the right's (`-` for standard input).
    public var traces: [String]
    public var detector: ThrowDetector.Configuration
    public var json: Bool
    /// The night's journal, or `nil` to keep it in memory.
    public var journal: String?
    /// The replay's pace, times the traces' own; `nil` as fast as it can.
    public var speed: Double?
    /// One line per delivery and correction as it is journalled.
    public var log: Bool
    public var boards: HTTPAddress?
    /// Each lane's broker settings, for the centre link; `nil` without one.
    public var links: PairLinks.Settings?
    /// The pair's lanes' ids when a config file names them (a night the desk started), else
    /// each lane's credentials' user names it.
    public var lanes: (left: String, right: String)?
    /// Whether the scorer types corrections on standard input, as at a pair's `lane run`
    /// (a paced replay on a terminal).
    public var console: Bool

    public init(
      night: String, traces: [String], detector: ThrowDetector.Configuration, json: Bool,
      journal: String? = nil, speed: Double? = nil, log: Bool = false, boards: HTTPAddress? = nil,
      links: PairLinks.Settings? = nil, lanes: (left: String, right: String)? = nil, console: Bool = false
    ) {
      self.night = night
      self.traces = traces
      self.detector = detector
      self.json = json
      self.journal = journal
      self.speed = speed
      self.log = log
      self.boards = boards
      self.links = links
      self.lanes = lanes
      self.console = console
    }
  }

  /// Replays the traces for the night, then serves the night's boards when asked, until
  /// SIGINT, SIGTERM or SIGHUP (``StopSignal``), which also stops the replay cleanly.
  ///
  /// - Parameters:
  ///   - output: Takes the board's text or JSON, and the log's lines, newline included.
  ///   - report: Takes each warning, one line, for standard error, and where the boards are
  ///     served.
  /// - Throws: ``LaneFailure``: the night file unreadable (66) or wrong (65), the journal's
  ///   and the centre links' (``PairNightAssembly``), a trace missing (66) or not a trace (65), the boards'
  ///   address that cannot be bound (69), no wake event for the stop (71).
  public static func run(
    _ settings: Settings, output: @escaping (String) -> Void, report: @escaping @Sendable (String) -> Void
  ) throws(LaneFailure) {
    StopSignal.install()
    try play(
      settings, left: { () throws(LaneFailure) in try open(settings.traces[0]) },
      right: { () throws(LaneFailure) in try open(settings.traces[1]) }, output: output, report: report)
  }


  /// Replays the night on what `left` and `right` open (the traces `settings` names, read
  /// once the night and its journal are: a mistake there opens no trace) until they end, a stop, or the desk's end of a night it started (`deskEnds`), then
  /// prints its board; its boards are served while it is bowled, and once the traces
  /// ended until a stop.
  ///
  /// - Throws: ``LaneFailure`` as ``run(_:output:report:)``, and what `left` and `right` throw.
  public static func play<Left: PinSensor, Right: PinSensor>(
    _ settings: Settings, left: () throws(LaneFailure) -> Left, right: () throws(LaneFailure) -> Right,
    deskEnds: DeskNightEnd? = nil,
    output: @escaping (String) -> Void, report: @escaping @Sendable (String) -> Void
  ) throws(LaneFailure) {
    let assembly = try PairNightAssembly(
      night: settings.night, journal: settings.journal, links: settings.links, lanes: settings.lanes, report: report)
    defer { assembly.close() }
    let skipping = assembly.resumedDeliveries
    if let journal = settings.journal, !skipping.isEmpty {
      report(
        "resuming the night journalled in \(journal): the first \(skipping[.left, default: 0]) throws"
          + " of the left lane's trace and \(skipping[.right, default: 0]) of the right's are in it"
          + " and are not scored again")
    }
    var lines = PairLineDisplay(log: settings.log, output: { output($0 + "\n") }, warnings: report)
    // Each lane's health monitor, with a broker, sees the readings of its lane's trace.
    let left = ObservedSensor(try left(), observer: assembly.links?.observer(of: .left))
    let right = ObservedSensor(try right(), observer: assembly.links?.observer(of: .right))
    // The boards are served while the night is bowled (and, by `run`, after it until a stop).
    let boards = try settings.boards.map { address throws(LaneFailure) in
      try LeagueBoards.serve(LeagueBoard(assembly.night.play), on: address, report: report)
    }
    defer { boards?.server.stop() }
    if settings.console { ConsoleInput.forward(to: assembly.inbox) }
    // Without a journal, a broker or the console nothing reaches the inbox: not asked.
    let inbox = settings.journal == nil && settings.links == nil && !settings.console ? nil : assembly.inbox
    func run(_ source: inout some PairSource) throws(LaneFailure) -> LaneEvent.Status {
      try assembly.run(
        &source, with: PairRunner(deskEnds: deskEnds), lines: &lines, boards: boards?.hub, skipping: skipping,
        inbox: inbox,
        sensorFailure: { LaneFailure(.dataError, "\(name(of: settings.traces[$0.lane == .left ? 0 : 1])): \($0.error)") })
    }
    let status: LaneEvent.Status
    if let speed = settings.speed {
      // Paced, a stop is noticed within a second of the traces' time.
      var feed = PairFeed(
        left: PacedSensor(left, clock: ContinuousWallClock(), speed: speed),
        right: PacedSensor(right, clock: ContinuousWallClock(), speed: speed),
        detector: settings.detector, idle: .seconds(1))
      status = try run(&feed)
    } else {
      var feed = PairFeed(left: left, right: right, detector: settings.detector)
      status = try run(&feed)
    }
    for line in lines.afterTheNightLines { report(line) }
    if case .stopped = status, deskEnds?.askedBy == nil {
      report("stopped before the end of the traces" + (settings.journal.map { "; the night so far is journalled in \($0)" } ?? ""))
    }
    let board = LeagueBoard(assembly.night.play)
    if settings.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      // A board of strings, numbers and booleans always encodes.
      output(String(decoding: (try? encoder.encode(board)) ?? Data(), as: UTF8.self) + "\n")
    } else {
      output(LeagueScoreboard().render(board) + "\n")
    }
    if boards != nil, case .sensorEnded = status {
      report("the traces ended; serving the boards until stopped")
      try StopSignal.waitForStop()
    }
  }

  private static func name(of trace: String) -> String { trace == "-" ? "standard input" : trace }

  private static func open(_ trace: String) throws(LaneFailure) -> SimulatedPinSensor {
    if trace == "-" { return .standardInput(stopDescriptor: -1) }
    do {
      return try SimulatedPinSensor(contentsOf: trace)
    } catch {
      throw LaneFailure(.noInput, "\(error)")
    }
  }
}
