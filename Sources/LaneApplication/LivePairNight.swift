import CentreLink
import Foundation
import Journal
import LaneBridge
import LaneSensing
import League
import POSIX
import Scoreboard
import WebServer

/// A pair's `lane run` on a league night: both lanes' sensors, each read on a thread of its
/// own (``LivePairFeed``), scored into the night's journal by the pair's loop
/// (``PairRunner``), with the scorer's console, the control socket and the night's boards,
/// until SIGINT, SIGTERM or SIGHUP.
public enum LivePairNight {
  /// What the command asks for.
  public struct Settings {
    public var night: String
    public var journal: String?
    /// The pair's lanes' ids, left then right: the journal's header names them.
    public var lanes: (left: String, right: String)
    /// Who console corrections are from.
    public var operatorName: String
    /// Where to serve the night's boards, or `nil` without them.
    public var boards: HTTPAddress?
    /// Each lane's broker settings, for the centre link; `nil` without one.
    public var links: PairLinks.Settings?
    /// Set on a night started from the desk, whose `end-session` ends it (``PairRunner``).
    public var deskEnds: DeskNightEnd?

    public init(
      night: String, journal: String?, lanes: (left: String, right: String), operatorName: String,
      boards: HTTPAddress? = nil, links: PairLinks.Settings? = nil, deskEnds: DeskNightEnd? = nil
    ) {
      self.night = night
      self.journal = journal
      self.lanes = lanes
      self.operatorName = operatorName
      self.boards = boards
      self.links = links
      self.deskEnds = deskEnds
    }
  }

  /// Runs the night on the two lanes' sensors until a stop signal (or the desk's end of a
  /// night it started), logging each delivery and correction as it is journalled, then
  /// prints the night's sheet.
  ///
  /// - Parameters:
  ///   - wake: The loop's wake event: the stop signal's, the inbox's and the lanes' threads'.
  ///   - console: The scorer's console lines, when they type corrections (a terminal).
  ///   - output: Takes the log's lines and the sheet, newline included.
  ///   - report: Takes warnings, one line each.
  /// - Throws: ``LaneFailure``: the night's (``PairNightAssembly``), the boards' address
  ///   that cannot be bound (69), a lane's sensor that failed (74), the journal's.
  public static func run<Left: PinSensor, Right: PinSensor>(
    _ settings: Settings, left: LivePairFeed.Lane<Left>, right: LivePairFeed.Lane<Right>, wake: WakeEvent,
    console: ConsoleRoute?, output: @escaping (String) -> Void, report: @escaping @Sendable (String) -> Void
  ) throws(LaneFailure) {
    let assembly = try PairNightAssembly(
      night: settings.night, journal: settings.journal, pair: "\(settings.lanes.left)+\(settings.lanes.right)",
      links: settings.links, lanes: settings.lanes, sensorClock: { MonotonicClock.now() },
      wake: { wake.signal() }, report: report)
    defer { assembly.close() }
    if settings.journal == nil { report("no journal: the night is kept in memory only") }
    // The boards before the lanes' threads: an address that cannot be bound starts none.
    let boards = try settings.boards.map { address throws(LaneFailure) in
      try LeagueBoards.serve(LeagueBoard(assembly.night.play), on: address, report: report)
    }
    defer { boards?.server.stop() }
    let feed: LivePairFeed
    do {
      // Each lane's health monitor sees the readings of its lane's lines.
      func observed<Sensor: PinSensor>(_ lane: LivePairFeed.Lane<Sensor>, _ side: PairSide) -> LivePairFeed.Lane<ObservedSensor<Sensor>> {
        .init(
          sensor: ObservedSensor(lane.sensor, observer: assembly.links?.observer(of: side)), wake: lane.wake,
          detector: lane.detector)
      }
      feed = try LivePairFeed(left: observed(left, .left), right: observed(right, .right), wake: wake)
    } catch {
      throw LaneFailure(.osError, "\(error)")
    }
    StopSignal.install(wake: wake)
    console?.send(to: assembly.inbox)
    var lines = PairLineDisplay(log: true, output: { output($0 + "\n") }, warnings: report)
    var source = feed
    _ = try assembly.run(
      &source, with: PairRunner(operatorName: settings.operatorName, deskEnds: settings.deskEnds), lines: &lines,
      boards: boards?.hub, inbox: assembly.inbox, sensorFailure: { LaneFailure(.ioError, "\($0)") })
    for line in lines.afterTheNightLines { report(line) }
    report("stopped; \(assembly.night.play.deliveries.count) deliveries of the night journalled")
    output(LeagueScoreboard().render(LeagueBoard(assembly.night.play)) + "\n")
  }
}
