import Foundation
import League
import TestSupport
import Testing
import WebBoard
import WebServer

/// `lane display`'s desk and a pair's overhead board as a browser shows them, in headless
/// Chromium: lanes 7 and 8 bowling a league night, lane 3 a session of its own
/// (``DisplayedNight``), served in process.
///
/// Saves `centre-league-desk.png` and `centre-league-overhead.png` (1920x1080) to
/// `.build/web-boards/` with BrowserTests' files. Skipped only when chromium is missing and
/// `CI` is not set.
@Suite(
  "lane display's boards of a pair's league night in headless Chromium", .serialized,
  .enabled(
    if: Chromium.executable != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium: scripts/install-packages test"))
struct CentreLeagueBrowserTests {
  /// What the desk and lane 8's overhead page show.
  struct Shown: Decodable, Sendable {
    /// The desk's rows: a lane's `data-lane`, a pair's `data-pair`.
    var rows: [String]
    var pairLinks: [String]
    var pairStatus: [String]
    var league: String
    var teams: [String]
    var teamTotals: [String]
    var upLines: [String]
    var pairFaults: [String]
    var scriptsOnDesk: Int
    /// Lane 8's page: its title, header, who is up, who is up on lane 7, the lanes of its
    /// dimmed frames and their tags.
    var title: String
    var game: String
    var upLine: String
    var otherUpTags: [String]
    var dimmedLanes: [String]
    var dimmedTags: [String]
    var scriptsInBoard: Int
  }

  @Test("When the desk and lane 8's page are open, then the desk shows the pair in one row with the league, the teams' totals and who is up on each lane, lane 8 shows the night from its side; once lane 8 starts a session of its own, its page is a lane's again")
  func pairOnTheDesk() async throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    let shown = try DisplayedNight()
    let board = shown.board
    let left = try #require(board.up.first { $0.lane == .left })
    let right = try #require(board.up.first { $0.lane == .right })
    let game = min(left.game, right.game)

    let display = shown.display
    let (seen, afterwards) = try await offPool { try Self.read(display, chromium: executable) }

    // Then: the desk has the pair in one row, beside lane 3's own.
    #expect(seen.rows == ["3", "7 8"])
    #expect(seen.pairLinks == ["/lanes/7", "/lanes/8"])
    #expect(seen.pairStatus == ["7: online, bowling", "8: online, bowling"])
    #expect(seen.league == "Tuesday Mixed: game \(game) of 3")
    #expect(seen.teams == ["Pin Pals", "Gutter Kings"])
    #expect(seen.teamTotals == board.teams.map { "\($0.games[game - 1].total) \($0.series.total)" })
    #expect(seen.upLines == [
      "Up on 7: \(left.bowler) (\(left.team)), frame \(left.frame)",
      "Up on 8: \(right.bowler) (\(right.team)), frame \(right.frame)",
    ])
    #expect(seen.pairFaults == ["7: pin 3 rose again"])
    #expect(seen.scriptsOnDesk == 0)
    // Then: lane 8's page is the night from the right: who is up here, frames of lane 7 tagged.
    #expect(seen.title == "Tuesday Mixed")
    #expect(seen.game == "Game \(right.game) of 3 \u{b7} lane 8")
    #expect(seen.upLine == "Up: \(right.bowler), frame \(right.frame)")
    if left.game == right.game {
      #expect(seen.otherUpTags == ["up on lane 7, frame \(left.frame)"])
    }
    #expect(!seen.dimmedLanes.isEmpty)
    #expect(Set(seen.dimmedLanes) == ["left"])
    #expect(Set(seen.dimmedTags) == ["L"])
    #expect(seen.scriptsInBoard == 0)
    // Then: lane 8 in open play has its lane's overhead board, and the desk its own row.
    #expect(afterwards.overheadTitle == "Lane 8")
    #expect(afterwards.rows == ["3", "7 8", "8"])
  }

  /// What the pages show once lane 8 started a session of its own.
  struct Afterwards: Decodable, Sendable {
    var overheadTitle: String
    var rows: [String]
  }

  /// Given `display`'s boards (``DisplayedNight``'s) served, when the desk and lane 8's page
  /// are open: what they show; then, lane 8's own session started, what they show again.
  /// Screenshots of the first.
  static func read(_ display: CentreDisplay, chromium executable: String) throws -> (Shown, Afterwards) {
    let server = try RunningBoardServer.start(
      BoardServer(hub: display.hub, address: HTTPAddress(host: "127.0.0.1", port: 0)))
    defer { server.stop() }
    let browser = try Chromium(executable: executable)
    defer { browser.stop() }
    let desk = try browser.open("\(server.url)/")
    let overhead = try browser.open("\(server.url)/lanes/8")
    try browser.send(
      "Emulation.setDeviceMetricsOverride", ["width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false],
      session: overhead)
    try browser.wait(for: "document.querySelector('#lanes tr.pair .team')", in: desk)
    try browser.wait(for: "document.getElementById('sheet')?.dataset.game", in: overhead)
    let json = try browser.evaluate(
      """
      JSON.stringify((() => {
        const all = (selector, map) => [...document.querySelectorAll(selector)].map(map);
        return {
          rows: all("#lanes tbody tr", row => row.dataset.lane || row.dataset.pair),
          pairLinks: all("#lanes tr.pair td.lane a", a => a.getAttribute("href")),
          pairStatus: all("#lanes tr.pair td.status div", div => div.textContent),
          league: document.querySelector("#lanes tr.pair .league").textContent,
          teams: all("#lanes tr.pair .team", div => div.dataset.team),
          teamTotals: all("#lanes tr.pair .team", div => div.dataset.gameTotal + " " + div.dataset.seriesTotal),
          upLines: all("#lanes tr.pair .up", div => div.textContent),
          pairFaults: all("#lanes tr.pair td.faults div", div => div.textContent),
          scriptsOnDesk: document.querySelectorAll("#lanes script").length,
        };
      })())
      """, in: desk) as? String ?? "{}"
    let page = try browser.evaluate(
      """
      JSON.stringify((() => {
        const all = (selector, map) => [...document.querySelectorAll(selector)].map(map);
        return {
          title: document.getElementById("title").textContent,
          game: document.getElementById("game").textContent,
          upLine: document.getElementById("up").textContent,
          otherUpTags: all("#sheet tr.up-other .tags", tags => tags.textContent),
          dimmedLanes: all("#sheet td.frame.other", cell => cell.dataset.lane),
          dimmedTags: all("#sheet td.frame.other .lanetag", tag => tag.textContent),
          scriptsInBoard: document.querySelectorAll("#sheet script, #standings script").length,
        };
      })())
      """, in: overhead) as? String ?? "{}"
    var merged = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
    merged.merge(try JSONSerialization.jsonObject(with: Data(page.utf8)) as? [String: Any] ?? [:]) { $1 }
    let seen = try JSONDecoder().decode(Shown.self, from: JSONSerialization.data(withJSONObject: merged))
    try FileManager.default.createDirectory(at: BrowserTests.output, withIntermediateDirectories: true)
    try browser.send(
      "Emulation.setDeviceMetricsOverride", ["width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false],
      session: desk)
    try browser.screenshot(of: desk).write(to: BrowserTests.output.appendingPathComponent("centre-league-desk.png"))
    try browser.screenshot(of: overhead).write(to: BrowserTests.output.appendingPathComponent("centre-league-overhead.png"))

    // When lane 8 starts a session of its own, its page loads again as a lane's.
    display.show(try PublishedNight.laneSessionStart(of: ["Flo"], on: DisplayedNight.lane8, session: "after"))
    try browser.wait(for: "document.getElementById('deck') && document.getElementById('title').textContent === 'Lane 8'", in: overhead)
    try browser.wait(for: "document.querySelector('#lanes tr[data-lane=\"8\"]')", in: desk)
    let overheadTitle = try browser.evaluate("document.getElementById('title').textContent", in: overhead) as? String ?? ""
    let rows = try browser.evaluate(
      "JSON.stringify([...document.querySelectorAll('#lanes tbody tr')].map(row => row.dataset.lane || row.dataset.pair))",
      in: desk) as? String ?? "[]"
    return (seen, Afterwards(overheadTitle: overheadTitle, rows: try JSONDecoder().decode([String].self, from: Data(rows.utf8))))
  }
}
