import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A lane stopped (SIGTERM, as `systemctl stop` does) while its broker is down: it does not
/// wait for the broker, and nothing is lost (docs/centre.md, "Stopping a lane").
extension LaneOverBrokerTests {
  @Test("When the lane is stopped with SIGTERM while the broker is down, then it exits 0 without waiting for the broker, its journal intact, and once both are back the desk has each record exactly once")
  func stoppedWhileBrokerDown() async throws {
    let desk = try await startDesk(into: "desk.out")
    let journal = broker.folder + "/lane1.journal"
    let first = try startLane(
      "lane1", ["--journal", journal, "--speed", "25"], trace: try keptOpenLongTrace(), into: "lane1.out")
    #expect(await eventually { journalRecords("lane1.journal") >= 3 })
    // Given the broker stopped while the lane scores.
    broker.stop()
    try await Task.sleep(for: .seconds(1))

    // When the lane is stopped with SIGTERM.
    kill(first.pid, SIGTERM)
    let status = await first.exited(within: .seconds(60))

    // Then it exits 0 without waiting for the broker: its last line says it did not
    // (how long it takes: `scripts/lane-stop-time down`, docs/centre.md).
    #expect(status == 0, "the lane wrote: \(output("lane1.out").suffix(2000))")
    #expect(output("lane1.out").contains("they are in the journal and are published when the lane starts again"))
    // And its journal is intact.
    let check = try ChildProcess(lane, ["journal", "check", journal], outputFile: broker.folder + "/check.out")
    #expect(await check.exited() == 0, "\(output("check.out"))")

    // When the broker comes back, the desk reconnects by itself, and the lane starts again.
    let subscriptions = { broker.log.components(separatedBy: "lanebridge/v1/lanes/+/events").count - 1 }
    let before = subscriptions()
    try broker.restart()
    #expect(await eventually(within: .seconds(40)) { subscriptions() > before })
    let second = try startLane("lane1", ["--journal", journal], trace: longTrace, into: "lane1.out")
    #expect(await second.exited() == 0)

    // Then the desk has each of the journal's records exactly once.
    let records = journalRecords("lane1.journal")
    #expect(await eventually(within: .seconds(20)) { deskEvents(["desk.out"], lane: "lane1").count >= records })
    try? await Task.sleep(for: .milliseconds(300))  // a duplicate would come now
    desk.stop()
    expectExactlyOnce(
      deskEvents(["desk.out"], lane: "lane1"), count: records,
      "lane1's records; the lane wrote: \(output("lane1.out").suffix(2000))")
  }
}
