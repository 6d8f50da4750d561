import Bowling
import Foundation
import Journal
import LaneRuntime
import LaneBridge
import LaneSensing
import Logging
import POSIX
import ServiceLifecycle
import SimulatedPinSensor
import Synchronization
import TestSupport
import Testing

/// One lane's assembly run in-process, as `lane simulate` runs it, with a simulated sensor:
/// its services started, run and stopped through a `ServiceGroup`.
@Suite("One lane's services, run and stopped in-process")
struct LaneRunTests {
  let folder: ScratchFolder
  let trace = PackageFolder.url("Hardware/traces/string-pinsetter-game.trace").path

  init() throws {
    folder = try ScratchFolder("lane-run")
  }

  /// The lane journalled in `lane.journal`, scoring into `seen`, paced at `pace`.
  func lane(_ seen: Seen, pace: Double? = nil) throws -> LaneRun {
    LaneRun(
      settings: LaneAssembly.Settings(
        journal: folder.path("lane.journal"), bowlers: ["Ana"], lane: "lane1", broker: nil, boards: nil,
        boardsLane: "lane1"),
      runner: LaneRunner(detector: ThrowDetector.Configuration(), idleTimeout: .seconds(1)),
      local: seen, pace: pace)
  }

  @Test("When a lane replays a trace, then its loop runs to the trace's end, every throw shown is journalled, and the run ends as the sensor ended")
  func toTheEnd() async throws {
    let seen = Seen()

    let ending = try await lane(seen).runServices(
      try SimulatedPinSensor(contentsOf: trace), stop: StopRequest(), logger: Logger(label: "test"))

    #expect(ending.status == .sensorEnded)
    let journalled = try JournalReader(path: folder.path("lane.journal")).entries(after: 0)
    #expect(journalled.filter { if case .delivered = $0.event { true } else { false } }.count == seen.throwCount)
    // The trace's one game, every ball of it.
    #expect(seen.throwCount == ending.session.deliveryCount && seen.throwCount > 10)
  }

  @Test("When the group around a paced replay shuts down gracefully, then the loop stops after the record in hand, the run ends as stopped, and every throw shown is journalled")
  func gracefulStop() async throws {
    let seen = Seen()
    let stop = StopRequest(wake: try WakeEvent())
    let run = try lane(seen, pace: 5)
    // The trace kept open after its last throw: the loop ends by the stop alone, however
    // late a loaded machine gets the test to ask for it.
    let trace = folder.path("kept-open.trace")
    try BundledTrace.keptOpen(String(contentsOfFile: self.trace, encoding: .utf8))
      .write(toFile: trace, atomically: false, encoding: .utf8)
    let ended = Mutex<LaneRun.Ending?>(nil)
    let service = Body {
      let sensor = try SimulatedPinSensor(contentsOf: trace)
      let ending = try await run.runServices(sensor, stop: stop, logger: Logger(label: "test"))
      ended.withLock { $0 = ending }
    }
    let group = ServiceGroup(services: [service], logger: Logger(label: "test"))

    async let running: Void = group.run()
    // When: the first throws are shown.
    #expect(await eventually(within: .seconds(300)) { seen.throwCount >= 2 })
    await group.triggerGracefulShutdown()
    try await running

    let ending = try #require(ended.withLock { $0 })
    guard case .stopped = ending.status else {
      Issue.record("ended as \(String(describing: ending.status))")
      return
    }
    let journalled = try JournalReader(path: folder.path("lane.journal")).entries(after: 0)
    #expect(journalled.filter { if case .delivered = $0.event { true } else { false } }.count == seen.throwCount)
  }
}

/// The lane's local display: counts the throws shown.
final class Seen: LaneDisplay, @unchecked Sendable {
  private let scored = Mutex(0)
  var throwCount: Int { scored.withLock { $0 } }

  func show(_ event: LaneEvent, in session: LaneSession) throws {
    if case .scored = event.kind { scored.withLock { $0 += 1 } }
  }
}

/// A service that runs `body`.
struct Body: Service {
  let body: @Sendable () async throws -> Void

  init(_ body: @escaping @Sendable () async throws -> Void) {
    self.body = body
  }

  func run() async throws { try await body() }
}
