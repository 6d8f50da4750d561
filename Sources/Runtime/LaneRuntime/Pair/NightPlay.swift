import CentreLink
import Foundation
import Journal
import LaneBridge
import LaneSensing
import League
import Logging
import POSIX
import ServiceLifecycle
import WebServer

/// A league night bowled on a pair, live or replayed: its parts (``PairNightAssembly``),
/// its boards, the scorer's console and the pair's one loop (``PairRunner``) over both lanes'
/// sensors, as a group of services, until the sensors end, a stop, or the desk's end of a
/// night it started.
///
/// Rules, each with its reason:
/// 1. Live, each lane's sensor is read on a thread of its own (``LivePairFeed``): one lane's
///    wait in the kernel never holds back the other's. Replayed, the two traces are merged in
///    time order (``PairFeed``): the order decides who is up, so it must not depend on
///    threads.
/// 2. The boards listen before the loop starts; a replay serves them once its traces ended,
///    until a stop.
/// 3. A replay resumed on a journal that holds some of the night does not score its first
///    throws again (``PairRunner`` rule 4).
struct NightPlay {
  /// What the night is and where it is kept.
  struct Settings {
    var night: String
    var journal: String?
    /// The pair's lanes' ids when a config file names them, else each lane's credentials'
    /// user names it.
    var lanes: (left: String, right: String)?
    /// Each lane's broker settings, for the centre link; `nil` without one.
    var links: PairLinks.Settings?
    var boards: HTTPAddress?
    /// Who console corrections are from.
    var operatorName: String
    /// Whether the scorer types corrections at the console.
    var console: ConsoleService?
    /// One line per delivery and correction on standard output as it is journalled.
    var log: Bool
    /// Set on a night the desk started, which its `end-session` ends.
    var deskEnds: DeskNightEnd?
    /// The sessions a new night's journal follows: the lanes' sessions closed for it
    /// (``JournalEntry/nightStart(of:by:at:after:)``).
    var after: [String] = []
  }

  var settings: Settings
  var logger: Logger
  /// Takes the log's lines, newline included.
  var output: @Sendable (String) -> Void
  /// Shows how the night's loop ended, as it ends (a replay serving its boards serves them
  /// on afterwards): its board, how it ended, who ended it at the desk.
  var ended: @Sendable (PairRun.NightEnding) -> Void

  /// Bowls the night on the lanes `opening` opens (once the night's parts are: a mistake in
  /// the night, its journal or its links opens no trace) until it ends.
  ///
  /// - Parameter source: Where the lanes' readings will come from.
  /// - Returns: Who ended the night at the desk, if the desk did.
  /// - Throws: The night's (``PairNightAssembly/open(night:journal:pair:links:lanes:sensorClock:wake:logger:)``),
  ///   what `opening` throws, the boards' address that cannot be bound, a lane's sensor that
  ///   failed (a trace's, ``PairLaneError``; a kernel read's, `PairSensorFailure`), the
  ///   journal's, ``RunFailure/loopWait(_:)`` when the loop cannot wait for its lanes.
  func run<Sensor: PinSensor>(
    _ source: LaneSource, opening: () throws -> PairLanes<Sensor>
  ) async throws -> String? {
    let isLive = if case .live = source { true } else { false }
    let paced = if case .replay(let pace?) = source { pace > 0 } else { false }
    let feedWake = isLive || paced ? try WakeEvent.made() : nil
    let pairName = settings.lanes.map { "\($0.left)+\($0.right)" } ?? JournalHeader.hostName
    let sensorClock: (@Sendable () -> SensorInstant)? = isLive ? { @Sendable in MonotonicClock.now() } : nil
    let inboxWake = isLive ? feedWake : nil
    let pair = try await PairNightAssembly.open(
      night: settings.night, journal: settings.journal, pair: pairName, links: settings.links, lanes: settings.lanes,
      sensorClock: sensorClock, after: settings.after, wake: { inboxWake?.signal() }, logger: logger)
    let lanes: PairLanes<Sensor>
    do {
      lanes = try opening()
    } catch {
      await pair.discard()
      throw error
    }
    let skipping = lanes.isLive ? [:] : pair.resumedDeliveries
    if let journal = settings.journal, !skipping.isEmpty {
      let (left, right) = (skipping[.left, default: 0], skipping[.right, default: 0])
      logger.notice(
        "resuming the night journalled in \(journal): the first \(left) throws of the left lane's trace and \(right) of the right's are in it and are not scored again"
      )
    }
    var services = pair.services
    var hub: LeagueHub?
    var listening: Gate?
    if let address = settings.boards {
      let league = LeagueHub(LeagueBoard(pair.night.play))
      let gate = Gate()
      let logger = logger
      services.append(
        .init(
          service: BoardServerService(BoardServer(hub: BoardHub(), address: address, league: league), logger: logger) {
            url in
            logger.notice(
              "serving the league boards on \(url)/league/left and \(url)/league/right (JSON: \(url)/league)")
            gate.open()
          }))
      (hub, listening) = (league, gate)
    }
    settings.console?.route(to: pair.inbox)
    let lines = LinesBox()
    let display = NightDisplay(
      lines: PairLineDisplay(
        log: settings.log, output: { [output] in output($0 + "\n") }, warnings: { [logger] in logger.notice("\($0)") }),
      boards: hub.map(PairWebDisplay.init(hub:)))
    // Without a journal, a broker or the console nothing reaches the inbox: not asked.
    let takesCorrections = settings.journal != nil || settings.links != nil || settings.console != nil
    let servesAfterEnd = !lanes.isLive && hub != nil
    let stop = StopRequest(wake: feedWake)
    let (logger, show, deskEnds) = (logger, ended, settings.deskEnds)
    let ended: @Sendable (LaneEvent.Status) -> Void = { status in
      for line in lines.afterTheNight { logger.notice("\(line)") }
      show(
        PairRun.NightEnding(
          status: status, board: LeagueBoard(pair.night.play), deliveries: pair.night.play.deliveries.count,
          endedBy: deskEnds?.askedBy))
      if servesAfterEnd, case .sensorEnded = status {
        logger.notice("the traces ended; serving the boards until stopped")
      }
    }
    let reads = (left: lanes.left.reads, right: lanes.right.reads)
    let failure: @Sendable (PairSensorFailure) -> any Error = { failure in
      isLive ? failure : PairLaneError(trace: failure.lane == .left ? reads.left : reads.right, failure.error)
    }
    let runner = PairRunner(operatorName: settings.operatorName, deskEnds: settings.deskEnds)
    let name = "pair \(lanes.left.id)+\(lanes.right.id)"
    let loop: LoopService
    switch lanes.source {
    case .live:
      // Its wake event's pipe may be refused (WakeEvent.CreationError).
      let feed = try LivePairFeed(
        left: .init(
          sensor: ObservedSensor(lanes.left.sensor, observer: pair.links?.observer(of: .left)),
          wake: lanes.left.wake, detector: lanes.left.detector),
        right: .init(
          sensor: ObservedSensor(lanes.right.sensor, observer: pair.links?.observer(of: .right)),
          wake: lanes.right.wake, detector: lanes.right.detector),
        wake: feedWake)
      loop = pair.loop(
        feed, runner: runner, display: display, shown: lines.keep, inbox: takesCorrections, name: name, stop: stop,
        after: listening, ended: ended, sensorFailure: failure)
    case .replay(let pace):
      // Each lane's health monitor, with a broker, sees the readings of its lane's trace.
      let left = ObservedSensor(lanes.left.sensor, observer: pair.links?.observer(of: .left))
      let right = ObservedSensor(lanes.right.sensor, observer: pair.links?.observer(of: .right))
      if let pace {
        // Paced, a stop ends the wait for the traces' time at once.
        let feed = PairFeed(
          left: PacedSensor(left, clock: ContinuousWallClock(waking: feedWake), speed: pace),
          right: PacedSensor(right, clock: ContinuousWallClock(waking: feedWake), speed: pace),
          detector: lanes.left.detector, idle: lanes.idleTimeout)
        loop = pair.loop(
          feed, runner: runner, display: display, shown: lines.keep, skipping: skipping, inbox: takesCorrections,
          name: name, stop: stop, after: listening, ended: ended, sensorFailure: failure)
      } else {
        let feed = PairFeed(left: left, right: right, detector: lanes.left.detector)
        loop = pair.loop(
          feed, runner: runner, display: display, shown: lines.keep, skipping: skipping, inbox: takesCorrections,
          name: name, stop: stop, after: listening, ended: ended, sensorFailure: failure)
      }
    }
    services.append(loop.configuration(servesAfterEnd: servesAfterEnd))
    try await Lifecycle.runNested(services, logger: logger)
    return settings.deskEnds?.askedBy
  }

  /// The lines display as the loop left it: its count of throws after the night.
  private final class LinesBox: @unchecked Sendable {
    private(set) var afterTheNight: [String] = []

    func keep(_ display: NightDisplay) { afterTheNight = display.lines.afterTheNightLines }
  }
}

/// A night's lines, and its boards when served: one display type, so the loop is one
/// specialisation.
struct NightDisplay: PairDisplay {
  var lines: PairLineDisplay
  var boards: PairWebDisplay?

  mutating func show(_ event: PairEvent, in play: LeaguePlay) {
    lines.show(event, in: play)
    boards?.show(event, in: play)
  }
}
