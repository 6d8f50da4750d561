import Foundation
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
public final class OpenPlayPair {
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
  /// or `shouldStop`, or until a lane fails (rule 4).
  ///
  /// - Parameters:
  ///   - loops: The left lane's loop, then the right's.
  ///   - stop: The stop signal's wake event, which this thread waits on.
  ///   - failure: The failure a lane's error is, with the lane's index (0 left, 1 right).
  /// - Returns: How each lane's run ended, left then right.
  /// - Throws: The first lane's failure, as `failure` makes it, once both threads ended.
  @discardableResult
  public func run<Sensor: PinSensor>(
    _ loops: [Loop<Sensor>], stop: WakeEvent, until shouldStop: @escaping @Sendable () -> Bool,
    failure: (_ lane: Int, _ error: any Error) -> LaneFailure
  ) throws(LaneFailure) -> [LaneEvent.Status] {
    let shared = Shared(stop: stop, lanes: loops.count)
    // The displays are made here, in lane order: the boards' index lists the left lane first.
    let jobs = loops.indices.map { index in
      var display = assemblies[index].display(around: loops[index].local)
      if let hub = boards?.hub { display = DisplayPair(display, WebDisplay(lane: ids[index], hub: hub)) }
      return Job(assembly: assemblies[index], loop: loops[index], display: display)
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
    if let failed = shared.firstFailure, case .failure(let error) = results[failed] {
      throw failure(failed, error)
    }
    return results.map { result in
      if case .success(let status) = result { return status }
      return .sensorEnded
    }
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
