import Foundation
import League
import TestSupport
import Testing
import WebServer

@Suite("A league night's boards on a loopback port", .serialized)
struct LeagueServerTests {
  /// Runs `body` with the board of ``PartPlayedNight`` served (or with no league), and the
  /// answer to a GET on the server, stopping the server after.
  static func serving(
    league: LeagueBoard?, _ body: (_ get: (String) async throws -> (head: String, body: String)) async throws -> Void
  ) async throws {
    let server = try await RunningBoardServer.start(
      BoardServer(hub: BoardHub(), address: HTTPAddress(host: "127.0.0.1", port: 0), league: league.map(LeagueHub.init)))
    let port = server.port
    let get = { (path: String) in
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

  @Test("When a page listens to /league/events and the pair bowls on, then it gets the night's board first and then each new one")
  func liveBoards() async throws {
    let first = try PartPlayedNight(frames: 2).board
    let later = try PartPlayedNight(frames: 3).board
    let hub = LeagueHub(first)
    let server = try await RunningBoardServer.start(
      BoardServer(hub: BoardHub(), address: HTTPAddress(host: "127.0.0.1", port: 0), league: hub))
    let client = try LoopbackClient(port: server.port)

    try client.get("/league/events", headers: ["Accept: text/event-stream"])
    _ = try await offPool { try client.read { $0.contains("id: 1\n") } }
    hub.publish(later)
    let text = try await offPool { try client.read { $0.contains("id: 2\n") } }
    await server.stop()

    #expect(text.lowercased().contains("content-type: text/event-stream"))
    // Split on "\n" alone: a Swift Character holds "\r\n" whole.
    let data = text.unicodeScalars.split(separator: "\n").map(String.init).filter { $0.hasPrefix("data: ") }
    let boards = try data.map { try JSONDecoder().decode(LeagueBoard.self, from: Data($0.dropFirst(6).utf8)) }
    #expect(boards == [first, later])
  }

  @Suite("Given a night part played, two teams of five")
  struct PartPlayed {
    let board: LeagueBoard

    init() throws {
      board = try PartPlayedNight(frames: 54).board
    }

    @Test("When /league is asked for, then it is the night's board as JSON, the same board decoded")
    func json() async throws {
      try await LeagueServerTests.serving(league: board) { get in
        let (head, body) = try await get("/league")

        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.lowercased().contains("content-type: application/json"))
        let served = try JSONDecoder().decode(LeagueBoard.self, from: Data(body.utf8))
        #expect(served == board)
        // The night under way: someone up on each lane, in game 2.
        #expect(served.up.map(\.lane) == [.left, .right])
        #expect(served.up.allSatisfy { $0.game == 2 })
        #expect(served.teams[0].bowlers[1].name == PartPlayedNight.markupName)
      }
    }

    @Test(
      "When a lane's page is asked for, then it numbers the frames above the sheet and holds no name of the night",
      arguments: ["/league/left", "/league/right"])
    func page(path: String) async throws {
      try await LeagueServerTests.serving(league: board) { get in
        let (head, page) = try await get(path)
        let body = try await withAssets(page, get: get)

        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.lowercased().contains("content-type: text/html"))
        let heading = try #require(body.firstMatch(of: /<thead>(?<row>[\s\S]*?)<\/thead>/)).output.row
        let headings = heading.matches(of: /<th[^>]*>(?<text>[^<]*)<\/th>/).map { String($0.output.text) }
        #expect(headings == [""] + (1...10).map(String.init) + ["Scr", "Hcp", "Tot"])
        // The page reads the night from /league/events as it changes and writes it as text only.
        #expect(body.contains(#"new EventSource("/league/events")"#))
        #expect(!body.contains("innerHTML"))
        for name in ["Tuesday Mixed", "Pin Pals", "Gutter Kings", "Ana", "alert(1)"] {
          #expect(!body.contains(name), "\(name) is in the served HTML")
        }
        #expect(!body.contains("src=\"http"))
      }
    }

    @Test("When a lane not of the pair is asked for, then the answer is 404 and names the pair's two")
    func unknownSide() async throws {
      try await LeagueServerTests.serving(league: board) { get in
        let (head, body) = try await get("/league/middle")

        #expect(head.hasPrefix("HTTP/1.1 404"))
        let answer = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: [String: String]]
        let message = try #require(answer?["error"]?["message"])
        #expect(message.contains("No lane \"middle\""))
        #expect(message.contains("/league/left and /league/right"))
      }
    }

    @Test("When the desk is asked for, then it links to both lanes' league boards and the JSON")
    func deskLinks() async throws {
      try await LeagueServerTests.serving(league: board) { get in
        let (_, body) = try await get("/")

        let links = body.matches(of: /<a href="(?<path>\/league[^"]*)">/).map { String($0.output.path) }
        #expect(links == ["/league/left", "/league/right", "/league"])
      }
    }
  }

  @Test("When no league is served, then /league and its pages are 404 and the desk has no league link")
  func noLeague() async throws {
    try await Self.serving(league: nil) { get in
      for path in ["/league", "/league/left"] {
        let (head, _) = try await get(path)
        #expect(head.hasPrefix("HTTP/1.1 404"), "\(path)")
      }
      let (head, desk) = try await get("/")
      #expect(head.hasPrefix("HTTP/1.1 200"))
      #expect(!desk.contains("/league"))
    }
  }
}
