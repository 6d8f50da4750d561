import Foundation
import TestSupport
import Testing

/// A pair in open play with the file's `[centre] broker`: each lane's link publishes under
/// its own id, as its own broker user, as one `lane simulate --broker` of that lane does.
@Suite(
  "A pair in open play publishing to a real mosquitto run with deploy/centre/",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct OpenPlayPairOverBrokerTests {
  let broker: TestBroker
  let lane: String

  /// Given a broker with the users desk, lane1 and lane2, and the built lane.
  init() throws {
    broker = try TestBroker()
    guard let laneBinary else {
      throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
    }
    lane = laneBinary
  }

  func text(_ file: String) -> String {
    (try? String(contentsOfFile: broker.folder + "/" + file, encoding: .utf8)) ?? ""
  }

  /// The seqs the desk printed for `lane`, in order.
  func deskSeqs(lane: String) -> [Int] {
    text("desk.out").split(separator: "\n").compactMap { line in
      guard line.hasPrefix("{"),
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["lane"] as? String == lane
      else { return nil }
      return object["seq"] as? Int
    }
  }

  @Test("When the pair replays a trace on each lane, then the desk has each lane's journal records exactly once, under that lane's id")
  func eachLaneUnderItsOwnID() async throws {
    // Given: each lane its own broker user, the broker shared.
    try """
      [[lanes]]
      lane = "lane1"
      wiring = "lane1.toml"
      journal = "lane1.journal"
      credentials = "lane1.credentials"

      [[lanes]]
      lane = "lane2"
      wiring = "lane2.toml"
      journal = "lane2.journal"
      bowlers = ["Ana", "Ben"]
      credentials = "lane2.credentials"

      [centre]
      broker = "mqtt://127.0.0.1:\(broker.port)"
      """.write(toFile: broker.folder + "/pair.toml", atomically: false, encoding: .utf8)
    let subscribed = { broker.log.contains("lanebridge/v1/lanes/+/events") }
    let desk = try ChildProcess(
      lane, ["desk", "--broker", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-credentials",
             broker.folder + "/desk.credentials", "--json"],
      outputFile: broker.folder + "/desk.out")
    defer { desk.stop() }
    #expect(await eventually(within: .seconds(30)) { subscribed() })

    // When: the pair replays.
    let pair = try ChildProcess(
      lane,
      ["simulate", "--config", broker.folder + "/pair.toml",
       traces.appendingPathComponent("string-pinsetter-game.trace").path, longTrace],
      outputFile: broker.folder + "/pair.out")
    #expect(await pair.exited() == 0, "\(text("pair.out"))")

    // Then: every record of each lane's journal reached the desk once, under its lane.
    let records = ["lane1", "lane2"].map { recordCount(ofJournal: text("\($0).journal")) }
    #expect(records.allSatisfy { $0 > 1 })
    #expect(
      await eventually(within: .seconds(20)) {
        deskSeqs(lane: "lane1").count >= records[0] && deskSeqs(lane: "lane2").count >= records[1]
      })
    desk.stop()
    #expect(deskSeqs(lane: "lane1") == Array(1...records[0]), "\(text("desk.out").suffix(2000))")
    #expect(deskSeqs(lane: "lane2") == Array(1...records[1]))
    // Each lane waited for the desk's acknowledgement of its own records, and had it.
    #expect(!text("pair.out").contains("has not acknowledged"), "\(text("pair.out"))")
  }
}
