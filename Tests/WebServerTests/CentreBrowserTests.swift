import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A centre's web boards as a browser shows them: a real mosquitto, four lanes replaying
/// bundled traces with `lane simulate --broker`, the desk acknowledging, and `lane display`
/// serving every lane to headless Chromium.
///
/// Screenshots and the page-update latency go to `.build/web-boards/` with those of
/// BrowserTests. Skipped only when chromium or mosquitto is missing and `CI` is not set.
@Suite(
  "A centre's web boards from the broker in headless Chromium", .holdsAThread, .serialized,
  .enabled(
    if: (Chromium.executable != nil && Mosquitto.binary != nil)
      || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium and mosquitto: scripts/install-packages test"))
struct CentreBrowserTests {
  static let traces = [
    "freefall-fouls-and-sweeps", "respot-only-game", "string-pinsetter-game", "two-games-held-out",
  ]

  /// One frame as `lane simulate --json` scores it.
  struct Frame: Equatable, CustomStringConvertible {
    var marks: String
    var total: String
    var description: String { "\(marks) [\(total)]" }
  }

  /// The last game of a trace as `lane simulate --json` scores it: its frames and total.
  static func scored(_ trace: String) throws -> (frames: [Frame], total: Int) {
    let process = try ChildProcess(
      try LaneServing.executable(), ["simulate", "--json", path(of: trace)], output: .pipe(.outOfChild))
    let data = Data(try process.standardOutput!.readToEnd())
    process.waitForExit()
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let game = try #require((report["games"] as? [[String: Any]])?.last)
    let frames = (game["frames"] as? [[String: Any]] ?? []).map { frame in
      Frame(
        marks: (frame["marks"] as? [String] ?? []).joined(separator: " "),
        total: (frame["cumulative"] as? Int).map(String.init) ?? "")
    }
    return (frames, try #require(game["total"] as? Int))
  }

  static func path(of trace: String) -> String {
    LaneServing.packageRoot.appendingPathComponent("Hardware/traces/\(trace).trace").path
  }

  /// A `lane` child process (a lane or the desk), its stderr into a file, stopped by its pid.
  final class Child {
    let process: ChildProcess
    let log: URL

    init(_ arguments: [String], log: URL) throws {
      self.log = log
      process = try ChildProcess(try LaneServing.executable(), arguments, error: .file(log.path))
    }

    deinit { stop() }

    var errors: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Waits for the process to end by itself, at most `seconds`, and returns its status.
    func waitForExit(within seconds: Double) -> Int32? {
      process.waitForExit(within: .seconds(seconds))
    }

    @discardableResult
    func stop() -> Int32 {
      process.stop(signal: SIGTERM, within: .seconds(60))
    }
  }

  /// p50 and p99 of `values`, nearest rank.
  static func percentiles(_ values: [Double]) -> (p50: Double, p99: Double, max: Double) {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return (0, 0, 0) }
    let rank = { (p: Double) in sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))] }
    return (rank(0.5), rank(0.99), sorted.last!)
  }

  @Test("When four lanes play over the broker, then lane display shows each lane's marks and totals on the desk and the overhead boards, a display started mid-game too")
  func fourLanes() throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    let expected = try Self.traces.map(Self.scored)
    let broker = try LoopbackBroker()
    defer { broker.stop() }
    let output = BrowserTests.output
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

    // Given: the desk acknowledging and a display serving the boards.
    let desk = try Child(["desk", "--broker", broker.url, "--json"], log: broker.folder.appendingPathComponent("desk.err"))
    defer { desk.stop() }
    let display = try LaneServing(["display", "--broker", broker.url, "--http", "127.0.0.1:0"])
    defer { display.stop() }
    let browser = try Chromium(executable: executable)
    defer { browser.stop() }
    let base = "http://127.0.0.1:\(display.port)"
    let deskPage = try browser.open("\(base)/")
    print("centre test: desk page open")

    // When: four lanes replay their traces at 10 times their pace.
    var lanes: [Child] = []
    defer { for lane in lanes { lane.stop() } }
    for (index, trace) in Self.traces.enumerated() {
      lanes.append(
        try Child(
          ["simulate", "--broker", broker.url, "--lane", "\(index + 1)", "--speed", "10", Self.path(of: trace)],
          log: broker.folder.appendingPathComponent("lane\(index + 1).err")))
    }
    try browser.wait(for: "document.querySelectorAll('#lanes tbody tr').length === 4", in: deskPage, within: 60)
    var overheads: [String] = []
    for lane in 1...4 { overheads.append(try browser.open("\(base)/lanes/\(lane)")) }
    print("centre test: four overhead pages open")
    // A second display joins mid-game: it asks each lane for its session from seq 1.
    let late = try LaneServing(["display", "--broker", broker.url, "--http", "127.0.0.1:0"])
    defer { late.stop() }

    for (index, lane) in lanes.enumerated() {
      #expect(lane.waitForExit(within: 120) == 0, "lane \(index + 1): \(lane.errors)")
    }

    print("centre test: the lanes ended")
    // Then: each overhead board shows its trace's last game, frame by frame.
    for (index, page) in overheads.enumerated() {
      let (frames, total) = expected[index]
      try browser.wait(
        for: "document.querySelector('#sheet .series')?.dataset.gameTotal === '\(total)'"
          + " && document.querySelector('#sheet .frame[data-frame=\"10\"] .total').dataset.total === '\(total)'",
        in: page, within: 30)
      let shown = try #require(
        try browser.evaluate(
          "[...document.querySelectorAll('#sheet .frame')].map(c => [c.dataset.marks, c.querySelector('.total').dataset.total])",
          in: page) as? [[String]])
      #expect(shown.map { Frame(marks: $0[0], total: $0[1]) } == frames, "lane \(index + 1)")
    }

    print("centre test: overhead boards checked")
    // Then: the desk has every lane with its score, offline once its lane has stopped.
    for (index, (_, total)) in expected.enumerated() {
      let row = "#lanes tr[data-lane=\"\(index + 1)\"]"
      try browser.wait(
        for: "document.querySelector('\(row) [data-bowler=\"0\"]')?.dataset.score === '\(total)'"
          + " && document.querySelector('\(row) .status').dataset.link === 'offline'",
        in: deskPage, within: 30)
    }

    // Then: the display that joined late shows the same boards.
    for lane in 1...4 {
      let first = try Self.bowlers(of: "\(lane)", port: display.port)
      let second = try Self.bowlers(of: "\(lane)", port: late.port)
      #expect(first == second, "lane \(lane)")
    }

    print("centre test: desk and late display checked")
    // The screenshots and the latency, kept under .build/web-boards/.
    for (page, file) in [(deskPage, "centre-desk.png"), (overheads[0], "centre-overhead.png")] {
      // A tab in the background draws no frame to capture.
      try browser.send("Page.bringToFront", session: page)
      try browser.send(
        "Emulation.setDeviceMetricsOverride",
        ["width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false], session: page)
      try browser.screenshot(of: page).write(to: output.appendingPathComponent(file))
    }
    var latencies: [Double] = []
    for page in overheads { latencies += try browser.evaluate("latencies", in: page) as? [Double] ?? [] }
    #expect(latencies.count >= 40, "the pages should have seen the games' updates arrive one by one")
    let (p50, p99, worst) = Self.percentiles(latencies)
    let report = String(
      format: "centre: lane-publish-to-page latency over %d board updates on 4 lanes: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
      latencies.count, p50, p99, worst)
    try report.write(to: output.appendingPathComponent("centre-latency.txt"), atomically: true, encoding: .utf8)
    print("web boards: \(report)web boards: screenshots in \(output.path)")

    #expect(display.stop() == 0)
    #expect(late.stop() == 0)
  }

  /// A lane's bowlers as a display's JSON endpoint has them.
  static func bowlers(of lane: String, port: Int) throws -> String {
    let client = try LoopbackClient(port: port)
    try client.get("/api/lanes/\(lane)", headers: ["Connection: close"])
    let body = try client.response().body
    let board = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let bowlers = try JSONSerialization.data(withJSONObject: board["bowlers"] ?? [], options: [.sortedKeys])
    return String(decoding: bowlers, as: UTF8.self)
  }
}
