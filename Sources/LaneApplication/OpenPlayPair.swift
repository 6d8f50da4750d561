import Foundation
import Journal
import LaneBridge
import LaneSensing
import POSIX
import Synchronization
import WebServer

/// A pair in open play, in one process: two independent lanes, each exactly as one lane's
/// `lane run` or `lane simulate` (its own ``LaneAssembly``: journal, control socket beside
/// it, sessions and centre link; its own ``LaneRunner`` loop), and one web server for both
/// lanes' boards (`/lanes/<id>`, the index listing both).
///
/// Rules, each with its reason:
/// 1. Both lanes are opened before either runs, the left first; when the right cannot be,
///    the left is closed again: half a pair never runs.
/// 2. A thread per lane: a lane's loop blocks in its sensor's wait, and one lane's wait
///    must never hold back the other's.
/// 3. Each lane's sensor watches a wake event of its own (a wait drains the event it
///    watches, so two cannot share one); a live lane's inbox signals it, as one lane's does.
/// 4. The calling thread waits on the stop's wake event, which the stop signal's handler
///    and each lane's thread at its end signal: no periodic wake-up. A stop, or a lane that
///    fails, stops both (each lane's wake event is signalled); a lane whose sensor ended (a
///    trace) lets the other play on.
/// 5. A `start-league` from the desk, to either lane, stops both loops once the lane it
///    reached has no deliveries (``LaneRunner/leagueStart``); then, on the calling thread
///    that alone holds both sessions, the other lane is checked too, the night is written
///    (``DeskNights``) and both lanes' sessions are ended as the request's, and ``run``
///    returns the night for the pair to bowl. A refusal (a session with deliveries, a night
///    that cannot be bowled, no journals to keep it in) is answered and both lanes play on.
/// 6. The night's session starts in a later second than both lanes' next sessions: the
///    centre names a session by its start's second, and each lane publishes the night under
///    its own id, so the night must not share a lane's session id (the desk would take the
///    lane's records for the night's, already had). ``run`` returns once that second began.
public final class OpenPlayPair {
  /// How ``run(_:stop:until:failure:)`` ended.
  public enum Ending {
    /// Both lanes' sensors ended, or a stop: how each lane's run ended, left then right.
    case lanes([LaneEvent.Status])
    /// The desk started a league night on the pair (rule 5).
    case leagueNight(DeskNights.Night)
  }

  /// One lane as the command opens it.
  public struct Lane {
    /// Its settings as one lane's run would have them, without boards (the pair serves
    /// both lanes' from one server).
    public var settings: LaneAssembly.Settings
    /// Watched by the lane's sensor, signalled by a stop (rule 3).
    public var wake: WakeEvent
    /// Whether the lane's inbox signals ``wake`` too: a live lane's, whose sensor's wait it
    /// ends; not a replay's, whose sensor of standard input would end at it (its runner's
    /// idle timeout bounds how late a correction is taken, as one lane's replay does).
    public var inboxWakes: Bool

    public init(settings: LaneAssembly.Settings, wake: WakeEvent, inboxWakes: Bool) {
      self.settings = settings
      self.wake = wake
      self.inboxWakes = inboxWakes
    }
  }

  /// How one lane's loop runs: its sensor, its runner and what it shows locally.
  public struct Loop<Sensor: PinSensor> {
    public var sensor: Sensor
    public var runner: LaneRunner
    public var local: any LaneDisplay
    /// A replay's pace, times the trace's own; `nil` for as fast as it can (or live).
    public var pacedAt: Double?

    public init(sensor: Sensor, runner: LaneRunner, local: any LaneDisplay, pacedAt: Double? = nil) {
      self.sensor = sensor
      self.runner = runner
      self.local = local
      self.pacedAt = pacedAt
    }
  }

  /// The lanes' ids, left then right.
  public let ids: [String]
  /// Each lane's parts, left then right.
  public let assemblies: [LaneAssembly]
  private let wakes: [WakeEvent]
  private let boards: (server: RunningBoardServer, hub: BoardHub)?
  /// Where a night started from the desk is kept (``nights(of:)``).
  private let nights: DeskNights?

  /// Where a pair of `lanes` keeps the nights the desk starts: beside its left lane's
  /// journal; `nil` when that lane keeps none.
  public static func nights(of lanes: [Lane]) -> DeskNights? {
    lanes.first?.settings.journal.map(DeskNights.init(besideJournal:))
  }
  private var closed = false

  /// Opens both lanes (rule 1), then serves their boards when `boards` is given.
  ///
  /// - Parameters:
  ///   - lanes: The left lane, then the right.
  ///   - report: Where warnings and notes go, one line each; each lane's start with its id.
  /// - Throws: ``LaneFailure``: a lane's (``LaneAssembly``'s, after its id), 69 when the
  ///   boards' address cannot be bound. What was opened before is closed.
  public init(_ lanes: [Lane], boards: HTTPAddress?, report: @escaping @Sendable (String) -> Void) throws {
    ids = lanes.map { $0.settings.boardsLane }
    wakes = lanes.map(\.wake)
    nights = Self.nights(of: lanes)
    var opened: [LaneAssembly] = []
    var served: (server: RunningBoardServer, hub: BoardHub)?
    do {
      for lane in lanes {
        let id = lane.settings.boardsLane
        var settings = lane.settings
        settings.boards = nil
        do {
          let sensorWake = lane.wake
          let inboxWakes = lane.inboxWakes
          let laneReport: @Sendable (String) -> Void = { report("\(id): \($0)") }
          opened.append(
            try LaneAssembly(settings, wake: { if inboxWakes { sensorWake.signal() } }, report: laneReport))
        } catch let failure as LaneFailure {
          throw LaneFailure(failure.status, "\(id): \(failure.message)")
        }
      }
      if let address = boards {
        let hub = BoardHub()
        do {
          let server = try RunningBoardServer.start(BoardServer(hub: hub, address: address))
          let pages = lanes.map { "\(server.url)/lanes/\($0.settings.boardsLane)" }
          report("serving the boards on \(server.url)/ (the lanes: \(pages.joined(separator: ", ")))")
          served = (server, hub)
        } catch {
          throw LaneFailure(.unavailable, "\(error)")
        }
      }
    } catch {
      for assembly in opened { assembly.close() }
      throw error
    }
    assemblies = opened
    self.boards = served
  }

  /// Whether the boards are served.
  public var servesBoards: Bool { boards != nil }

  /// Runs both lanes' loops, each on a thread of its own (rule 2), until both sensors end
  /// or `shouldStop`, or until a lane fails (rule 4), or until the desk starts a league
  /// night (rule 5).
  ///
  /// - Parameters:
  ///   - loops: The left lane's loop, then the right's.
  ///   - stop: The stop signal's wake event, which this thread waits on.
  ///   - failure: The failure a lane's error is, with the lane's index (0 left, 1 right).
  ///   - refusingLeague: Why this pair cannot start a league night, if it cannot: every
  ///     `start-league` is refused with it.
  /// - Returns: How each lane's run ended, left then right, or the night to bowl.
  /// - Throws: The first lane's failure, as `failure` makes it, once both threads ended.
  @discardableResult
  public func run<Sensor: PinSensor>(
    _ loops: [Loop<Sensor>], stop: WakeEvent, refusingLeague: String? = nil,
    until shouldStop: @escaping @Sendable () -> Bool, failure: (_ lane: Int, _ error: any Error) -> LaneFailure
  ) throws(LaneFailure) -> Ending {
    while true {
      let shared = Shared(stop: stop, lanes: loops.count)
      // The displays are made here, in lane order: the boards' index lists the left lane first.
      let jobs = loops.indices.map { index in
        var display = assemblies[index].display(around: loops[index].local)
        if let hub = boards?.hub { display = DisplayPair(display, WebDisplay(lane: ids[index], hub: hub)) }
        var loop = loops[index]
        loop.runner.leagueStart = { request, reply in
          if let refusingLeague { return reply(.refused(id: request.id, because: refusingLeague)) }
          shared.startLeague(request, reply: reply)
        }
        return Job(assembly: assemblies[index], loop: loop, display: display)
      }
      for (index, job) in jobs.enumerated() {
        shared.finished.enter()
        let thread = Thread {
          defer { shared.finished.leave() }
          let result = Result {
            try job.run(until: { shouldStop() || shared.stopping.load(ordering: .relaxed) })
          }
          shared.end(index, with: result)
        }
        thread.name = "lane \(ids[index])"
        thread.start()
      }
      while !shouldStop() && !shared.isOver {
        // poll fails only when the kernel is out of memory: stop both lanes then.
        do { try stop.wait() } catch { break }
        _ = stop.reset()
      }
      shared.stopping.store(true, ordering: .relaxed)
      for wake in wakes { wake.signal() }
      shared.finished.wait()
      let results = shared.results
      let asked = shared.leagueStart
      if let failed = shared.firstFailure, case .failure(let error) = results[failed] {
        asked?.reply(.refused(id: asked?.request.id, because: "the lane failed: \(error)"))
        throw failure(failed, error)
      }
      if let asked, !shouldStop() {
        switch startLeague(asked.request) {
        case .success(let (night, reply)):
          asked.reply(reply)
          return .leagueNight(night)
        case .failure(let refusal):
          asked.reply(.refused(id: asked.request.id, because: refusal.reason))
          continue
        }
      }
      asked?.reply(.refused(id: asked?.request.id, because: "the pair was stopped before the night could start"))
      return .lanes(
        results.map { result in
          if case .success(let status) = result { return status }
          return .sensorEnded
        })
    }
  }

  /// Starts the night `request` asks for, both loops stopped (rule 5): checks both lanes,
  /// writes the night, ends both lanes' sessions.
  ///
  /// - Returns: The night and the reply, or why it was refused.
  private func startLeague(
    _ request: ControlRequest
  ) -> Result<(DeskNights.Night, ControlReply), JournalRequest.Refused> {
    guard case .startLeague(let text) = request.action else {
      return .failure(.init(reason: "not a league night's start"))
    }
    guard let nights else {
      return .failure(
        .init(
          reason: "the pair keeps no journals, and a league night must be kept: give its lanes journals in the"
            + " config file"))
    }
    for (id, assembly) in zip(ids, assemblies) where !assembly.session.session.recorded.isEmpty {
      return .failure(.init(reason: LaneRunner.inProgress(assembly.session.session, lane: id)))
    }
    let (night, league): (DeskNights.Night, String)
    do {
      (night, league) = try nights.start(text, at: Date())
    } catch let refused as JournalRequest.Refused {
      return .failure(refused)
    } catch {
      return .failure(.init(reason: "the pair cannot start the night: \(error)"))
    }
    var ends: [(id: String, end: JournalEntry, next: JournalEntry)] = []
    do {
      for (id, assembly) in zip(ids, assemblies) {
        let made = try assembly.session.endSession(by: request.by, at: Date(), next: [])
        ends.append((id, made.end, made.start))
      }
    } catch {
      // Not started after all: the night is not current.
      try? nights.end()
      return .failure(.init(reason: "the pair cannot start the night: \(error)"))
    }
    Self.waitForTheSecond(after: ends.map(\.next.time).max() ?? Date())
    let ended = ends.map { "\($0.id)'s as record \($0.end.sequence)" }.joined(separator: ", ")
    return .success(
      (
        night,
        .done(
          id: request.id, sequence: ends[0].end.sequence,
          what: "league night \(league) started on \(ids.joined(separator: " and ")) by \(request.by)"
            + " (sessions ended: \(ended)); journalled in \(night.journal)")
      ))
  }

  /// Ends each lane's session, the one opened when a night started, and opens the next (one
  /// unnamed bowler), as `author`: after a night the desk ended (``PairEvening`` rule 3), in
  /// a later second than the night's start (rule 6).
  ///
  /// - Throws: ``LaneFailure`` with the journal's exit status.
  public func openSessions(by author: String) throws(LaneFailure) {
    Self.waitForTheSecond(after: Date())
    for assembly in assemblies {
      do {
        _ = try assembly.session.endSession(by: author, at: Date(), next: [])
      } catch {
        throw LaneFailure(error.exitStatus, "\(error)")
      }
    }
  }

  /// Returns once the second after `time`'s has begun (rule 6): at most two seconds, once
  /// a night.
  private static func waitForTheSecond(after time: Date) {
    let next = time.timeIntervalSince1970.rounded(.down) + 1
    let wait = next - Date().timeIntervalSince1970
    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
  }

  /// Closes both lanes at once (each link waits for the desk's acknowledgement,
  /// ``LaneAssembly/close()``), then stops the boards.
  public func close() {
    guard !closed else { return }
    closed = true
    let closing = Closing(assemblies)
    DispatchQueue.concurrentPerform(iterations: assemblies.count) { closing.close($0) }
    boards?.server.stop()
  }

  deinit { close() }

  /// What the lanes' threads and the calling thread share.
  private final class Shared: Sendable {
    let stop: WakeEvent
    let stopping = Atomic<Bool>(false)
    let finished = DispatchGroup()
    private let asked = Mutex<(request: ControlRequest, reply: @Sendable (ControlReply) -> Void)?>(nil)
    private let state: Mutex<(results: [Int: Result<LaneEvent.Status, any Error>], firstFailure: Int?)>
    private let lanes: Int

    init(stop: WakeEvent, lanes: Int) {
      self.stop = stop
      self.lanes = lanes
      state = Mutex(([:], nil))
    }

    /// A lane's thread ended with `result`: the calling thread is woken to look (rule 4).
    func end(_ lane: Int, with result: Result<LaneEvent.Status, any Error>) {
      state.withLock { state in
        state.results[lane] = result
        if case .failure = result, state.firstFailure == nil { state.firstFailure = lane }
      }
      stop.signal()
    }

    /// A lane's `start-league`: the first is kept and both loops are stopped (rule 5); a
    /// second, from the other lane meanwhile, is refused.
    func startLeague(_ request: ControlRequest, reply: @escaping @Sendable (ControlReply) -> Void) {
      let first = asked.withLock { asked in
        guard asked == nil else { return false }
        asked = (request, reply)
        return true
      }
      guard first else {
        return reply(.refused(id: request.id, because: "another league night is being started on this pair"))
      }
      stopping.store(true, ordering: .relaxed)
      stop.signal()
    }

    /// The `start-league` that stopped the loops, if one did.
    var leagueStart: (request: ControlRequest, reply: @Sendable (ControlReply) -> Void)? {
      asked.withLock { $0 }
    }

    /// Whether both lanes ended, or one failed.
    var isOver: Bool {
      state.withLock { $0.results.count == lanes || $0.firstFailure != nil }
    }

    var firstFailure: Int? { state.withLock { $0.firstFailure } }

    /// Each lane's result, in lane order; once ``finished`` was waited, every lane's.
    var results: [Result<LaneEvent.Status, any Error>] {
      state.withLock { state in (0..<lanes).compactMap { state.results[$0] } }
    }
  }

  /// A lane handed to its thread: its assembly, sensor and display are used there alone
  /// until the calling thread has waited for the thread's end.
  private final class Job: @unchecked Sendable {
    private let body: (() -> Bool) throws -> LaneEvent.Status

    init<Sensor: PinSensor>(assembly: LaneAssembly, loop: Loop<Sensor>, display: any LaneDisplay) {
      var display = display
      body = { shouldStop in
        try assembly.run(loop.sensor, with: loop.runner, display: &display, pacedAt: loop.pacedAt, until: shouldStop)
      }
    }

    func run(until shouldStop: () -> Bool) throws -> LaneEvent.Status {
      try withoutActuallyEscaping(shouldStop) { try body($0) }
    }
  }

  /// The assemblies, each closed on a thread of its own by ``close()``, which waits.
  private final class Closing: @unchecked Sendable {
    private let assemblies: [LaneAssembly]

    init(_ assemblies: [LaneAssembly]) { self.assemblies = assemblies }

    func close(_ index: Int) { assemblies[index].close() }
  }
}
