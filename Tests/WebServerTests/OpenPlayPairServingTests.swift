import Foundation
import TestSupport
import Testing

/// A pair in open play with `--http`: both lanes' boards from one server.
@Suite("lane simulate --http on a pair in open play: one server for both lanes", .holdsAThread)
struct OpenPlayPairServingTests {
  let folder: ScratchFolder

  init() throws {
    folder = try ScratchFolder("lane-open-play-http")
    try """
      [[lanes]]
      lane = "lane7"
      wiring = "lane7.toml"
      bowlers = ["Ana", "Ben"]

      [[lanes]]
      lane = "lane8"
      wiring = "lane8.toml"
      """.write(toFile: folder.path("pair.toml"), atomically: false, encoding: .utf8)
  }

  @Test("When both traces are replayed, then the index lists both lanes, left first, and each lane's page, board and games are its own")
  func bothLanesServed() throws {
    let lane = try LaneServing([
      "simulate", "--config", folder.path("pair.toml"), "--http", "127.0.0.1:0",
      BundledTrace.all[0].path, BundledTrace.all[1].path,
    ])
    defer { lane.stop() }
    try lane.waitForError { $0.contains("the traces ended; serving the boards until stopped") }

    let index = try LaneIDCommandTests.get("/api/lanes", port: lane.port)
    let boards = try #require(try JSONSerialization.jsonObject(with: Data(index.body.utf8)) as? [NSDictionary])
    #expect(boards.map { $0["lane"] as? String } == ["lane7", "lane8"])
    #expect(try LaneIDCommandTests.get("/lanes/lane8", port: lane.port).head.hasPrefix("HTTP/1.1 200"))
    let board7 = try LaneIDCommandTests.get("/api/lanes/lane7", port: lane.port).body
    let board8 = try LaneIDCommandTests.get("/api/lanes/lane8", port: lane.port).body
    #expect(board7.contains("\"Ana\"") && board7.contains("\"Ben\""))
    #expect(!board8.contains("\"Ana\"") && board8.contains("\"lane8\""))
    // The right lane's one game is finished: its games page has it.
    #expect(try LaneIDCommandTests.get("/api/lanes/lane8/games", port: lane.port).body.contains("\"total\":181"))
    #expect(lane.standardError.contains("/lanes/lane7, http://127.0.0.1:\(lane.port)/lanes/lane8"))
    #expect(lane.stop() == 0)
  }
}
