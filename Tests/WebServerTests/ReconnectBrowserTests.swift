import Bowling
import Foundation
import LaneBridge
import TestSupport
import Testing
import WebServer

/// An overhead page in headless Chromium whose event stream the server ends mid-game: its
/// `EventSource` reconnects with `Last-Event-ID` and the page ends with every ball once.
///
/// The server is not restarted: starting a new one on the same port at once failed here with
/// "address already in use", so the test ends the streams the way a shutdown does.
@Suite(
  "An overhead board in headless Chromium whose event stream is dropped", .serialized,
  .enabled(
    if: Chromium.executable != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium: scripts/install-packages test"))
struct ReconnectBrowserTests {
  /// A game with a strike, spares, a split, a foul and open frames: 18 balls.
  static let deliveries: [Throw] = [
    .knocked(.full), .knocked([1, 2, 3, 4, 5, 6, 8, 9]), .knocked([7, 10]),
    Throw(.pins([]), isFoul: true), .knocked([1, 2, 3, 4, 5, 6, 7]),
    .knocked([1, 2, 3, 4, 5, 6, 8, 9]), .knocked([]), .knocked([1, 2, 3, 5, 6, 8, 9]),
    .knocked([4, 7]), .knocked([1, 2, 3, 4, 5]), .knocked([6, 7, 8]),
    .knocked(.full), .knocked([1, 2, 4, 5, 7, 8]), .knocked([3, 6, 9, 10]),
    .knocked([1, 2, 3]), .knocked([4, 5, 6]), .knocked([1, 3, 5, 6, 9, 10]), .knocked([2, 4]),
  ]

  @Test("When the server drops the page's stream mid-game and balls are bowled meanwhile, then the page reconnects with Last-Event-ID and shows every ball exactly once")
  func restart() async throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    // The browser and the blocking server calls run on a thread of their own, never on the
    // cooperative threads the in-process server answers on.
    try await offPool { try Self.scenario(chromium: executable) }
  }

  static func scenario(chromium executable: String) throws {
    let expected = try Game(deliveries)
    let hub = BoardHub()
    var display = WebDisplay(lane: "1", hub: hub)
    var session = LaneSession(bowlers: ["Ana"])
    var sequence = 1
    func bowl(_ delivery: Throw) throws {
      try session.record(delivery)
      sequence += 1
      display.show(LaneEvent(.status(.running), sequence: sequence), in: session)
    }
    display.show(LaneEvent(.status(.running), sequence: sequence), in: session)
    let server = try RunningBoardServer.start(BoardServer(hub: hub, address: HTTPAddress(host: "127.0.0.1", port: 0)))
    defer { server.stop() }
    let port = server.port
    let browser = try Chromium(executable: executable)
    defer { browser.stop() }
    let page = try browser.open("http://127.0.0.1:\(port)/lanes/1")
    try browser.wait(for: "document.getElementById('link')?.textContent === 'live'", in: page)
    // Every sequence the page draws, in order, to see no board is lost or drawn twice.
    try browser.evaluate(
      """
      window.drawn = [];
      new MutationObserver(() => drawn.push(Number(document.getElementById('sheet').dataset.sequence)))
        .observe(document.getElementById('sheet'), { attributes: true, attributeFilter: ['data-sequence'] });
      """, in: page)

    // Given: the first half of the game shown live.
    for delivery in deliveries.prefix(9) {
      try bowl(delivery)
      Thread.sleep(forTimeInterval: 0.05)
    }
    try browser.wait(for: "document.getElementById('sheet').dataset.sequence === '\(sequence)'", in: page)
    let shownBeforeStop = sequence

    // When: the server ends every page's stream (as it does on shutting down) and refuses
    // new ones while three balls are bowled, then takes pages again.
    hub.close()
    try browser.wait(for: "document.getElementById('link')?.textContent === 'reconnecting'", in: page)
    for delivery in deliveries[9..<12] { try bowl(delivery) }
    hub.reopen()
    try browser.wait(for: "document.getElementById('sheet').dataset.sequence === '\(sequence)'", in: page)
    for delivery in deliveries[12...] {
      try bowl(delivery)
      Thread.sleep(forTimeInterval: 0.05)
    }
    try browser.wait(for: "document.getElementById('sheet').dataset.sequence === '\(sequence)'", in: page)

    // Then: it came back with the sequence it had shown.
    #expect(hub.resumedFrom.contains(shownBeforeStop), "resumed from \(hub.resumedFrom), had shown \(shownBeforeStop)")
    // Then: every frame's marks and total once, as the game scores them.
    let frames = try #require(
      try browser.evaluate(
        "[...document.querySelectorAll('#sheet .frame')].map(c => [c.dataset.marks, c.querySelector('.total').dataset.total])",
        in: page) as? [[String]])
    #expect(frames.map { $0[0] } == expected.frames.map { $0.balls.map(\.mark.symbol).joined(separator: " ") })
    #expect(frames.map { $0[1] } == expected.frames.map { $0.cumulative.map(String.init) ?? "" })
    // Then: the page never went back, and skipped only the balls bowled while it was away.
    let drawn = try #require(try browser.evaluate("drawn", in: page) as? [Int])
    #expect(drawn == drawn.sorted(), "drawn: \(drawn)")
    let missed = Set(shownBeforeStop + 1...sequence).subtracting(drawn)
    #expect(missed.isSubset(of: Set(shownBeforeStop + 1..<shownBeforeStop + 3)), "drawn: \(drawn)")
  }
}
