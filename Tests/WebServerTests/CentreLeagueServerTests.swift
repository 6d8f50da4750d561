import Centre
import Foundation
import InMemoryLogging
import League
import Logging
import TestSupport
import Testing
import WebBoard
import WebServer

@Suite("lane display's boards of a pair bowling a league night, on a loopback port", .serialized)
struct CentreLeagueServerTests {
  /// Runs `body` with ``DisplayedNight``'s boards served and the answer to a GET on them,
  /// stopping the server after.
  static func serving(
    _ shown: DisplayedNight, _ body: (_ get: @escaping @Sendable (String) async throws -> (head: String, body: String)) async throws -> Void
  ) async throws {
    let server = try await RunningBoardServer.start(
      BoardServer(hub: shown.display.hub, address: HTTPAddress(host: "127.0.0.1", port: 0)))
    let port = server.port
    let get: @Sendable (String) async throws -> (head: String, body: String) = { path in
      try await offPool {
        let client = try LoopbackClient(port: port)
        try client.get(path, headers: ["Connection: close"])
        return try client.response()
      }
    }
    do {
      try await body(get)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  @Test("When each lane of the pair is asked for as JSON, then each holds the night the pair's journal holds, on its own side, and nothing was refused")
  func json() async throws {
    let shown = try DisplayedNight()

    try await Self.serving(shown) { get in
      for (lane, side) in [("7", PairSide.left), ("8", .right)] {
        let (head, body) = try await get("/api/lanes/\(lane)")

        #expect(head.hasPrefix("HTTP/1.1 200"))
        let board = try JSONDecoder().decode(LaneBoard.self, from: Data(body.utf8))
        #expect(board.night == LaneBoard.Night(left: "7", right: "8", side: side, board: shown.board))
        #expect(board.sequence == shown.published.entries.count)
        #expect(board.online == true)
      }
      let (_, lane3) = try await get("/api/lanes/3")
      #expect(try JSONDecoder().decode(LaneBoard.self, from: Data(lane3.utf8)).night == nil)
      // The second copy of each record is a repeat, not a refusal.
      #expect(shown.refused.entries.map(\.message.description) == [])
    }
  }

  @Test("When a lane of the pair is asked for, then it is the night's overhead board following the lane's own events, holding no name; a lane in open play keeps its own")
  func pages() async throws {
    let shown = try DisplayedNight()

    try await Self.serving(shown) { get in
      for lane in ["7", "8"] {
        let (head, page) = try await get("/lanes/\(lane)")
        let body = try await withAssets(page, get: get)

        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(body.contains(#"<table id="standings">"#))
        #expect(body.contains(#"follow("/lanes/" + encodeURIComponent(lane) + "/events""#))
        #expect(!body.contains("/league/events"))
        #expect(!body.contains("innerHTML"))
        for name in ["Tuesday Mixed", "Pin Pals", "Gutter Kings", "Ana", "alert(1)"] {
          #expect(!body.contains(name), "\(name) is in the served HTML of lane \(lane)")
        }
      }
      let (_, lane3) = try await get("/lanes/3")
      #expect(lane3.contains(#"id="deck""#))
      #expect(!lane3.contains(#"id="standings""#))
      let (_, desk) = try await get("/")
      #expect(!desk.contains("Pin Pals"))
      // The pair's own league pages are the pair's --http; lane display serves none.
      #expect(try await get("/league").head.hasPrefix("HTTP/1.1 404"))
    }
  }

  @Test("Given the example night replayed from the shipped traces into its journal by lane simulate --league --journal, when both lanes' records of it are shown, then each lane holds the night lane simulate --league --json prints")
  func shippedNight() async throws {
    let folder = try ScratchFolder()
    let journal = folder.path("night.journal")
    let printed = folder.path("night.json")
    let traces = ["left", "right"].map { PackageFolder.url("Hardware/traces/league/tuesday-mixed-\($0).trace").path }
    let replay = try ChildProcess(
      try LaneServing.executable(),
      ["simulate", "--league", PackageFolder.url("docs/examples/tuesday-mixed.toml").path, "--json", "--journal", journal]
        + traces,
      output: .file(printed))
    #expect(replay.waitForExit() == 0)
    let expected = try JSONDecoder().decode(LeagueBoard.self, from: Data(contentsOf: URL(fileURLWithPath: printed)))
    let pair = Payload.Pair(left: DisplayedNight.lane7, right: DisplayedNight.lane8)
    let refused = InMemoryLogHandler()
    let display = CentreDisplay(hub: BoardHub(), logger: Logger(label: "test.display") { _ in refused })

    // When: lane 8's records come first, then lane 7's, each the whole night.
    for lane in [DisplayedNight.lane8, DisplayedNight.lane7] {
      for event in try PublishedNight.events(ofJournalAt: journal, on: lane, pair: pair) { display.show(event) }
    }

    #expect(refused.entries.map(\.message.description) == [])
    #expect(expected.complete)
    #expect(display.hub.board("7")?.night?.board == expected)
    #expect(display.hub.board("8")?.night?.board == expected)
    #expect(display.hub.board("7")?.night?.side == .left)
  }

  @Test("When a page listens to lane 8's events, then its first board is lane 8's with the night on the right")
  func events() async throws {
    let shown = try DisplayedNight()
    let server = try await RunningBoardServer.start(
      BoardServer(hub: shown.display.hub, address: HTTPAddress(host: "127.0.0.1", port: 0)))
    let client = try LoopbackClient(port: server.port)

    try client.get("/lanes/8/events", headers: ["Accept: text/event-stream"])
    let text = try await offPool { try client.read { $0.contains(/event: board\ndata: [^\n]*\n\n/) } }
    await server.stop()

    let data = try #require(
      text.unicodeScalars.split(separator: "\n").map(String.init).first { $0.hasPrefix("data: ") })
    let board = try JSONDecoder().decode(LaneBoard.self, from: Data(data.dropFirst(6).utf8))
    #expect(board.lane == "8")
    #expect(board.night?.side == .right)
    #expect(board.night?.board == shown.board)
  }
}
