import Foundation
import Journal
import LaneConfiguration
import League
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A pair in open play that the desk turns into a league night and back, through the built
/// `lane` against a real mosquitto: open play, the clerk ends both lanes' sessions and
/// starts the night, the pair bowls it into a night journal of its own, the clerk ends it,
/// and the lanes play open again, nothing lost on the way.
@Suite(
  "A league night started on a pair from the desk, over the broker, through lane",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason), .serialized)
struct DeskLeagueStartOverBrokerTests {
  /// The replays' pace, times the traces' own, and the quiet between the parts of the
  /// evening, in seconds of the traces: a minute of the test's, for the desk's requests and the
  /// switch between open play and the night however loaded the machine.
  static let speed = 1000.0
  static let gap = 60_000.0
  /// The quiet as the test waits it.
  static let quiet = Duration.seconds(gap / speed)

  let broker: TestBroker
  let lane: String
  /// Each lane's evening: open play, quiet, the night, quiet, open play.
  let parts: [Parts]

  struct Parts {
    var openPlay: String
    var night: String
    var after: String
  }

  /// Given a broker with the users desk, lane1 and lane2, the built lane, a pair config with
  /// each lane's journal and broker user, a night file, and each lane's evening as one trace.
  init() throws {
    broker = try TestBroker()
    guard let laneBinary else {
      throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
    }
    lane = laneBinary
    var random = SeededRandom(seed: 2611)
    let planned = PlannedNight(
      night: try LeagueNightFile.parse(text: LeagueCorrections.night, file: "night.toml"), using: &random)
    try LeagueCorrections.night.write(toFile: broker.folder + "/night.toml", atomically: false, encoding: .utf8)
    let games = ["string-pinsetter-game", "respot-only-game"].map { BundledTrace(name: $0).path }
    parts = try zip(games, [planned.traces.left, planned.traces.right]).map { game, night in
      // Open play: the game's first three frames; after the night, its first.
      let game = try String(contentsOfFile: game, encoding: .utf8)
      return Parts(
        openPlay: TraceText.events(game, before: "# frame 4 ball 1"), night: night,
        after: TraceText.events(game, before: "# frame 2 ball 1"))
    }
    for (name, part) in zip(["left", "right"], parts) {
      var evening = TraceText(part.openPlay)
      evening.append(part.night, after: Self.gap)
      evening.append(part.after, after: Self.gap)
      try evening.text.write(toFile: path("\(name).trace"), atomically: false, encoding: .utf8)
    }
    try """
      [[lanes]]
      lane = "lane1"
      wiring = "lane1.toml"
      journal = "lane1/lane.journal"
      credentials = "lane1.credentials"

      [[lanes]]
      lane = "lane2"
      wiring = "lane2.toml"
      journal = "lane2/lane.journal"
      credentials = "lane2.credentials"

      [centre]
      broker = "\(url)"
      """.write(toFile: path("pair.toml"), atomically: false, encoding: .utf8)
    for folder in ["lane1", "lane2", "reference"] {
      try FileManager.default.createDirectory(atPath: path(folder), withIntermediateDirectories: false)
    }
  }

  var url: String { "mqtt://127.0.0.1:\(broker.port)" }

  func path(_ name: String) -> String { broker.folder + "/" + name }

  func output(_ file: String) -> String { (try? String(contentsOfFile: path(file), encoding: .utf8)) ?? "" }

  /// Lane `lane`'s journal and its closed sessions.
  func journal(of lane: String) -> LaneJournalFiles { LaneJournalFiles(path("\(lane)/lane.journal")) }

  /// The night journals the desk's starts wrote beside the left lane's journal.
  func nightJournals() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path("lane1/nights"))) ?? [])
      .filter { $0.hasSuffix(".journal") }.map { path("lane1/nights/" + $0) }
  }

  /// The deliveries of a night journal, read as the pair reads it; `nil` when it cannot be.
  func deliveries(ofNight journal: String) -> Int? {
    guard let file = try? JournalFile(path: journal, ifMissing: .refuse),
      let night = try? JournalledNight(store: file, opened: file)
    else { return nil }
    return night.play.deliveries.count
  }

  /// What one `lane` run made of `arguments` in the reference folder: its exit status.
  func reference(_ arguments: [String]) async throws -> Int32? {
    let child = try ChildProcess(
      lane, arguments, output: .file(path("reference.out")), error: .file(path("reference.err")),
      directory: path("reference"))
    return await child.exited()
  }

  /// The throws one lane alone journals from `trace`'s text: what the pair's open play owes.
  func throwsOfOpenPlay(_ trace: String, _ name: String) async throws -> Int {
    try trace.write(toFile: path("reference/\(name).trace"), atomically: false, encoding: .utf8)
    #expect(try await reference(["simulate", "--journal", "\(name).journal", "\(name).trace"]) == 0, "\(output("reference.err"))")
    return LaneJournalFiles.throwRecords(inFile: path("reference/\(name).journal"))
  }

  /// `lane desk send LANE ACTION [VALUE]`: what it printed and its exit status.
  func send(_ target: String, _ action: [String], id: String) async throws -> (output: String, status: Int32) {
    try await broker.deskSend([target] + action + ["--request-id", id], lane: lane)
  }

  @Test("When the desk ends both lanes' open play, starts a league night on the pair, and ends it, then each lane's journal holds its open play, the night's journal the whole night, and the desk had every record")
  func openPlayLeagueNightOpenPlay() async throws {
    // Given: what each part bowls on its own.
    var openPlay: [Int] = []
    var after: [Int] = []
    for (index, part) in parts.enumerated() {
      openPlay.append(try await throwsOfOpenPlay(part.openPlay, "open\(index)"))
      after.append(try await throwsOfOpenPlay(part.after, "after\(index)"))
    }
    try parts[0].night.write(toFile: path("reference/left.trace"), atomically: false, encoding: .utf8)
    try parts[1].night.write(toFile: path("reference/right.trace"), atomically: false, encoding: .utf8)
    try LeagueCorrections.night.write(toFile: path("reference/night.toml"), atomically: false, encoding: .utf8)
    #expect(
      try await reference(["simulate", "--league", "night.toml", "--journal", "night.journal", "left.trace", "right.trace"]) == 0,
      "\(output("reference.err"))")
    let night = try #require(deliveries(ofNight: path("reference/night.journal")))
    #expect(openPlay.allSatisfy { $0 > 0 } && after.allSatisfy { $0 > 0 } && night > 0)

    let subscribed = { broker.log.contains("lanebridge/v1/lanes/+/events") }
    let desk = try ChildProcess(
      lane, ["desk", "--broker", url, "--mqtt-credentials", path("desk.credentials"), "--json"],
      outputFile: path("desk.out"))
    defer { desk.stop() }
    #expect(await eventually(within: .seconds(30)) { subscribed() })

    // When: the pair plays its evening; the clerk ends both lanes' open play once it is
    // bowled, and starts the night.
    let pair = try ChildProcess(
      lane, ["simulate", "--config", "pair.toml", "--speed", "\(Self.speed)", "left.trace", "right.trace"],
      output: .file(path("pair.out")), error: .file(path("pair.err")), directory: broker.folder)
    defer { _ = pair.stop() }
    #expect(
      await eventually(within: .seconds(30)) {
        journal(of: "lane1").throwRecords.current == openPlay[0] && journal(of: "lane2").throwRecords.current == openPlay[1]
      }, "\(output("pair.err"))")
    // A start on a lane with deliveries is refused, and changes nothing.
    let busy = try await send("lane1", ["start-league", "night.toml"], id: "start-busy")
    #expect(busy.status == 65 && busy.output.contains("has a session in progress"), "\(busy.output)")
    for name in ["lane1", "lane2"] {
      let ended = try await send(name, ["end-session"], id: "end-\(name)")
      #expect(ended.status == 0, "\(ended.output)")
    }
    let started = try await send("lane2", ["start-league", "night.toml"], id: "start-night")

    // Then: the night is started on the pair and bowled into its journal beside lane1's,
    // once the quiet before it has passed.
    #expect(started.status == 0 && started.output.contains("league night"), "\(started.output)\n\(output("pair.err"))")
    #expect(
      await eventually(within: Self.quiet + .seconds(120)) {
        nightJournals().count == 1 && deliveries(ofNight: nightJournals()[0]) == night
      }, "\(nightJournals()) \(output("pair.err"))")
    #expect(try String(contentsOfFile: path("lane1/nights/current"), encoding: .utf8).hasSuffix("\n"))

    // When: the clerk ends the night, on either lane.
    let ended = try await send("lane1", ["end-session"], id: "end-night")

    // Then: the lanes play open again, and the pair ends with its traces.
    #expect(ended.status == 0 && ended.output.contains("league night ended"), "\(ended.output)")
    #expect(await pair.exited(within: Self.quiet + .seconds(120)) == 0, "\(output("pair.err"))")
    #expect(!FileManager.default.fileExists(atPath: path("lane1/nights/current")))
    for (index, name) in ["lane1", "lane2"].enumerated() {
      let records = journal(of: name).throwRecords
      #expect(records.closed == openPlay[index] && records.current == after[index], "\(name): \(records)")
    }
    #expect(nightJournals().count == 1 && deliveries(ofNight: nightJournals()[0]) == night)
    // Each lane's session before the night was ended as the clerk's start: its author.
    for name in ["lane1", "lane2"] {
      let closed = journal(of: name).closedSessions
      #expect(
        closed.contains { ((try? String(contentsOfFile: $0, encoding: .utf8)) ?? "").contains("\"by\":\"desk/start-night\"") },
        "\(name): \(closed)")
    }
    // The desk had the night from both lanes, and each lane's open play.
    let deskText = output("desk.out")
    #expect(
      await eventually(within: .seconds(20)) {
        output("desk.out").components(separatedBy: "\"type\":\"throw\"").count - 1
          >= openPlay.reduce(0, +) + after.reduce(0, +) + 2 * night
      }, "\(deskText.suffix(2000))")
    #expect(!output("pair.err").contains("has not acknowledged"), "\(output("pair.err"))")
  }
}
