import Bowling
import Foundation
import LaneBridge
import LaneSensing
import TestSupport
import Testing
import WebBoard
import WebServer

/// The overhead board as bowlers read it, measured in headless Chromium: three bowlers
/// with known, pending and unbowled frames, and a detector warning, served in process.
///
/// The browser works on a thread of its own and hands back what it measured; the
/// expectations run in the test, so a failure is reported as the test's. Saves
/// `overhead-three-bowlers.png` to `.build/web-boards/` with BrowserTests' files. Skipped
/// only when chromium is missing and `CI` is not set.
@Suite(
  "The overhead board's layout in headless Chromium", .serialized,
  .enabled(
    if: Chromium.executable != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium: scripts/install-packages test"))
struct OverheadLayoutBrowserTests {
  /// Seven rounds of Ana's strike, Ben's 7 and 2, Cho's 9 and spare, then Ana's strike and
  /// Ben's 7: totals known (three digits among them), pending and not yet bowled.
  static let deliveries: [Throw] =
    Array(
      repeating: [
        .knocked(.full), .knocked([2, 3, 4, 5, 6, 7, 8]), .knocked([9, 10]),
        .knocked([1, 2, 3, 4, 5, 6, 7, 8, 9]), .knocked([10]),
      ], count: 7
    ).flatMap { $0 } + [.knocked(.full), .knocked([2, 3, 4, 5, 6, 7, 8])]

  /// What the detector tells the technician; the bowlers' page must not show it.
  static let warning = LaneWarning.detector(
    ThrowDetector.Warning(time: at(ms: 227_608), kind: .pinRoseDuringDelivery(Pin(rawValue: 3)!)))

  /// The screen sizes measured: the 1080p the board is laid out for, and a smaller one.
  static let screens = [(width: 1920, height: 1080), (width: 1280, height: 800)]

  /// One frame's cell as a screen lays it out, in CSS pixels from the page's top left.
  struct Cell: Decodable, Sendable {
    var frame: String
    var hasTotal: Bool
    /// How far below the cell's top its marks and its total start.
    var marksTop: Double
    var totalTop: Double
    var left: Double
    var right: Double
    /// The frame's number above the sheet, if the page has one.
    var headingCentre: Double?
    var headingBottom: Double?
    /// The top of the sheet's first bowler.
    var firstRowTop: Double
    /// Whether the total is wider than its frame.
    var spills: Bool
  }

  /// What the pages show once the lane has warned.
  struct Shown: Sendable {
    var boardFaults: [String]
    var deskFault: String?
    var overheadText: String
  }

  @Test("When frames with and without running totals are shown, then every frame's marks and total sit at the same height in its cell, under its number, and no total spills out of its frame")
  func marksStayPut() async throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")

    // The browser and the blocking server calls run on a thread of their own, never on the
    // cooperative threads the in-process server answers on.
    let (totals, screens) = try await offPool { try Self.layout(chromium: executable) }

    // The board holds the kinds of frame the test is about.
    #expect(totals.contains { $0.count == 3 }, "a three-digit total: \(totals)")
    #expect(totals.contains(""), "frames without a total: \(totals)")
    for (size, cells) in screens {
      #expect(cells.count == 30, "\(size)")
      #expect(Set(cells.map(\.hasTotal)) == [true, false], "\(size)")
      // Then: marks and totals sit at one height in every frame, with a total or without.
      let marksTops = Set(cells.map(\.marksTop))
      let totalTops = Set(cells.map(\.totalTop))
      #expect(marksTops.count == 1, "\(size): marks at \(marksTops.sorted()) below their cells' tops")
      #expect(totalTops.count == 1, "\(size): totals at \(totalTops.sorted()) below their cells' tops")
      for cell in cells {
        let frame = "\(size): frame \(cell.frame)"
        // Then: its number is above the sheet, centred over its column.
        let centre = try #require(cell.headingCentre, "\(frame) has no number above it")
        let bottom = try #require(cell.headingBottom, "\(frame) has no number above it")
        #expect(cell.left < centre && centre < cell.right, "\(frame)'s number")
        #expect(bottom <= cell.firstRowTop, "\(frame)'s number")
        // Then: the total fits its frame.
        #expect(!cell.spills, "\(frame)'s total")
      }
    }
  }

  @Test("When the detector warns, then the desk shows the warning and the bowlers' overhead board does not")
  func warningsAtTheDesk() async throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    let line = "warning: \(Self.warning)"

    let shown = try await offPool { try Self.warnings(chromium: executable) }

    // Then: the board's JSON carries it for the desk, and the desk's row shows it.
    #expect(shown.boardFaults.last == line)
    #expect(shown.deskFault == line)
    // Then: nothing on the overhead page does.
    #expect(shown.overheadText.contains("Ana"), "the page is drawn: \(shown.overheadText)")
    #expect(!shown.overheadText.contains("rose again"), "\(shown.overheadText)")
    #expect(!shown.overheadText.contains("warning"), "\(shown.overheadText)")
  }

  /// A lane with the three bowlers' frames and the warning, served on a free loopback port
  /// until the test stops its server.
  struct Lane {
    let hub = BoardHub()
    let server: RunningBoardServer
    /// The sequence of the last board published.
    private(set) var sequence = 0

    init() throws {
      var display = WebDisplay(lane: "1", hub: hub)
      var session = LaneSession(bowlers: ["Ana", "Ben", "Cho"])
      for delivery in OverheadLayoutBrowserTests.deliveries {
        try session.record(delivery)
        sequence += 1
        display.show(LaneEvent(.status(.running), sequence: sequence), in: session)
      }
      // The deck as the pinsetter leaves it for Ben's second ball: the 1, 9 and 10.
      display.show(LaneEvent(.deckChanged(standing: session.standing.pins ?? .full), sequence: sequence), in: session)
      display.show(LaneEvent(.warning(OverheadLayoutBrowserTests.warning), sequence: sequence), in: session)
      server = try RunningBoardServer.start(BoardServer(hub: hub, address: HTTPAddress(host: "127.0.0.1", port: 0)))
    }

    var base: String { "http://127.0.0.1:\(server.port)" }
  }

  /// Given the three bowlers' board, when the overhead page is laid out on each of
  /// ``screens``: the frames' totals as shown, and every frame's cell per screen.
  static func layout(chromium executable: String) throws -> (totals: [String], screens: [(String, [Cell])]) {
    let lane = try Lane()
    defer { lane.server.stop() }
    let browser = try Chromium(executable: executable)
    defer { browser.stop() }
    let page = try browser.open("\(lane.base)/lanes/1")
    try browser.wait(for: "document.getElementById('sheet')?.dataset.sequence === '\(lane.sequence)'", in: page)
    let totals =
      try browser.evaluate(
        "[...document.querySelectorAll('#sheet .frame')].map(c => c.querySelector('.total').dataset.total)",
        in: page) as? [String] ?? []

    var measured: [(String, [Cell])] = []
    for screen in screens {
      try browser.send(
        "Emulation.setDeviceMetricsOverride",
        ["width": screen.width, "height": screen.height, "deviceScaleFactor": 1, "mobile": false], session: page)
      let json = try browser.evaluate(
        """
        JSON.stringify([...document.querySelectorAll('#sheet tbody tr')].flatMap(row =>
          [...row.querySelectorAll('.frame')].map(cell => {
            const box = cell.getBoundingClientRect();
            const total = cell.querySelector('.total');
            const th = document.querySelector('#sheet thead th[data-frame="' + cell.dataset.frame + '"]');
            const heading = th ? th.getBoundingClientRect() : null;
            return { frame: cell.dataset.frame, hasTotal: total.dataset.total !== '',
              marksTop: cell.querySelector('.marks').getBoundingClientRect().top - box.top,
              totalTop: total.getBoundingClientRect().top - box.top, left: box.left, right: box.right,
              headingCentre: heading ? (heading.left + heading.right) / 2 : null,
              headingBottom: heading ? heading.bottom : null,
              firstRowTop: document.querySelector('#sheet tbody tr').getBoundingClientRect().top,
              spills: total.scrollWidth > total.clientWidth };
          })))
        """, in: page) as? String ?? "[]"
      measured.append(("\(screen.width)x\(screen.height)", try JSONDecoder().decode([Cell].self, from: Data(json.utf8))))
    }

    try FileManager.default.createDirectory(at: BrowserTests.output, withIntermediateDirectories: true)
    try browser.send(
      "Emulation.setDeviceMetricsOverride",
      ["width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false], session: page)
    try browser.screenshot(of: page).write(to: BrowserTests.output.appendingPathComponent("overhead-three-bowlers.png"))
    return (totals, measured)
  }

  /// Given the lane's board after the detector's warning, when its JSON, the overhead page
  /// and the desk are read: what each shows.
  static func warnings(chromium executable: String) throws -> Shown {
    let lane = try Lane()
    defer { lane.server.stop() }
    let json = try LoopbackClient(port: lane.server.port)
    try json.get("/api/lanes/1", headers: ["Connection: close"])
    let board = try JSONDecoder().decode(LaneBoard.self, from: Data(try json.response().body.utf8))

    let browser = try Chromium(executable: executable)
    defer { browser.stop() }
    let overhead = try browser.open("\(lane.base)/lanes/1")
    let desk = try browser.open("\(lane.base)/")
    try browser.wait(for: "document.getElementById('sheet')?.dataset.sequence === '\(lane.sequence)'", in: overhead)
    try browser.wait(
      for: "document.querySelector('#lanes tr[data-lane=\"1\"]')?.dataset.sequence === '\(lane.sequence)'", in: desk)
    return Shown(
      boardFaults: board.faults,
      deskFault: try browser.evaluate(
        "document.querySelector('#lanes tr[data-lane=\"1\"] .faults')?.textContent", in: desk) as? String,
      overheadText: try browser.evaluate("document.body.innerText", in: overhead) as? String ?? "")
  }
}
