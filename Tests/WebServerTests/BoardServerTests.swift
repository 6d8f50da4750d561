import Bowling
import Foundation
import LaneBridge
import Testing
import WebBoard
import WebServer

@Suite("The web boards' server on a loopback port", .serialized)
final class BoardServerTests {
  let hub = BoardHub()
  var display: WebDisplay
  let server: RunningBoardServer
  var session = LaneSession(bowlers: ["Ana", "<b>Ben</b>"])

  init() throws {
    display = WebDisplay(lane: "1", hub: hub)
    server = try RunningBoardServer.start(BoardServer(hub: hub, address: HTTPAddress(host: "127.0.0.1", port: 0)))
  }

  deinit { server.stop() }

  func get(_ path: String) throws -> (head: String, body: String) {
    let client = try LoopbackClient(port: server.port)
    try client.get(path)
    return try client.response()
  }

  @Test("When a lane's JSON is asked for, then it is the board the display published")
  func boardJSON() throws {
    try session.record(.knocked([1, 2, 3]))
    display.show(LaneEvent(.status(.running), sequence: 2), in: session)

    let (head, body) = try get("/api/lanes/1")

    #expect(head.hasPrefix("HTTP/1.1 200"))
    let board = try JSONDecoder().decode(LaneBoard.self, from: Data(body.utf8))
    #expect(board.sequence == 2)
    #expect(board.bowlers.map(\.name) == ["Ana", "<b>Ben</b>"])
    #expect(board.bowlers[0].game.frames[0].balls.map(\.mark) == ["3"])
  }

  @Test("When an unknown lane is asked for, then the answer is 404 and says where the lanes are listed")
  func unknownLane() throws {
    let (head, body) = try get("/lanes/9")

    #expect(head.hasPrefix("HTTP/1.1 404"))
    #expect(body.contains("No lane"))
    #expect(body.contains("lists the lanes"))
  }

  @Test("When the pages are fetched, then they load nothing from elsewhere and hold no bowler's name")
  func selfContained() throws {
    display.show(LaneEvent(.status(.running), sequence: 1), in: session)
    for path in ["/", "/lanes/1", "/lanes/1/games"] {
      let (head, body) = try get(path)

      #expect(head.hasPrefix("HTTP/1.1 200"), "\(path)")
      #expect(head.lowercased().contains("content-type: text/html"), "\(path)")
      #expect(!body.contains("src=\"http"), "\(path)")
      #expect(!body.contains("https://"), "\(path)")
      #expect(!body.contains("Ben"), "\(path)")
      #expect(body.contains("new EventSource"), "\(path)")
    }
  }

  @Test("When a page reconnects with Last-Event-ID, then it is sent the current board first and then each new one")
  func resume() throws {
    display.show(LaneEvent(.status(.running), sequence: 3), in: session)
    let client = try LoopbackClient(port: server.port)

    try client.get("/lanes/1/events", headers: ["Accept: text/event-stream", "Last-Event-ID: 2"])
    try client.read { $0.contains("id: 3\n") }
    try session.record(.knocked([1, 2, 3]))
    display.show(LaneEvent(.bowlerUp(0), sequence: 4), in: session)
    let text = try client.read { $0.contains("id: 4\n") }

    #expect(text.lowercased().contains("content-type: text/event-stream"))
    // Split on "\n" alone: a Swift Character holds "\r\n" whole.
    let ids = text.unicodeScalars.split(separator: "\n").map(String.init).filter { $0.hasPrefix("id: ") }
    #expect(ids == ["id: 3", "id: 4"])
  }

  @Test("When a page goes away, then the next board drops it and the lane carries on")
  func vanished() throws {
    display.show(LaneEvent(.status(.running), sequence: 1), in: session)
    let client = try LoopbackClient(port: server.port)
    try client.get("/events")
    try client.read { $0.contains("id: 1\n") }
    #expect(hub.listenerCount == 1)

    client.hangUp()
    var sequence = 1
    let deadline = Date().addingTimeInterval(10)
    while hub.listenerCount > 0 && Date() < deadline {
      sequence += 1
      display.show(LaneEvent(.notice("tick"), sequence: sequence), in: session)
      Thread.sleep(forTimeInterval: 0.05)
    }

    #expect(hub.listenerCount == 0)
  }
}
