import Bowling
import Centre
import Foundation
import Journal
import LaneBridge
import LaneSensing
import Logging
import ServiceLifecycle
import SimulatedPinSensor
import Synchronization
import WebServer

/// A pair in open play, live or replayed: two independent lanes, each exactly as one lane's
/// run (its own ``LaneAssembly``: journal, control socket beside it, sessions and centre
/// link; its own loop on a thread of its own), one web server for both lanes' boards, until
/// both sensors end, a stop, or the desk starts a league night on the pair.
///
/// Rules, each with its reason:
/// 1. Both lanes are opened before either runs, the left first; when the right cannot be,
///    the left is closed again: half a pair never runs.
/// 2. A loop per lane, on a thread of its own: a lane's loop blocks in its sensor's wait,
///    and one lane's wait must never hold back the other's. A lane whose sensor ended (a
///    trace) lets the other play on; a lane that fails stops both.
/// 3. A `start-league` from the desk, to either lane, is the ``PairMachine``'s to answer;
///    once both loops stopped for it, the night is started here, where both sessions are in
///    hand: the other lane is checked too, the night is written (``DeskNights``), and both
///    lanes' sessions are ended as the request's. A start refused then is answered, and the
///    same lanes play on.
/// 4. The night's first record is dated after both lanes' new sessions began, as data: the
///    centre names a session by its start, and the night, which each lane publishes under its
///    own id, must not take a lane's session's name.
/// 5. The sensors are references (``KeptOpenSensor``) that each round of loops reads on,
///    and a night after open play too: a line request is never dropped, a trace never reread.
final class OpenPlay<Sensor: PinSensor & AnyObject>: Sendable {
  /// What the command asks for.
  struct Settings: Sendable {
    /// Each lane's parts as one lane's run of it has them, without boards.
    var lanes: [LaneAssembly.Settings]
    var boards: HTTPAddress?
    /// Who console corrections are from.
    var operatorName: String
    var console: ConsoleService?
    /// Where the desk's nights are kept; `nil` when the pair keeps no journals.
    var nights: DeskNights?
    /// Each lane's wiring as opened, for its link's status (a live pair's).
    var wirings: [Payload.Status.Wiring]?
    /// Each lane's local display for a round of open play, by its index (0 left) and id.
    var display: @Sendable (Int, String) -> any LaneDisplay
    /// Shows how open play ended, once it has: each lane's id, session and how its loop
    /// ended, left then right.
    var ended: @Sendable ([String], [LaneSession], [LaneEvent.Status?]) throws -> Void
  }

  /// How open play ended.
  enum Ending {
    /// The desk started a league night, which follows the lanes' new `sessions`
    /// (``SessionRotation`` rule 5).
    case night(PairMachine.DeskNight, after: [String])
    /// The run is over.
    case over
  }

  private let settings: Settings
  private let lanes: PairLanes<Sensor>
  private let mode: PairMode
  private let logger: Logger
  /// The start asked for, and where its reply goes.
  private let reply = Mutex<(@Sendable (ControlReply) -> Void)?>(nil)

  init(_ settings: Settings, lanes: PairLanes<Sensor>, mode: PairMode, logger: Logger) {
    self.settings = settings
    self.lanes = lanes
    self.mode = mode
    self.logger = logger
  }

  /// Plays open play until it ends; after a night the desk ended, each lane first opens a
  /// new session as `newSessionsBy` (``PairMachine`` rule 4), following the night's id
  /// in `after`.
  ///
  /// - Throws: ``PairLaneError``: a lane's (``LaneAssembly``'s) or its loop's failure,
  ///   after its id; the boards' address that cannot be bound.
  func run(newSessionsBy author: String?, after sessions: [String] = []) async throws -> Ending {
    let opened = try await open()
    if let author {
      for lane in opened {
        do throws(JournalError) {
          try lane.openSession(by: author, after: sessions)
        } catch {
          throw PairLaneError(lane: lane.id, error)
        }
      }
    }
    for (lane, wiring) in zip(opened, settings.wirings ?? []) { lane.link?.inputs.yield(.wiring(wiring)) }
    if lanes.isLive {
      for (lane, settings) in zip(opened, settings.lanes) where settings.journal == nil {
        lane.logger.notice("no journal: the games are kept in memory only")
      }
    }
    var services = opened.flatMap(\.services)
    var hub: BoardHub?
    var listening: Gate?
    if let address = settings.boards {
      let boards = BoardHub()
      let gate = Gate()
      let (ids, logger) = (lanes.ids, logger)
      services.append(
        .init(
          service: BoardServerService(BoardServer(hub: boards, address: address), logger: logger) { url in
            let pages = ids.map { "\(url)/lanes/\($0)" }.joined(separator: ", ")
            logger.notice("serving the boards on \(url)/ (the lanes: \(pages))")
            gate.open()
          }))
      (hub, listening) = (boards, gate)
    }
    if let console = settings.console { route(console, to: opened) }
    let rounds = Rounds(play: self, lanes: opened, hub: hub, after: listening)
    services.append(
      .init(service: rounds, successTerminationBehavior: .gracefullyShutdownGroup, failureTerminationBehavior: .gracefullyShutdownGroup))
    try await Lifecycle.runNested(services, logger: logger)
    return rounds.ending ?? .over
  }

  /// Opens both lanes, the left first (rule 1).
  private func open() async throws -> [LaneAssembly] {
    var opened: [LaneAssembly] = []
    do {
      for (lane, settings) in zip(lanes.both, settings.lanes) {
        let sensorWake = lanes.isLive ? lane.wake : nil
        let wake: @Sendable () -> Void = { sensorWake?.signal() }
        do {
          opened.append(try await LaneAssembly.open(settings, wake: wake, logger: logger(of: lane.id)))
        } catch {
          throw PairLaneError(lane: lane.id, error)
        }
      }
    } catch {
      for lane in opened { await lane.discard() }
      throw error
    }
    return opened
  }

  /// The pair's logger for one of its lanes: its records name the lane.
  private func logger(of lane: String) -> Logger {
    var logger = logger
    logger[metadataKey: LogKey.lane] = "\(lane)"
    return logger
  }

  /// Points the console at the lanes: each line to the lane its first word names; says how
  /// when a line names neither.
  private func route(_ console: ConsoleService, to opened: [LaneAssembly]) {
    let ids = lanes.ids
    let inboxes = opened.map(\.inbox)
    let logger = logger
    logger.notice("console: \(PairConsoleLine.usage(lanes: ids))")
    console.route { line in
      switch PairConsoleLine(line, lanes: ids) {
      case .command(let command, let lane): inboxes[lane].post(.console(command))
      case .blank: break
      case .unrouted: logger.notice("console: \(PairConsoleLine.usage(lanes: ids))")
      }
    }
  }

  /// A lane's `start-league`, handed over by its runner on the lane's thread (rule 3).
  private func startAsked(
    _ request: ControlRequest, reply: @escaping @Sendable (ControlReply) -> Void, stopping loops: [StopRequest]
  ) {
    switch mode.with({ $0.startAsked(request) }) {
    case .refuse(let reason):
      reply(.refused(id: request.id, because: reason))
    case .stopLoops:
      self.reply.withLock { $0 = reply }
      for loop in loops { loop.request() }
    }
  }

  /// The reply to the start asked for: said once.
  private func answer(_ reply: ControlReply) {
    let waiting = self.reply.withLock { waiting in
      defer { waiting = nil }
      return waiting
    }
    waiting?(reply)
  }

  /// Starts the night `request` asks for, both loops stopped (rule 3): checks both lanes,
  /// writes the night, ends both lanes' sessions.
  private func startNight(
    _ request: ControlRequest, lanes opened: [LaneAssembly]
  ) -> (PairMachine.StartOutcome, ControlReply, after: [String]) {
    func refused(_ reason: String) -> (PairMachine.StartOutcome, ControlReply, after: [String]) {
      (.refused(reason), .refused(id: request.id, because: reason), [])
    }
    guard case .startLeague(let text) = request.action else { return refused("not a league night's start") }
    guard let nights = settings.nights else { return refused(PairMachine.noJournals) }
    for lane in opened where !lane.session.session.recorded.isEmpty {
      return refused(LaneRunner.inProgress(lane.session.session, lane: lane.id))
    }
    let (night, league): (PairMachine.DeskNight, String)
    do {
      (night, league) = try nights.start(text, at: Date())
    } catch let refusal as JournalRequest.Refused {
      return refused(refusal.reason)
    } catch {
      return refused("the pair cannot start the night: \(error)")
    }
    var ends: [(id: String, end: JournalEntry, next: JournalEntry)] = []
    do {
      for lane in opened {
        let made = try lane.endSession(by: request.by)
        ends.append((lane.id, made.end, made.next))
      }
    } catch {
      // Not started after all: the night is not current.
      try? nights.end()
      return refused("the pair cannot start the night: \(error)")
    }
    let ended = ends.map { "\($0.id)'s as record \($0.end.sequence)" }.joined(separator: ", ")
    let reply = ControlReply.done(
      id: request.id, sequence: ends[0].end.sequence,
      what: "league night \(league) started on \(lanes.ids.joined(separator: " and ")) by \(request.by)"
        + " (sessions ended: \(ended)); journalled in \(night.journal)")
    // The night follows the lanes' new sessions (SessionRotation rule 5).
    return (.started(night), reply, ends.map { SessionRotation.id(of: $0.next) })
  }

  /// Both lanes' loops, round after round (a start refused lets the same lanes play on), as
  /// the service whose end ends open play.
  private final class Rounds: Service, @unchecked Sendable {
    let play: OpenPlay
    let lanes: [LaneAssembly]
    let hub: BoardHub?
    let after: Gate?
    /// Set when the group asked the rounds to stop (a stop signal).
    let stopping = Atomic(false)
    private(set) var ending: Ending?

    init(play: OpenPlay, lanes: [LaneAssembly], hub: BoardHub?, after: Gate?) {
      self.play = play
      self.lanes = lanes
      self.hub = hub
      self.after = after
    }

    func run() async throws {
      // A paced replay keeps its pace across rounds: a start refused, the traces go on at
      // their own time where they were, not from the next reading at once.
      if let pace = play.lanes.pace {
        try await run(
          sensors: play.lanes.both.map { lane in
            KeptOpenSensor(PacedSensor(lane.sensor, clock: ContinuousWallClock(waking: lane.wake), speed: pace))
          })
      } else {
        try await run(sensors: play.lanes.both.map(\.sensor))
      }
    }

    private func run<Read: PinSensor>(sensors: [Read]) async throws {
      var statuses: [LaneEvent.Status?] = []
      let shown = zip(play.lanes.both.indices, play.lanes.both).map { index, lane in
        LaneAssembly.Shown(lanes[index].display(around: play.settings.display(index, lane.id), boards: hub))
      }
      while true {
        // The last round's stop signalled the lanes' wake events: a new round waits afresh.
        for lane in play.lanes.both { _ = lane.wake?.reset() }
        let stops = play.lanes.both.map { StopRequest(wake: $0.wake) }
        let loops = zip(play.lanes.both.indices, play.lanes.both).map { index, lane in
          var runner = LaneRunner(
            detector: lane.detector, idleTimeout: play.lanes.idleTimeout, operatorName: play.settings.operatorName)
          runner.leagueStart = { [play] request, reply in play.startAsked(request, reply: reply, stopping: stops) }
          return lanes[index].loop(
            sensors[index], runner: runner, display: shown[index], stop: stops[index], after: after)
        }
        let failure = await withGracefulShutdownHandler {
          await Self.runBoth(loops)
        } onGracefulShutdown: { [self] in
          stopping.store(true, ordering: .relaxed)
          for stop in stops { stop.request() }
        }
        statuses = loops.map(\.ending)
        let ended: PairMachine.OpenPlayEnding =
          if let failure { .failed("\(failure.error)") } else if stopping.load(ordering: .relaxed) { .stopped } else {
            .loopsEnded
          }
        let (step, refused) = play.mode.with { $0.openPlayEnded(ended) }
        if let (request, reason) = refused { play.answer(.refused(id: request.id, because: reason)) }
        switch step {
        case .startNight(let request):
          let (outcome, reply, sessions) = play.startNight(request, lanes: lanes)
          play.answer(reply)
          guard case .bowl(.desk(let night)) = play.mode.with({ $0.nightStart(outcome) }) else { continue }
          ending = .night(night, after: sessions)
          return
        default:
          if let failure {
            let lane = play.lanes.both[failure.lane]
            throw PairLaneError.of(failure.error, lane: lane.id, reading: lane.reads)
          }
          try play.settings.ended(play.lanes.ids, lanes.map(\.session.session), statuses)
          ending = .over
          // A replay serving its boards serves them once both traces ended, until a stop.
          if hub != nil, !play.lanes.isLive, !stopping.load(ordering: .relaxed),
            !statuses.contains(where: { if case .stopped? = $0 { true } else { false } })
          {
            play.logger.notice("the traces ended; serving the boards until stopped")
            try? await gracefulShutdown()
          }
          return
        }
      }
    }

    /// Runs both loops until both ended; a lane that fails stops the other (rule 2).
    private static func runBoth(_ loops: [LoopService]) async -> (lane: Int, error: any Error)? {
      await withTaskGroup(of: (Int, (any Error)?).self) { group in
        for (index, loop) in loops.enumerated() {
          group.addTask {
            do {
              try await loop.run()
              return (index, nil)
            } catch {
              return (index, error)
            }
          }
        }
        var failure: (lane: Int, error: any Error)?
        for await (index, error) in group {
          guard let error, failure == nil else { continue }
          failure = (index, error)
          for loop in loops { loop.stop.request() }
        }
        return failure
      }
    }
  }
}

