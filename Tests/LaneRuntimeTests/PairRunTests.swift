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

/// A pair's evening run in-process, as `lane simulate --config PAIR` runs it: its services
/// (the pair's drive, open play's lanes) in a `ServiceGroup`, on two simulated sensors.
@Suite("A pair's services, run and stopped in-process")
struct PairRunTests {
  let folder: ScratchFolder
  let trace = PackageFolder.url("Hardware/traces/two-games-held-out.trace").path

  init() throws {
    folder = try ScratchFolder("pair-run")
  }

  /// How open play ended, as the evening tells it.
  final class Ended: @unchecked Sendable {
    private let statuses = Mutex<[LaneEvent.Status?]?>(nil)
    var value: [LaneEvent.Status?]? { statuses.withLock { $0 } }
    func set(_ value: [LaneEvent.Status?]) { statuses.withLock { $0 = value } }
  }

  /// The evening of lanes 7 and 8, each journalled in the folder, both replaying `trace`
  /// at `pace`; what each shows is counted in `seen`.
  func evening(
    pace: Double?, seen: [Seen], ended: Ended, trace: String? = nil
  ) throws -> [ServiceGroupConfiguration.ServiceConfiguration] {
    let trace = trace ?? self.trace
    let ids = ["lane7", "lane8"]
    let settings = ids.map { id in
      LaneAssembly.Settings(
        journal: folder.path("\(id).journal"), bowlers: nil, lane: id, broker: nil, boards: nil, boardsLane: id)
    }
    let lanes = try ids.map { id in
      let wake = try WakeEvent()
      return PairLanes.Lane(
        id: id, sensor: KeptOpenSensor(try SimulatedPinSensor(contentsOf: trace)), wake: wake,
        detector: ThrowDetector.Configuration(), reads: "the trace")
    }
    let run = PairRun(
      PairRun.Settings(boards: nil, console: false, nightLog: false, output: { _ in }, nightEnded: { _, _ in }),
      pair: ids, logger: Logger(label: "test"))
    return try run.services(
      PairRun.Evening(
        lanes: settings, display: { index, _ in seen[index] }, openPlayEnded: { _, _, statuses in ended.set(statuses) }),
      on: PairLanes(left: lanes[0], right: lanes[1], source: .replay(pace: pace)))
  }

  func journalledThrows(_ id: String) throws -> Int {
    try JournalReader(path: folder.path("\(id).journal")).entries(after: 0)
      .filter { if case .delivered = $0.event { true } else { false } }.count
  }

  @Test("When a pair's evening replays both traces, then each lane plays open to its trace's end, every throw it showed journalled in its own journal")
  func openPlayToTheEnd() async throws {
    let seen = [Seen(), Seen()]
    let ended = Ended()

    let services = try evening(pace: nil, seen: seen, ended: ended)
    try await ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: Logger(label: "test"))).run()

    #expect(ended.value == [.sensorEnded, .sensorEnded])
    #expect(try journalledThrows("lane7") == seen[0].throwCount && seen[0].throwCount > 10)
    #expect(try journalledThrows("lane8") == seen[1].throwCount && seen[1].throwCount > 10)
  }

  @Test("When the group around a paced evening shuts down gracefully, then both lanes stop after the record in hand, and every throw shown is journalled")
  func gracefulStop() async throws {
    let seen = [Seen(), Seen()]
    let ended = Ended()
    // The trace kept open after its last throw: the lanes end by the stop alone, however
    // late a loaded machine gets the test to ask for it.
    let keptOpen = folder.path("kept-open.trace")
    try BundledTrace.keptOpen(String(contentsOfFile: trace, encoding: .utf8))
      .write(toFile: keptOpen, atomically: false, encoding: .utf8)
    let services = try evening(pace: 5, seen: seen, ended: ended, trace: keptOpen)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(services: services, logger: Logger(label: "test")))

    async let running: Void = group.run()
    #expect(await eventually(within: .seconds(300)) { seen.allSatisfy { $0.throwCount >= 2 } })
    await group.triggerGracefulShutdown()
    try await running

    let statuses = try #require(ended.value)
    #expect(statuses.allSatisfy { if case .stopped? = $0 { true } else { false } }, "\(statuses)")
    #expect(try journalledThrows("lane7") == seen[0].throwCount)
    #expect(try journalledThrows("lane8") == seen[1].throwCount)
  }
}
