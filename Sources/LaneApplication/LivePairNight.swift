import Foundation
import Journal
import LaneBridge
import LaneSensing
import League
import POSIX
import Scoreboard

/// A pair's `lane run` on a league night: both lanes' sensors, each read on a thread of its
/// own (``LivePairFeed``), scored into the night's journal by the pair's loop
/// (``PairRunner``), with the scorer's console and the control socket, until SIGINT, SIGTERM
/// or SIGHUP.
public enum LivePairNight {
  /// What the command asks for.
  public struct Settings {
    public var night: String
    public var journal: String?
    /// The pair's lanes' ids, left then right: the journal's header names them.
    public var lanes: (left: String, right: String)
    /// Who console corrections are from.
    public var operatorName: String

    public init(night: String, journal: String?, lanes: (left: String, right: String), operatorName: String) {
      self.night = night
      self.journal = journal
      self.lanes = lanes
      self.operatorName = operatorName
    }
  }

  /// Runs the night on the two lanes' sensors until a stop signal, logging each delivery
  /// and correction as it is journalled, then prints the night's sheet.
  ///
  /// - Parameters:
  ///   - wake: The loop's wake event: the stop signal's, the inbox's and the lanes' threads'.
  ///   - console: Whether the scorer types corrections on standard input (a terminal).
  ///   - output: Takes the log's lines and the sheet, newline included.
  ///   - report: Takes warnings, one line each.
  /// - Throws: ``LaneFailure``: the night's (``PairNightAssembly``), a lane's sensor that
  ///   failed (74), the journal's.
  public static func run<Left: PinSensor, Right: PinSensor>(
    _ settings: Settings, left: LivePairFeed.Lane<Left>, right: LivePairFeed.Lane<Right>, wake: WakeEvent,
    console: Bool, output: @escaping (String) -> Void, report: @escaping (String) -> Void
  ) throws(LaneFailure) {
    let assembly = try PairNightAssembly(
      night: settings.night, journal: settings.journal, pair: "\(settings.lanes.left)+\(settings.lanes.right)",
      wake: { wake.signal() }, report: report)
    defer { assembly.close() }
    if settings.journal == nil { report("no journal: the night is kept in memory only") }
    let feed: LivePairFeed
    do {
      feed = try LivePairFeed(left: left, right: right, wake: wake)
    } catch {
      throw LaneFailure(.osError, "\(error)")
    }
    StopSignal.install(wake: wake)
    if console { ConsoleInput.forward(to: assembly.inbox) }
    var display = PairLineDisplay(log: true, output: { output($0 + "\n") }, warnings: report)
    var source = feed
    do {
      try PairRunner(operatorName: settings.operatorName).run(
        &source, night: &assembly.night, display: &display, inbox: assembly.inbox,
        until: { StopSignal.isRequested })
    } catch let error as PairSensorFailure {
      throw LaneFailure(.ioError, "\(error)")
    } catch let error as JournalError {
      throw LaneFailure(error.exitStatus, "\(error)")
    } catch {
      // The loop's wait on its wake event failed.
      throw LaneFailure(.osError, "\(error)")
    }
    for line in display.afterTheNightLines { report(line) }
    report("stopped; \(assembly.night.play.deliveries.count) deliveries of the night journalled")
    output(LeagueScoreboard().render(LeagueBoard(assembly.night.play)) + "\n")
  }
}
