import Bowling
import Foundation
import TestSupport
import Testing

/// The web boards as a browser shows them: `lane simulate --http` replaying a bundled trace
/// at 20 times its pace into headless Chromium, driven through the DevTools protocol.
///
/// Screenshots and the page-update latency go to `.build/web-boards/` (printed by
/// scripts/test). Skipped only when chromium is missing and `CI` is not set.
@Suite(
  "The web boards in headless Chromium", .holdsAThread, .serialized,
  .enabled(
    if: Chromium.executable != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium: scripts/install-packages test"))
struct BrowserTests {
  static let trace = "Hardware/traces/freefall-fouls-and-sweeps.trace"
  static let output = LaneServing.packageRoot.appendingPathComponent(".build/web-boards")

  /// The game the trace's `.expected` file describes, scored by the engine.
  static func expectedGame() throws -> Game {
    let path = LaneServing.packageRoot.appendingPathComponent(trace)
      .deletingPathExtension().appendingPathExtension("expected")
    var deliveries: [Throw] = []
    for line in try String(contentsOf: path, encoding: .utf8).split(separator: "\n")
    where line.hasPrefix("knocked=") {
      let fields = line.split(separator: " ")
      let knocked = fields[0].dropFirst("knocked=".count)
      let pins = knocked == "-" ? [] : knocked.split(separator: ",").compactMap { Int($0).flatMap(Pin.init) }
      deliveries.append(Throw(.pins(PinSet(pins)), isFoul: fields[1] == "foul=true"))
    }
    return try Game(deliveries)
  }

  @Test("When a game is replayed with --http, then the overhead board, the desk and the games page show its marks, totals and standing pins")
  func replay() throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    let expected = try Self.expectedGame()
    try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)
    let browser = try Chromium(executable: executable)
    defer { browser.stop() }
    try browser.send("Target.getTargets")
    let name = "<i>Ana</i> & \"Bo\""
    let lane = try LaneServing([
      "simulate", "--http", "127.0.0.1:0", "--speed", "20", "--log", "--bowlers", name,
      LaneServing.packageRoot.appendingPathComponent(Self.trace).path,
    ])
    defer { lane.stop() }
    let base = "http://127.0.0.1:\(lane.port)"

    // When: the overhead board and the desk are open while the trace plays.
    let overhead = try browser.open("\(base)/lanes/1")
    let desk = try browser.open("\(base)/")
    // Every split leave the deck is drawn with, as it happens.
    try browser.wait(for: "document.getElementById('deck') && document.getElementById('deck').dataset.count", in: overhead)
    try browser.evaluate(
      """
      window.splitsSeen = [];
      window.splitBoards = [];
      new MutationObserver(() => {
        const deck = document.getElementById('deck');
        const sequence = document.getElementById('sheet').dataset.sequence;
        if (deck.dataset.split === 'true' && splitBoards[splitBoards.length - 1] !== sequence) {
          splitBoards.push(sequence);
          splitsSeen.push(deck.dataset.standing);
        }
      }).observe(document.getElementById('deck'), { attributes: true });
      """, in: overhead)
    try browser.wait(for: "document.getElementById('sheet') && document.getElementById('sheet').dataset.status === 'ended'", in: overhead, within: 90)
    try lane.waitForError { $0.contains("serving the boards until stopped") }
    try browser.wait(for: "document.querySelector('#lanes tr[data-lane=\"1\"] .status')?.dataset.status === 'ended'", in: desk)

    // Then: every frame's marks and running total, and the pins left after each ball.
    let frames = try #require(
      try browser.evaluate(
        """
        [...document.querySelectorAll('#sheet .frame')].map(cell => ({
          marks: cell.dataset.marks, total: cell.querySelector('.total').dataset.total,
          leaves: [...cell.querySelectorAll('.marks span[data-standing-after]')].map(s => s.dataset.standingAfter),
          splits: [...cell.querySelectorAll('.marks span.split')].length }))
        """, in: overhead) as? [[String: Any]])
    #expect(frames.count == 10)
    for (cell, frame) in zip(frames, expected.frames) {
      #expect(cell["marks"] as? String == frame.balls.map(\.mark.symbol).joined(separator: " "), "frame \(frame.number)")
      #expect(cell["total"] as? String == frame.cumulative.map(String.init) ?? "", "frame \(frame.number)")
      let leaves = frame.balls.map { ball in ball.standingAfter.pins.map { $0.map(String.init).joined(separator: ",") } ?? "" }
      #expect(cell["leaves"] as? [String] == leaves, "frame \(frame.number)")
      #expect(cell["splits"] as? Int == frame.balls.count(where: \.isSplit), "frame \(frame.number)")
    }
    #expect(expected.balls.contains { $0.isSplit }, "the trace should leave a split to show")
    let total = try browser.evaluate("document.querySelector('#sheet .series').dataset.gameTotal", in: overhead)
    #expect(total as? String == String(expected.total))

    // Then: the deck drawn agrees with the board's deck, pin by pin.
    let deck = try #require(
      try browser.evaluate(
        """
        (() => { const svg = document.getElementById('deck');
          return { standing: svg.dataset.standing,
            drawn: [...svg.querySelectorAll('circle.standing')].map(c => c.dataset.pin).join(',') }; })()
        """, in: overhead) as? [String: String])
    #expect(deck["standing"] == deck["drawn"])
    // The splits after the first frame (the page may open after the first ball): each drawn
    // on the deck, marked, as the ball left it.
    let splitLeaves = expected.balls.filter(\.isSplit).compactMap { $0.standingAfter.pins?.map(String.init).joined(separator: ",") }
    let seen = try browser.evaluate("splitsSeen", in: overhead) as? [String] ?? []
    #expect(splitLeaves.count >= 2)
    #expect(Array(seen.suffix(2)) == Array(splitLeaves.suffix(2)))

    // Then: the name is shown as typed, never read as markup.
    #expect(try browser.evaluate("document.querySelector('#sheet .name').textContent", in: overhead) as? String == name)
    #expect(try browser.evaluate("document.querySelectorAll('#sheet i, #lanes i').length", in: overhead) as? Int == 0)
    let deskLine = try browser.evaluate("document.querySelector('#lanes tr[data-lane=\"1\"] [data-bowler=\"0\"]').textContent", in: desk)
    #expect((deskLine as? String)?.hasPrefix(name) == true)
    #expect((deskLine as? String)?.contains(String(expected.total)) == true)

    // Then: the finished game is listed with its statistics.
    let games = try browser.open("\(base)/lanes/1/games")
    try browser.wait(for: "document.querySelectorAll('#games tbody tr').length === 1", in: games)
    let listed = try browser.evaluate("document.querySelector('#games tbody tr').dataset.total", in: games)
    #expect(listed as? String == String(expected.total))

    // The screenshots and the latency, kept under .build/web-boards/.
    for (page, file) in [(overhead, "overhead.png"), (desk, "desk.png"), (games, "games.png")] {
      try browser.send(
        "Emulation.setDeviceMetricsOverride",
        ["width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false], session: page)
      try browser.screenshot(of: page).write(to: Self.output.appendingPathComponent(file))
    }
    let latencies = try #require(
      try browser.evaluate("latencies", in: overhead) as? [Double])
    #expect(latencies.count >= 20, "the page should have seen the game's updates arrive one by one")
    let sorted = latencies.sorted()
    let p50 = sorted[sorted.count / 2]
    let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    let report = String(
      format: "publish-to-page latency over %d board updates: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
      sorted.count, p50, p99, sorted.last ?? 0)
    try report.write(to: Self.output.appendingPathComponent("latency.txt"), atomically: true, encoding: .utf8)
    print("web boards: \(report)web boards: screenshots in \(Self.output.path)")

    #expect(lane.stop() == 0)
  }
}
