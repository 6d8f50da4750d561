import CentreLink
import Foundation
import Journal
import LaneConfiguration
import League
import TestSupport
import Testing
import WebBoard

#if canImport(Glibc)
  import Glibc
#endif

/// A pair bowling a league night on the centre link, through the built `lane` against a real
/// mosquitto: each lane publishes the whole night under its own id, the desk has every
/// record of each once, the desk corrects the night through either lane, and a pair killed
/// mid-night resumes with nothing lost.
@Suite(
  "A league night on a pair over the broker, through lane",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason),
  // One at a time: each correction's case starts a pair and desk requests, and nineteen at
  // once on two cores starve the other suites' broker tests.
  .serialized)
struct LeagueOverBrokerTests {
  /// One game of Pin Pals (Ana, Ben absent) against Gutter Kings (Cy, a vacancy, Di).
  static let night = LeagueCorrections.night

  let broker: TestBroker
  let lane: String

  /// Given a broker with the users desk, lane1 and lane2, the built lane, and the night's
  /// file and traces drawn from a seed in the broker's folder.
  init() throws {
    broker = try TestBroker(displays: ["display"])
    guard let laneBinary else {
      throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
    }
    lane = laneBinary
    var random = SeededRandom(seed: 2411)
    let planned = PlannedNight(night: try LeagueNightFile.parse(text: Self.night, file: "night.toml"), using: &random)
    try Self.night.write(toFile: path("night.toml"), atomically: false, encoding: .utf8)
    try planned.traces.left.write(toFile: path("left.trace"), atomically: false, encoding: .utf8)
    try planned.traces.right.write(toFile: path("right.trace"), atomically: false, encoding: .utf8)
    // Kept open after the night, for the desk's corrections however late they come.
    for (name, trace) in [("left", planned.traces.left), ("right", planned.traces.right)] {
      try BundledTrace.keptOpen(trace).write(toFile: path("\(name)-open.trace"), atomically: false, encoding: .utf8)
    }
  }

  var url: String { "mqtt://127.0.0.1:\(broker.port)" }

  func path(_ name: String) -> String { broker.folder + "/" + name }

  func credentials(_ user: String) -> String { path("\(user).credentials") }

  func output(_ file: String) -> String { (try? String(contentsOfFile: path(file), encoding: .utf8)) ?? "" }

  /// Starts `lane desk` (`--json`, or its overview), its output into `file`, once it
  /// subscribed to the lanes' events.
  func startDesk(_ extra: [String], into file: String) async throws -> ChildProcess {
    let subscriptions = { broker.log.components(separatedBy: "lanebridge/v1/lanes/+/events").count - 1 }
    let before = subscriptions()
    let desk = try ChildProcess(
      lane, ["desk", "--broker", url, "--mqtt-credentials", credentials("desk")] + extra, outputFile: path(file))
    #expect(await eventually(within: .seconds(30)) { subscriptions() > before })
    return desk
  }

  /// `lane simulate --league` on the pair lane1 (left) and lane2 (right), journalled; with
  /// `keptOpen`, on the traces that stay open an hour after the night.
  func startPair(_ extra: [String], keptOpen: Bool = false, into file: String) throws -> ChildProcess {
    try ChildProcess(
      lane,
      ["simulate", "--league", "night.toml", "--journal", "night.journal", "--broker", url,
       "--mqtt-credentials", credentials("lane1"), "--mqtt-credentials", credentials("lane2")]
        + extra + (keptOpen ? ["left-open.trace", "right-open.trace"] : ["left.trace", "right.trace"]),
      output: .file(path(file)), error: .file(path(file + ".err")), directory: broker.folder)
  }

  /// The events the desk printed for `lane`, in order.
  func deskEvents(_ file: String, lane: String) -> [[String: Any]] {
    output(file).split(separator: "\n").compactMap { line in
      guard line.hasPrefix("{"),
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["lane"] as? String == lane
      else { return nil }
      return object
    }
  }

  /// The night's journal, read as the pair reads it.
  func journalled() throws -> JournalledNight<JournalFile> {
    let file = try JournalFile(path: path("night.journal"), ifMissing: .refuse)
    return try JournalledNight(store: file, opened: file)
  }

  /// `lane desk send LANE league COMMAND --why WHY`: what it printed and its exit status.
  func send(_ target: String, _ command: String, why: String, id: String) async throws -> (output: String, status: Int32) {
    try await broker.deskSend([target, "league", command, "--why", why, "--request-id", id], lane: lane)
  }

  @Test("When a pair replays a night over the broker, then the desk has the whole night from each lane once, in order, naming the pair, and its overview shows the pair on one line")
  func publishesTheNight() async throws {
    let desk = try await startDesk(["--json"], into: "desk.out")
    defer { desk.stop() }
    let overview = try await startDesk([], into: "overview.out")
    defer { overview.stop() }

    let pair = try startPair([], into: "pair.out")

    #expect(await pair.exited() == 0, "\(output("pair.out.err"))")
    let records = try journalled()
    let count = records.lastSequence
    for name in ["lane1", "lane2"] {
      #expect(
        await eventually(within: .seconds(20)) { deskEvents("desk.out", lane: name).count >= count },
        "\(name): \(deskEvents("desk.out", lane: name).count) of \(count)")
      let events = deskEvents("desk.out", lane: name)
      #expect(events.compactMap { $0["seq"] as? Int } == Array(1...count), "\(name)")
      #expect(events.allSatisfy { ($0["pair"] as? [String: String]) == ["left": "lane1", "right": "lane2"] })
      #expect(events.first?["type"] as? String == "session-start")
      #expect(events.filter { $0["type"] as? String == "throw" }.count == records.play.deliveries.count)
      #expect(Set(events.compactMap { $0["session"] as? String }).count == 1)
    }
    // Both lanes' records are the same journal records.
    let records1 = deskEvents("desk.out", lane: "lane1").map { $0["record"] as? [String: Any] }
    let records2 = deskEvents("desk.out", lane: "lane2").map { $0["record"] as? [String: Any] }
    #expect(records1.map { $0.map { NSDictionary(dictionary: $0) } } == records2.map { $0.map { NSDictionary(dictionary: $0) } })
    // The overview, into a file (a log): the pair's line each time it changed, one line for
    // both lanes.
    let pairLines = { output("overview.out").split(separator: "\n").filter { $0.hasPrefix("lane1+lane2") } }
    #expect(
      await eventually(within: .seconds(20)) {
        pairLines().contains {
          $0.contains("league Tuesday Mixed: Pin Pals: Ana g1 f10") && $0.contains("Gutter Kings: Cy g1 f10")
        }
      }, "the desk wrote: \(output("overview.out").suffix(1000))")
    // Once both lanes' boards name the pair, neither lane has a line of its own.
    let lines = output("overview.out").split(separator: "\n")
    let lastPairLine = lines.lastIndex { $0.hasPrefix("lane1+lane2") } ?? lines.startIndex
    #expect(!lines[lastPairLine...].contains { $0.hasPrefix("lane1 ") || $0.hasPrefix("lane2 ") }, "\(lines.suffix(10))")
  }

  @Test("When the desk keeps a store while a pair replays a night, then lane records games lists each place's games once, under the pair, as lane simulate --league --json scores them")
  func nightStored() async throws {
    let store = path("centre.store")
    let desk = try await startDesk(["--json", "--store", store], into: "desk.out")
    defer { desk.stop() }

    let pair = try startPair([], into: "pair.out")

    #expect(await pair.exited() == 0, "\(output("pair.out.err"))")
    let count = try journalled().lastSequence
    #expect(
      await eventually(within: .seconds(30)) {
        deskEvents("desk.out", lane: "lane1").count >= count && deskEvents("desk.out", lane: "lane2").count >= count
      })
    desk.stop()
    let games = try ChildProcess(
      lane, ["records", "games", "--store", store, "--json"], output: .file(path("games.out")),
      error: .file(path("games.err")))
    let simulate = try ChildProcess(
      lane, ["simulate", "--league", "night.toml", "--json", "left.trace", "right.trace"],
      output: .file(path("simulate.out")), error: .file(path("simulate.err")), directory: broker.folder)
    #expect(await games.exited() == 0, "\(output("games.err"))")
    #expect(await simulate.exited() == 0, "\(output("simulate.err"))")

    func objects(_ file: String) -> [[String: Any]] {
      output(file).split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
    let stored = LeagueGameLines.stored(objects("games.out"))
    let simulated = LeagueGameLines.simulated(try #require(objects("simulate.out").last, "\(output("simulate.out"))"))
    #expect(!simulated.isEmpty)
    #expect(stored.sorted() == simulated.sorted())
    #expect(objects("games.out").allSatisfy { $0["lane"] as? String == "lane1+lane2" })

    // And importing the night's journal, which names the pair, adds nothing to the store;
    // imported into a new store, it folds into the games the desk stored.
    func runRecords(_ arguments: [String], into file: String) async throws -> Int32? {
      try await ChildProcess(
        lane, ["records"] + arguments, output: .file(path(file)), error: .file(path(file + ".err")), directory: broker.folder
      ).exited()
    }
    #expect(try await runRecords(["events", "--store", store, "--json"], into: "events.out") == 0)
    #expect(try await runRecords(["import", "--store", store, "night.journal"], into: "import.out") == 0, "\(output("import.out.err"))")
    #expect(output("import.out").hasPrefix("night.journal: 0 new of \(2 * count) records, pair lane1+lane2 session "), "\(output("import.out"))")
    #expect(try await runRecords(["events", "--store", store, "--json"], into: "events-after.out") == 0)
    #expect(output("events-after.out") == output("events.out"))
    #expect(objects("events.out").count == 2 * count)
    let rebuilt = path("rebuilt.store")
    #expect(try await runRecords(["import", "--store", rebuilt, "night.journal"], into: "rebuild.out") == 0, "\(output("rebuild.out.err"))")
    #expect(try await runRecords(["games", "--store", rebuilt, "--json"], into: "rebuilt-games.out") == 0)
    #expect(output("rebuilt-games.out") == output("games.out"))

    // And the standings have both teams, the night's points between them, and the high
    // scratch game is the best bowled game stored.
    let standings = try ChildProcess(
      lane, ["records", "standings", "--league", "Tuesday Mixed", "--store", store, "--json"],
      output: .file(path("standings.out")), error: .file(path("standings.err")))
    #expect(await standings.exited() == 0, "\(output("standings.err"))")
    let lines = objects("standings.out")
    #expect(Set(lines.compactMap { $0["team"] as? String }) == ["Pin Pals", "Gutter Kings"])
    #expect(lines.compactMap { $0["points"] as? Double }.reduce(0, +) == 2, "one game and the series, a point each")
    let bowled = objects("games.out").filter { ($0["league"] as? [String: Any])?["kind"] as? String == "bowled" }
    #expect(lines.first { $0["kind"] as? String == "scratch game" }?["score"] as? Int == bowled.compactMap { $0["total"] as? Int }.max())

    // And lane display --store serves the records: the league's standings, and the night's
    // scoresheet through the link /records gives.
    let display = try ChildProcess(
      lane,
      ["display", "--broker", url, "--mqtt-credentials", credentials("display"), "--http", "127.0.0.1:0",
       "--store", store],
      outputFile: path("records-display.out"))
    defer { display.stop() }
    let serving = "serving the boards on http://127.0.0.1:"
    #expect(await eventually(within: .seconds(60)) { output("records-display.out").contains(serving) }, "\(output("records-display.out"))")
    let port = try #require(
      output("records-display.out").components(separatedBy: serving).last.flatMap { Int($0.prefix { $0.isNumber }) })
    let index = try LoopbackClient(port: port)
    try index.get("/records")
    let records = try index.response()
    #expect(records.head.hasPrefix("HTTP/1.1 200"), "\(records.head)")
    #expect(records.body.contains("<h2>Tuesday Mixed</h2>"))
    let links = records.body.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    let link = try #require(links.first { $0.hasPrefix("/records/sheet?") }, "\(records.body)")
    #expect(link.hasPrefix("/records/sheet?lane=lane1%2Blane2&amp;session="), "\(link)")
    let sheet = try LoopbackClient(port: port)
    try sheet.get(link.replacingOccurrences(of: "&amp;", with: "&"))
    let page = try sheet.response()
    #expect(page.head.hasPrefix("HTTP/1.1 200"), "\(page.head)")
    #expect(page.body.contains("<h1>Tuesday Mixed: league night on lanes lane1+lane2</h1>"))
    // Ana's name links to her games, each with her league average after it.
    #expect(links.contains("/records/bowler?id=league%2FTuesday%20Mixed%2FAna"), "\(links)")
    let bowler = try LoopbackClient(port: port)
    try bowler.get("/records/bowler?id=league%2FTuesday%20Mixed%2FAna")
    let history = try bowler.response()
    #expect(history.head.hasPrefix("HTTP/1.1 200"), "\(history.head)")
    let anasGames = objects("games.out").filter { $0["bowler"] as? String == "Ana" }.count
    #expect(anasGames > 0)
    #expect(history.body.contains("<h1>Ana</h1>"), "\(history.body)")
    #expect(history.body.components(separatedBy: "<tr><td>").count - 1 == anasGames, "\(history.body)")
    // The league's next night file, linked from /records, is the one lane records roster writes.
    #expect(links.contains("/records/roster?league=Tuesday%20Mixed"), "\(links)")
    let rosterPage = try LoopbackClient(port: port)
    try rosterPage.get("/records/roster?league=Tuesday%20Mixed")
    let served = try rosterPage.response()
    #expect(served.head.hasPrefix("HTTP/1.1 200"), "\(served.head)")
    #expect(served.head.lowercased().contains("content-disposition: attachment; filename=\"next-night.toml\""))
    display.stop()

    // And the next night's file has each bowler's league average from the store.
    let roster = try ChildProcess(
      lane, ["records", "roster", "--league", "Tuesday Mixed", "--store", store, "--out", path("next.toml")],
      output: .file(path("roster.out")), error: .file(path("roster.err")))
    #expect(await roster.exited() == 0, "\(output("roster.err"))")
    #expect(try String(contentsOfFile: path("next.toml"), encoding: .utf8) == served.body)
    let next = try LeagueNightFile.read(path: path("next.toml"))
    let ana = objects("games.out").filter { $0["bowler"] as? String == "Ana" }.compactMap { $0["total"] as? Int }
    #expect(!ana.isEmpty)
    #expect(next.teams.first?.lineup.first?.bowler?.average == ana.reduce(0, +) / ana.count)
    #expect(output("roster.out").hasSuffix("\(path("next.toml")): the next night of Tuesday Mixed, \(output("roster.out").split(separator: "\n").count - 1) averages changed\n"))
    let again = try ChildProcess(
      lane, ["records", "roster", "--league", "Tuesday Mixed", "--store", store, "--out", path("next.toml")],
      output: .null, error: .file(path("again.err")))
    #expect(await again.exited() == 73, "\(output("again.err"))")
  }

  @Test("When the desk sends league corrections to either lane while the pair bowls, then the pair journals each by desk/ID with its reason and answers; a repeated id is answered from the journal; a bad one is refused")
  func deskCorrectsTheNight() async throws {
    let desk = try await startDesk(["--json"], into: "desk.out")
    defer { desk.stop() }
    // Paced so the night is still bowled while the desk corrects it.
    let pair = try startPair(["--speed", "20", "--log"], keptOpen: true, into: "pair.out")
    defer { _ = pair.stop(signal: SIGKILL) }
    #expect(
      await eventually(within: .seconds(60)) { deskEvents("desk.out", lane: "lane2").count >= 4 },
      "\(output("pair.out.err"))")

    let sent: [(lane: String, command: String, why: String)] = [
      ("lane1", "average Cy 150", "the secretary's list"),
      ("lane2", "handicap Di 12", "league rule 4"),
      ("lane1", "foul 2", "foul light was off"),
      ("lane2", "no-foul 2", "the video shows no foul"),
      ("lane1", "present Ben", "arrived before the first ball"),
      ("lane2", "undo", "present by mistake"),
    ]
    for (index, correction) in sent.enumerated() {
      let run = try await send(correction.lane, correction.command, why: correction.why, id: "r-\(index)")
      #expect(run.status == 0, "\(correction.command): \(run.output)")
      #expect(run.output.contains("r-\(index): corrected (record "), "\(run.output)")
    }
    let again = try await send("lane2", "average Cy 150", why: "the secretary's list", id: "r-0")
    let refused = try await send("lane1", "late Zed", why: "stuck in traffic", id: "r-z")
    pair.signal(SIGTERM)

    #expect(again.status == 0)
    #expect(again.output.contains("already done as record"), "\(again.output)")
    #expect(refused.status == 65)
    #expect(refused.output.contains("refused: nobody bowling tonight is called 'Zed'"), "\(refused.output)")
    #expect(await pair.exited() == 0, "\(output("pair.out.err"))")
    let night = try journalled()
    #expect(night.changes.map(\.author) == sent.indices.map { "desk/r-\($0)" })
    #expect(night.changes.map(\.reason) == sent.map(\.why))
    // Cy's average of 150 makes floor((220 - 150) × 90 / 100) = 63, over the league's 60.
    let board = LeagueBoard(night.play)
    let handicaps = Dictionary(board.teams[1].bowlers.map { ($0.name, $0.games[0].handicap) }) { first, _ in first }
    #expect(handicaps["Cy"] == 60 && handicaps["Di"] == 12, "\(handicaps)")
    #expect(output("pair.out").contains("by desk/r-1 (league rule 4)"))
  }

  @Test("When the pair is killed with SIGKILL mid-night and started again, then the desk has every record of each lane exactly once, in order")
  func killedMidNight() async throws {
    let desk = try await startDesk(["--json"], into: "desk.out")
    defer { desk.stop() }
    let first = try startPair(["--speed", "20"], into: "first.out")
    #expect(
      await eventually(within: .seconds(60)) { deskEvents("desk.out", lane: "lane1").count >= 5 },
      "\(output("first.out.err"))")
    first.signal(SIGKILL)
    _ = await first.exited()

    let second = try startPair([], into: "second.out")

    #expect(await second.exited() == 0, "\(output("second.out.err"))")
    #expect(output("second.out.err").contains("resuming the night journalled in"))
    let count = try journalled().lastSequence
    for name in ["lane1", "lane2"] {
      #expect(
        await eventually(within: .seconds(20)) { deskEvents("desk.out", lane: name).count >= count },
        "\(name): \(deskEvents("desk.out", lane: name).count) of \(count)")
      #expect(deskEvents("desk.out", lane: name).compactMap { $0["seq"] as? Int } == Array(1...count), "\(name)")
    }
  }

  @Test("When a pair replays a night over the broker while lane display serves the boards, then each lane's board holds the night the pair's journal holds, from its own side")
  func displayShowsTheNight() async throws {
    let display = try ChildProcess(
      lane,
      ["display", "--broker", url, "--mqtt-credentials", credentials("display"), "--http", "127.0.0.1:0"],
      outputFile: path("display.out"))
    defer { display.stop() }
    let serving = "serving the boards on http://127.0.0.1:"
    #expect(await eventually(within: .seconds(30)) { output("display.out").contains(serving) }, "\(output("display.out"))")
    let port = try #require(
      output("display.out").components(separatedBy: serving).last.flatMap { Int($0.prefix { $0.isNumber }) })

    let pair = try startPair([], into: "pair.out")

    #expect(await pair.exited() == 0, "\(output("pair.out.err"))")
    let night = try journalled()
    let expected = LeagueBoard(night.play)
    for (name, side) in [("lane1", PairSide.left), ("lane2", .right)] {
      var shown: LaneBoard?
      let arrived = await eventually(within: .seconds(20)) {
        let client = try? LoopbackClient(port: port)
        defer { client?.hangUp() }
        try? client?.get("/api/lanes/\(name)")
        guard let body = try? client?.response().body else { return false }
        shown = try? JSONDecoder().decode(LaneBoard.self, from: Data(body.utf8))
        return shown?.night?.board == expected
      }
      #expect(arrived, "\(name): \(String(describing: shown?.night))")
      #expect(shown?.night?.side == side)
      #expect(shown?.night.map { [$0.left, $0.right] } == ["lane1", "lane2"])
    }
  }

  @Test(
    "When the desk sends each league correction to the running pair, through either lane, then each is journalled by desk/ID with its reason and makes the night it says, or is refused (65) and changes nothing",
    arguments: LeagueCorrections.cases)
  func eachCorrection(_ given: LeagueCorrections.Case) async throws {
    try LeagueCorrections.idleTrace.write(toFile: path("idle.trace"), atomically: false, encoding: .utf8)
    let journal = path("night.journal")
    try LeagueCorrections.start(at: journal, bowling: given.balls)
    var expected = try LeagueCorrections.night(at: journal).play

    /// The pair on two idle lanes, paced, open to the desk for an hour, once both lanes
    /// listen for commands.
    func started() async throws -> ChildProcess {
      let subscribed = { broker.log.components(separatedBy: "lanebridge/v1/lanes/lane2/commands").count }
      let before = subscribed()
      let pair = try ChildProcess(
        lane,
        ["simulate", "--league", "night.toml", "--journal", "night.journal", "--speed", "1", "--broker", url,
         "--mqtt-credentials", credentials("lane1"), "--mqtt-credentials", credentials("lane2"),
         "idle.trace", "idle.trace"],
        output: .appending(path("pair.out")), error: .appending(path("pair.out")), directory: broker.folder)
      #expect(await eventually(within: .seconds(30)) { subscribed() > before }, "\(output("pair.out"))")
      return pair
    }
    var pair = try await started()
    for (index, command) in given.commands.enumerated() {
      if index == 1, given.ballBetween {
        pair.signal(SIGTERM)
        #expect(await pair.exited() == 0)
        try LeagueCorrections.bowl([LeagueCorrections.ballBetween], into: journal)
        expected = try LeagueCorrections.night(at: journal).play
        pair = try await started()
      }
      let made = try LeagueCorrections.expected(after: command, on: expected)

      let sent = try await send(index % 2 == 0 ? "lane1" : "lane2", command, why: "rule 6b", id: "r-\(index)")

      #expect(sent.status == (given.accepts(index) ? 0 : 65), "\(command): \(sent.output)")
      if given.accepts(index) { expected = made }
    }
    pair.signal(SIGTERM)
    #expect(await pair.exited() == 0, "\(output("pair.out"))")

    let after = try LeagueCorrections.night(at: journal)
    #expect(after.play == expected)
    let accepted = given.commands.indices.filter(given.accepts)
    #expect(after.changes.map(\.author) == accepted.map { "desk/r-\($0)" })
    #expect(after.changes.allSatisfy { $0.reason == "rule 6b" })
  }
}
