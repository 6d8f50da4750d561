import Bowling
import Foundation
import Journal
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A pair in open play (`lane simulate --config PAIR.toml LEFT RIGHT`, `lane run --config
/// PAIR.toml` without `--league`): two independent lanes in one process, each exactly as a
/// single lane.
@Suite("A pair in open play, run as a user runs it")
struct OpenPlayPairCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder
  let left = BundledTrace.all[0].path
  let right = BundledTrace.all[1].path

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("lane-open-play")
    try Self.pair(journals: true).write(toFile: folder.path("pair.toml"), atomically: false, encoding: .utf8)
  }

  /// A pair's file: lane7 with Ana and Ben, lane8 with its one unnamed bowler.
  static func pair(journals: Bool, top: String = "") -> String {
    """
    \(top)
    [[lanes]]
    lane = "lane7"
    wiring = "lane7.toml"
    bowlers = ["Ana", "Ben"]
    \(journals ? "journal = \"lane7.journal\"" : "")

    [[lanes]]
    lane = "lane8"
    wiring = "lane8.toml"
    \(journals ? "journal = \"lane8.journal\"" : "")
    """
  }

  /// The JSON object `text` holds.
  static func object(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
  }

  @Test("When the pair is replayed with --json, then each lane's report is the one lane simulate of its trace alone prints")
  func jsonAsSingleLanes() async throws {
    try Self.pair(journals: false).write(toFile: folder.path("memory.toml"), atomically: false, encoding: .utf8)

    let pair = try await lane.run(["simulate", "--json", "--config", folder.path("memory.toml"), left, right])
    let single7 = try await lane.run(["simulate", "--json", "--bowlers", "Ana,Ben", left])
    let single8 = try await lane.run(["simulate", "--json", right])

    #expect(pair.status == 0, "\(pair.standardError)")
    let lanes = try #require(try Self.object(pair.standardOutput)["lanes"] as? [NSDictionary])
    #expect(lanes.map { $0["lane"] as? String } == ["lane7", "lane8"])
    #expect(lanes[0]["report"] as? NSDictionary == (try Self.object(single7.standardOutput)))
    #expect(lanes[1]["report"] as? NSDictionary == (try Self.object(single8.standardOutput)))
    #expect(pair.standardError.contains("lane7: no journal") == false)
  }

  @Test("When the pair is replayed, then each lane's scoreboards follow its id, as lane simulate of its trace alone prints them")
  func scoreboardsAsSingleLanes() async throws {
    let pair = try await lane.run(["simulate", "--config", "pair.toml", left, right], in: folder.path)
    let single7 = try await lane.run(["simulate", "--bowlers", "Ana,Ben", left])
    let single8 = try await lane.run(["simulate", right])

    #expect(pair.status == 0, "\(pair.standardError)")
    #expect(pair.standardOutput == "lane7:\n" + single7.standardOutput + "lane8:\n" + single8.standardOutput)
  }

  @Test("When the pair is replayed with journals, then each is a single lane's journal, checked clean, holding its lane's session alone")
  func journalsAreSingleLanes() async throws {
    let pair = try await lane.run(["simulate", "--config", "pair.toml", left, right], in: folder.path)
    let single = try await lane.run([
      "simulate", "--journal", folder.path("single.journal"), "--lane", "lane7", "--bowlers", "Ana,Ben", left,
    ])
    #expect(pair.status == 0 && single.status == 0, "\(pair.standardError)\(single.standardError)")

    for journal in ["lane7.journal", "lane8.journal"] {
      let check = try await lane.run(["journal", "check", folder.path(journal)])
      #expect(check.status == 0, "\(journal): \(check.standardOutput)\(check.standardError)")
    }
    let session7 = try LaneSession(journal: try JournalFile(path: folder.path("lane7.journal"), ifMissing: .refuse).entries)
    let session8 = try LaneSession(journal: try JournalFile(path: folder.path("lane8.journal"), ifMissing: .refuse).entries)
    let single7 = try LaneSession(journal: try JournalFile(path: folder.path("single.journal"), ifMissing: .refuse).entries)
    #expect(session7 == single7)
    #expect(session8.bowlers == [""] && !session8.deliveries.isEmpty)
    #expect(session7.deliveries != session8.deliveries)
    // The header names the lane, as a single lane's with --lane does.
    let check7 = try await lane.run(["journal", "check", folder.path("lane7.journal")]).standardOutput
    let checkSingle = try await lane.run(["journal", "check", folder.path("single.journal")]).standardOutput
    #expect(check7.hasPrefix("\(folder.path("lane7.journal")): lane journal format 2, lane lane7, created "))
    #expect(checkSingle.hasPrefix("\(folder.path("single.journal")): lane journal format 2, lane lane7, created "))
    #expect(try folder.contents().sorted() == ["lane7.journal", "lane8.journal", "pair.toml", "single.journal"])
  }

  @Test("Given the pair replaying, when lane correct --journal names the left lane's journal, then only the left lane is corrected")
  func correctsOneLane() async throws {
    let output = folder.path("out")
    let running = try ChildProcess(
      lane.url.path, ["simulate", "--config", folder.path("pair.toml"), "--speed", "2", "--log", left, right],
      output: .file(output), error: .file(folder.path("err")))
    defer { _ = running.stop(signal: SIGTERM, within: .seconds(60)) }
    func printed() -> String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
    // Until the left lane's socket is there and each lane has scored a throw.
    var ready = false
    for _ in 0..<600 where !ready {
      ready = FileManager.default.fileExists(atPath: folder.path("lane7.journal.sock"))
        && printed().contains("lane7: Ana, game 1") && printed().contains("lane8: game 1")
      if !ready { try await Task.sleep(for: .milliseconds(100)) }
    }
    try #require(ready, "\(printed())")

    let corrected = try await lane.run(["correct", "--journal", folder.path("lane7.journal"), "--by", "Eve", "foul"])

    #expect(corrected.status == 0, "\(corrected.standardError)")
    #expect(corrected.standardOutput.contains("made by the running lane"))
    #expect(await running.stopped(signal: SIGTERM, within: .seconds(60)) == 0)
    #expect(printed().components(separatedBy: "lane7: correction by Eve: foul").count - 1 == 1)
    #expect(!printed().contains("lane8: correction"))
    let journal7 = try String(contentsOfFile: folder.path("lane7.journal"), encoding: .utf8)
    let journal8 = try String(contentsOfFile: folder.path("lane8.journal"), encoding: .utf8)
    #expect(journal7.components(separatedBy: "Eve").count - 1 == 1)
    #expect(!journal8.contains("Eve"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("lane7.journal.sock")))
    #expect(!FileManager.default.fileExists(atPath: folder.path("lane8.journal.sock")))
  }

  @Test("Given the pair replaying at its pace, when SIGTERM comes, then both lanes stop cleanly and it succeeds")
  func oneStopStopsBoth() async throws {
    let (run, bySignal) = try await lane.run(
      ["simulate", "--config", folder.path("pair.toml"), "--realtime", left, right], signal: SIGTERM,
      after: .seconds(2))

    #expect(!bySignal && run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("lane7: stopped before the end of the trace"))
    #expect(run.standardError.contains("lane8: stopped before the end of the trace"))
    #expect(try folder.contents().sorted() == ["lane7.journal", "lane8.journal", "pair.toml"])
  }

  @Test("When the pair is killed mid-replay and replayed again from where each journal stopped, then both lanes end with their planned sessions")
  func killAndResume() async throws {
    var random = SeededRandom(seed: UInt64.random(in: 1...UInt64.max))
    let plans = [
      PlannedSession(bowlers: ["Ana", "Ben"], games: 1, using: &random),
      PlannedSession(bowlers: [""], games: 1, using: &random),
    ]
    let journals = [folder.path("lane7.journal"), folder.path("lane8.journal")]
    let traces = [folder.path("left.trace"), folder.path("right.trace")]
    func done() throws -> [Int] {
      try journals.map { path in
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return try LaneSession(journal: try JournalFile(path: path, ifMissing: .refuse).entries).deliveries.count
      }
    }
    func write(from counts: [Int]) throws {
      for index in 0..<2 {
        try plans[index].trace(from: counts[index]).write(toFile: traces[index], atomically: false, encoding: .utf8)
      }
    }

    // When: killed with SIGKILL as soon as lane 7 shows its first throw, in a replay at 50
    // times its pace.
    try write(from: [0, 0])
    let killed = try await lane.runAndKill(
      ["simulate", "--config", folder.path("pair.toml"), "--log", "--speed", "50"] + traces, input: "",
      whenShowing: "lane7: Ana, game 1")
    let afterKill = try done()
    try write(from: afterKill)
    let resumed = try await lane.run(["simulate", "--config", folder.path("pair.toml")] + traces)

    // Then: the kill came mid-replay, and the second run ends both lanes as planned.
    #expect(killed.contains("lane7: Ana, game 1"))
    #expect(afterKill[0] < plans[0].deliveries.count && afterKill[1] < plans[1].deliveries.count)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    let sessions = try journals.map { try LaneSession(journal: try JournalFile(path: $0, ifMissing: .refuse).entries) }
    #expect(sessions[0] == plans[0].session(after: plans[0].deliveries.count), "killed after \(afterKill)")
    #expect(sessions[1].deliveries == plans[1].deliveries, "killed after \(afterKill)")
  }

  @Suite("Given a mistake")
  struct Mistakes {
    let lane: LaneExecutable
    let folder: ScratchFolder

    init() throws {
      lane = try LaneExecutable()
      folder = try ScratchFolder("lane-open-play-mistakes")
      try OpenPlayPairCommandTests.pair(journals: true)
        .write(toFile: folder.path("pair.toml"), atomically: false, encoding: .utf8)
      try OpenPlayPairCommandTests.pair(journals: false, top: "journal = \"pair.journal\"")
        .write(toFile: folder.path("night-pair.toml"), atomically: false, encoding: .utf8)
      try Data(LeagueJournalCommandTests.night.utf8).write(to: URL(fileURLWithPath: folder.path("night.toml")))
    }

    @Test("When lane run opens the pair in open play and a lane's wiring file is missing, then it exits 78 naming the lane, and no journal is created")
    func missingWiring() async throws {
      let run = try await lane.run(["run", "--config", "pair.toml"], in: folder.path)

      #expect(run.status == 78, "\(run.standardError)")
      #expect(run.standardError.contains("lane7: "))
      #expect(try folder.contents().sorted() == ["night-pair.toml", "night.toml", "pair.toml"])
    }

    @Test("When open play is given the pair's one journal, in the file or as --journal, or a lane's own option, then it exits 64 saying each lane's are in its [[lanes]]", arguments: [
      ["run", "--config", "night-pair.toml"], ["simulate", "--config", "night-pair.toml", "l.trace", "r.trace"],
      ["run", "--config", "pair.toml", "--journal", "x.journal"],
      ["simulate", "--config", "pair.toml", "--bowlers", "Ana", "l.trace", "r.trace"],
      ["run", "--config", "pair.toml", "--bowlers", "Ana"],
    ])
    func oneJournalRefused(arguments: [String]) async throws {
      let run = try await lane.run(arguments, in: folder.path)

      #expect(run.status == 64, "\(run.standardError)")
      #expect(run.standardError.contains("[[lanes]]"), "\(run.standardError)")
      #expect(try folder.contents().sorted() == ["night-pair.toml", "night.toml", "pair.toml"])
    }

    @Test("When a league night is given a pair whose lanes name their journals, then it exits 64 naming each, with its line")
    func leagueRefusesLanesJournals() async throws {
      let run = try await lane.run(["run", "--config", "pair.toml", "--league", "night.toml"], in: folder.path)

      #expect(run.status == 64, "\(run.standardError)")
      #expect(run.standardError.contains("line 6: lanes[1].journal: a league night has one journal for the pair"))
      #expect(run.standardError.contains("lanes[2].journal"))
    }

    @Test("When a pair's replay is given one trace or three, or a lane's file two, then it exits 64 saying how many", arguments: [
      (["pair.toml", "l.trace"], "give two traces"), (["pair.toml", "l.trace", "r.trace", "x.trace"], "give one trace, or two"),
      (["lane.toml", "l.trace", "r.trace"], "names one lane: give one trace"),
    ])
    func traceCount(arguments: [String], message: String) async throws {
      try "lane = \"lane7\"\n".write(toFile: folder.path("lane.toml"), atomically: false, encoding: .utf8)

      let run = try await lane.run(["simulate", "--config"] + arguments, in: folder.path)

      #expect(run.status == 64, "\(run.standardError)")
      #expect(run.standardError.contains(message), "\(run.standardError)")
    }
  }
}
