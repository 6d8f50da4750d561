import Bowling
import Foundation
import LaneBridge
import TestSupport
import Testing
import WebBoard
import WebServer

@Suite("The web boards' server on a loopback port", .serialized)
struct BoardServerTests {
  /// A server on a free port with a display feeding it, for one test.
  struct Serving {
    let hub = BoardHub()
    var display: WebDisplay
    let server: RunningBoardServer
    var session = LaneSession(bowlers: ["Ana", "<b>Ben</b>"])

    init() async throws {
      display = WebDisplay(lane: "1", hub: hub)
      server = try await RunningBoardServer.start(
        BoardServer(hub: hub, address: HTTPAddress(host: "127.0.0.1", port: 0)))
    }

    func get(_ path: String) async throws -> (head: String, body: String) {
      let port = server.port
      return try await offPool {
        let client = try LoopbackClient(port: port)
        try client.get(path)
        return try client.response()
      }
    }
  }

  /// Runs `body` with a server, stopping it after.
  func serving(_ body: (inout Serving) async throws -> Void) async throws {
    var serving = try await Serving()
    do {
      try await body(&serving)
    } catch {
      await serving.server.stop()
      throw error
    }
    await serving.server.stop()
  }

  @Test("When a lane's JSON is asked for, then it is the board the display published")
  func boardJSON() async throws {
    try await serving { serving in
      try serving.session.record(.knocked([1, 2, 3]))
      serving.display.show(LaneEvent(.status(.running), sequence: 2), in: serving.session)

      let (head, body) = try await serving.get("/api/lanes/1")

      #expect(head.hasPrefix("HTTP/1.1 200"))
      let board = try JSONDecoder().decode(LaneBoard.self, from: Data(body.utf8))
      #expect(board.sequence == 2)
      #expect(board.bowlers.map(\.name) == ["Ana", "<b>Ben</b>"])
      #expect(board.bowlers[0].game.frames[0].balls.map(\.mark) == ["3"])
    }
  }

  @Test("When an unknown lane is asked for, then the answer is 404 and says where the lanes are listed")
  func unknownLane() async throws {
    try await serving { serving in
      let (head, body) = try await serving.get("/lanes/9")

      #expect(head.hasPrefix("HTTP/1.1 404"))
      #expect(body.contains("No lane"))
      #expect(body.contains("lists the lanes"))
    }
  }

  @Test("When the pages are fetched, then they load nothing from elsewhere and hold no bowler's name")
  func selfContained() async throws {
    try await serving { serving in
      serving.display.show(LaneEvent(.status(.running), sequence: 1), in: serving.session)
      for path in ["/", "/lanes/1", "/lanes/1/games"] {
        let (head, page) = try await serving.get(path)
        let body = try await withAssets(page) { try await serving.get($0) }

        #expect(head.hasPrefix("HTTP/1.1 200"), "\(path)")
        #expect(head.lowercased().contains("content-type: text/html"), "\(path)")
        #expect(!body.contains("src=\"http"), "\(path)")
        #expect(!body.contains("https://"), "\(path)")
        #expect(!body.contains("Ben"), "\(path)")
        #expect(body.contains("new EventSource"), "\(path)")
      }
    }
  }

  @Test("When the overhead page is fetched, then a header row numbers the frames 1 to 10 above the frame columns, the game total's column last")
  func frameNumbers() async throws {
    try await serving { serving in
      let (_, body) = try await serving.get("/lanes/1")

      let head = try #require(body.firstMatch(of: /<thead>(?<row>[\s\S]*?)<\/thead>/)).output.row
      let headings = head.matches(of: /<th[^>]*>(?<text>[^<]*)<\/th>/).map { String($0.output.text) }
      // Over the name column nothing, then one heading per frame and the total.
      #expect(headings == [""] + (1...10).map(String.init) + ["Total"])
    }
  }

  @Test("When the overhead page and the desk are fetched, then only the desk shows the lane's faults, none are drawn over the bowlers' frames")
  func faultsOnTheDeskOnly() async throws {
    try await serving { serving in
      let overhead = try await withAssets(try await serving.get("/lanes/1").body) { try await serving.get($0) }
      let desk = try await withAssets(try await serving.get("/").body) { try await serving.get($0) }

      #expect(!overhead.contains("faults"))
      #expect(desk.contains("board.faults"))
    }
  }

  @Test("When a page reconnects with Last-Event-ID, then it is sent the current board first and then each new one")
  func resume() async throws {
    try await serving { serving in
      serving.display.show(LaneEvent(.status(.running), sequence: 3), in: serving.session)
      let client = try LoopbackClient(port: serving.server.port)

      try client.get("/lanes/1/events", headers: ["Accept: text/event-stream", "Last-Event-ID: 2"])
      _ = try await offPool { try client.read { $0.contains("id: 3\n") } }
      try serving.session.record(.knocked([1, 2, 3]))
      serving.display.show(LaneEvent(.bowlerUp(0), sequence: 4), in: serving.session)
      let text = try await offPool { try client.read { $0.contains("id: 4\n") } }

      #expect(text.lowercased().contains("content-type: text/event-stream"))
      // Split on "\n" alone: a Swift Character holds "\r\n" whole.
      let ids = text.unicodeScalars.split(separator: "\n").map(String.init).filter { $0.hasPrefix("id: ") }
      #expect(ids == ["id: 3", "id: 4"])
    }
  }

  @Test("When a page goes away, then the next board drops it and the lane carries on")
  func vanished() async throws {
    try await serving { serving in
      serving.display.show(LaneEvent(.status(.running), sequence: 1), in: serving.session)
      let client = try LoopbackClient(port: serving.server.port)
      try client.get("/events")
      _ = try await offPool { try client.read { $0.contains("id: 1\n") } }
      #expect(serving.hub.listenerCount == 1)

      client.hangUp()
      var sequence = 1
      let deadline = Date().addingTimeInterval(10)
      while serving.hub.listenerCount > 0 && Date() < deadline {
        sequence += 1
        serving.display.show(LaneEvent(.notice("tick"), sequence: sequence), in: serving.session)
        try await Task.sleep(for: .milliseconds(50))
      }

      #expect(serving.hub.listenerCount == 0)
    }
  }
}
