import Foundation
import League
import TestSupport
import Testing
import WebServer

/// A league night's overhead board as bowlers read it, in headless Chromium: two teams of
/// five part way through game 2 (``PartPlayedNight``), served in process.
///
/// The browser works on a thread of its own and hands back what it read and measured; the
/// expectations run in the test, so a failure is reported as the test's. Saves
/// `league-overhead.png` (1920x1080) and `league-overhead-1280x800.png` to
/// `.build/web-boards/` with BrowserTests' files. Skipped only when chromium is missing and
/// `CI` is not set.
@Suite(
  "The league night's overhead board in headless Chromium", .serialized,
  .enabled(
    if: Chromium.executable != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium: scripts/install-packages test"))
struct LeagueBrowserTests {
  /// What the left lane's page shows.
  struct Shown: Decodable, Sendable {
    var title: String
    /// The teams' names heading their blocks of the sheet, and those of the standings.
    var teams: [String]
    var standings: [String]
    /// The frame numbers above the sheet.
    var numbers: [String]
    /// The shown text of the row of the bowler whose name is markup.
    var markupRow: String?
    /// Script elements in the sheet and the standings (none, when names are text).
    var scriptsInBoard: Int
    /// The row highlighted as up, the frame marked in it, and the line naming who is up.
    var upRows: [String]
    var upFrames: [String]
    var upLine: String
    /// The rows marked as up on the other lane, with what their tags say.
    var otherUpRows: [String]
    var otherUpTags: [String]
    /// The lanes of the frames drawn dimmer and tagged, and of the others.
    var dimmedLanes: [String]
    var dimmedTags: [String]
    var plainLanes: [String]
    /// The rows of the absentee and the vacancy: their names and what their frames say.
    var blindRows: [String]
    var blindTexts: [String]
  }

  /// The sheet as one screen lays it out, in CSS pixels.
  struct Layout: Decodable, Sendable {
    var width: Double
    var height: Double
    var pageWidth: Double
    var pageHeight: Double
    var bowlerRows: Int
    /// How far below its cell's top each frame's marks and total start.
    var marksTops: [Double]
    var totalTops: [Double]
    /// Frames whose total is wider than the frame.
    var spills: Int
    /// Frame cells of the first bowler whose number heading is not centred above them.
    var misplacedNumbers: [String]
    var totalFont: Double
    var nameFont: Double
  }

  /// The screens measured: the 1080p the board is laid out for, and a smaller one.
  static let screens = [(width: 1920, height: 1080), (width: 1280, height: 800)]

  @Test("When the left lane's page shows a night under way, then it has both teams, names as text, the frame numbers and who is up on this lane, each frame of the right lane tagged")
  func leftLane() async throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    let board = try PartPlayedNight(frames: 54).board
    let up = try #require(board.up.first { $0.lane == .left })
    let upThere = try #require(board.up.first { $0.lane == .right })

    let (shown, layouts) = try await offPool { try Self.read(board, chromium: executable) }

    #expect(shown.title == "Tuesday Mixed")
    #expect(shown.teams == ["Pin Pals", "Gutter Kings"])
    #expect(shown.standings == ["Pin Pals", "Gutter Kings"])
    #expect(shown.numbers == (1...10).map(String.init))
    // Then: the name that is markup is shown as typed, and nothing in it ran or was parsed.
    #expect(shown.markupRow?.hasPrefix(PartPlayedNight.markupName) == true, "\(shown.markupRow ?? "no row")")
    #expect(shown.scriptsInBoard == 0)
    // Then: the bowler up on this lane, and no other, is highlighted at the frame they bowl.
    #expect(shown.upRows == [up.bowler])
    #expect(shown.upFrames == [String(up.frame)])
    #expect(shown.upLine == "Up: \(up.bowler), frame \(up.frame)")
    #expect(shown.otherUpRows == [upThere.bowler])
    #expect(shown.otherUpTags == ["up on the right lane, frame \(upThere.frame)"])
    // Then: frames bowled on the right lane are dimmer with an R; this lane's are plain.
    #expect(!shown.dimmedLanes.isEmpty)
    #expect(Set(shown.dimmedLanes) == ["right"])
    #expect(Set(shown.dimmedTags) == ["R"])
    #expect(shown.dimmedTags.count == shown.dimmedLanes.count)
    #expect(Set(shown.plainLanes) == ["left"])
    #expect(shown.blindRows == ["Ben", "Vacancy"])
    #expect(shown.blindTexts == ["Absent: the absentee score", "Vacancy: the league's vacancy score"])

    for layout in layouts {
      let size = "\(Int(layout.width))x\(Int(layout.height))"
      #expect(layout.bowlerRows == 10, "\(size)")
      // Then: ten bowlers fit the screen without scrolling either way.
      #expect(layout.pageHeight <= layout.height, "\(size): the page is \(layout.pageHeight) px high")
      #expect(layout.pageWidth <= layout.width, "\(size): the page is \(layout.pageWidth) px wide")
      // Then: marks and totals sit at one height in every frame, with a total or without.
      #expect(Set(layout.marksTops).count == 1, "\(size): marks at \(Set(layout.marksTops).sorted())")
      #expect(Set(layout.totalTops).count == 1, "\(size): totals at \(Set(layout.totalTops).sorted())")
      #expect(layout.spills == 0, "\(size)")
      #expect(layout.misplacedNumbers.isEmpty, "\(size): \(layout.misplacedNumbers)")
      // Then: totals and names stay large enough to read from the approach.
      #expect(layout.totalFont >= 20, "\(size)")
      #expect(layout.nameFont >= 20, "\(size)")
    }
  }

  /// Given `board` served, when the left lane's page is open: what it shows, and its layout
  /// on each of ``screens``, with a screenshot of each.
  static func read(_ board: LeagueBoard, chromium executable: String) throws -> (Shown, [Layout]) {
    let server = try RunningBoardServer.start(
      BoardServer(hub: BoardHub(), address: HTTPAddress(host: "127.0.0.1", port: 0), league: LeagueHub(board)))
    defer { server.stop() }
    let browser = try Chromium(executable: executable)
    defer { browser.stop() }
    let page = try browser.open("\(server.url)/league/left")
    try browser.wait(for: "document.getElementById('sheet')?.dataset.game === '2'", in: page)
    let json = try browser.evaluate(
      """
      JSON.stringify((() => {
        const all = (selector, map) => [...document.querySelectorAll(selector)].map(map);
        const markup = all("#sheet tr.bowler", row => row).find(row => row.dataset.bowler.startsWith("<script>"));
        return {
          title: document.getElementById("title").textContent,
          teams: all("#sheet tbody tr.teamrow th", th => th.textContent),
          standings: all("#standings tbody th", th => th.textContent),
          numbers: all("#sheet thead th[data-frame]", th => th.textContent),
          markupRow: markup ? markup.querySelector(".who").textContent + " " + markup.querySelector(".tags").textContent : null,
          scriptsInBoard: document.querySelectorAll("#sheet script, #standings script, header script").length,
          upRows: all("#sheet tr.up", row => row.dataset.bowler),
          upFrames: all("#sheet tr.up td.now", cell => cell.dataset.frame),
          upLine: document.getElementById("up").textContent,
          otherUpRows: all("#sheet tr.up-other", row => row.dataset.bowler),
          otherUpTags: all("#sheet tr.up-other .tags", tags => tags.textContent),
          dimmedLanes: all("#sheet td.frame.other", cell => cell.dataset.lane),
          dimmedTags: all("#sheet td.frame.other .lanetag", tag => tag.textContent),
          plainLanes: all("#sheet td.frame:not(.other)[data-lane]", cell => cell.dataset.lane),
          blindRows: all("#sheet tr.bowler", row => row).filter(row => row.querySelector("td.blind"))
            .map(row => row.dataset.bowler),
          blindTexts: all("#sheet td.blind", cell => cell.textContent),
        };
      })())
      """, in: page) as? String ?? "{}"
    let shown = try JSONDecoder().decode(Shown.self, from: Data(json.utf8))

    var layouts: [Layout] = []
    for screen in screens {
      try browser.send(
        "Emulation.setDeviceMetricsOverride",
        ["width": screen.width, "height": screen.height, "deviceScaleFactor": 1, "mobile": false], session: page)
      let json = try browser.evaluate(
        """
        JSON.stringify((() => {
          const cells = [...document.querySelectorAll("#sheet td.frame")];
          const first = document.querySelector("#sheet tr.bowler");
          const misplaced = [...first.querySelectorAll("td.frame")].filter(cell => {
            const box = cell.getBoundingClientRect();
            const th = document.querySelector('#sheet thead th[data-frame="' + cell.dataset.frame + '"]').getBoundingClientRect();
            const centre = (th.left + th.right) / 2;
            return !(box.left < centre && centre < box.right && th.bottom <= box.top);
          }).map(cell => cell.dataset.frame);
          return {
            width: window.innerWidth, height: window.innerHeight,
            pageWidth: document.documentElement.scrollWidth, pageHeight: document.documentElement.scrollHeight,
            bowlerRows: document.querySelectorAll("#sheet tr.bowler").length,
            marksTops: cells.map(c => c.querySelector(".marks").getBoundingClientRect().top - c.getBoundingClientRect().top),
            totalTops: cells.map(c => c.querySelector(".total").getBoundingClientRect().top - c.getBoundingClientRect().top),
            spills: cells.filter(c => { const t = c.querySelector(".total"); return t.scrollWidth > t.clientWidth; }).length,
            misplacedNumbers: misplaced,
            totalFont: parseFloat(getComputedStyle(document.querySelector("#sheet .total")).fontSize),
            nameFont: parseFloat(getComputedStyle(document.querySelector("#sheet .who")).fontSize),
          };
        })())
        """, in: page) as? String ?? "{}"
      layouts.append(try JSONDecoder().decode(Layout.self, from: Data(json.utf8)))
      try FileManager.default.createDirectory(at: BrowserTests.output, withIntermediateDirectories: true)
      let name = screen.width == 1920 ? "league-overhead.png" : "league-overhead-\(screen.width)x\(screen.height).png"
      try browser.screenshot(of: page).write(to: BrowserTests.output.appendingPathComponent(name))
    }
    return (shown, layouts)
  }
}
