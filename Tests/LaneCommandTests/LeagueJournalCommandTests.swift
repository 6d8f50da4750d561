import Bowling
import Foundation
import Journal
import LaneConfiguration
import League
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `lane simulate --league --journal` and `lane correct --league`, run as a user runs them:
/// the night kept in its journal, resumed, corrected while it is bowled and after, and killed.
@Suite("A league night's journal, through lane")
struct LeagueJournalCommandTests {
  /// ``LeagueCommandTests``'s night of one game, so that a paced replay is short: Pin Pals
  /// (Ana, Ben absent) against Gutter Kings (Cy, a vacancy, Di).
  static let night = LeagueCorrections.night

  let lane: LaneExecutable
  let folder: ScratchFolder

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder()
    var random = SeededRandom(seed: 2411)
    let planned = PlannedNight(night: try LeagueNightFile.parse(text: Self.night, file: "night.toml"), using: &random)
    try Self.night.write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
    try planned.traces.left.write(toFile: folder.path("left.trace"), atomically: false, encoding: .utf8)
    try planned.traces.right.write(toFile: folder.path("right.trace"), atomically: false, encoding: .utf8)
  }

  func simulate(_ extra: [String]) async throws -> LaneExecutable.Run {
    try await lane.run(["simulate", "--league", "night.toml"] + extra + ["left.trace", "right.trace"], in: folder.path)
  }

  /// The night's JSON with no journal: what every run below must end with.
  func uninterrupted() async throws -> String {
    let run = try await simulate(["--json"])
    #expect(run.status == 0, "\(run.standardError)")
    return run.standardOutput
  }

  /// The records of the night's journal, opened as the pair opens it (a torn tail set aside).
  func records() throws -> [JournalEntry] {
    try JournalFile(path: folder.path("night.journal"), ifMissing: .refuse).entries
  }

  @Test("When a night is replayed with --journal and again, then the second run resumes it: nothing is scored twice and the night is the same")
  func resumes() async throws {
    let first = try await simulate(["--journal", "night.journal", "--json"])
    #expect(first.status == 0, "\(first.standardError)")
    let journalled = try records()

    let second = try await simulate(["--journal", "night.journal", "--json"])

    #expect(second.status == 0)
    #expect(second.standardError.contains("resuming the night journalled in night.journal"))
    #expect(second.standardOutput == first.standardOutput)
    await #expect(first.standardOutput == (try uninterrupted()))
    #expect(try records() == journalled)
    let check = try await lane.run(["journal", "check", "night.journal"], in: folder.path)
    #expect(check.standardOutput.contains("league night journal format 3"))
  }

  @Test("When the journal holds another night, or is a lane's own, then it exits 65 and leaves it untouched")
  func otherJournals() async throws {
    await #expect(try simulate(["--journal", "night.journal"]).status == 0)
    let other = Self.night.replacingOccurrences(of: "Tuesday Mixed", with: "Thursday Seniors")
    try other.write(toFile: folder.path("other.toml"), atomically: false, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("night.journal")))

    let run = try await lane.run(
      ["simulate", "--league", "other.toml", "--journal", "night.journal", "left.trace", "right.trace"],
      in: folder.path)

    #expect(run.status == 65)
    #expect(run.standardError.contains("holds another night (league Tuesday Mixed"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("night.journal"))) == before)
    #expect(try await lane.run(["simulate", "--journal", "lane.journal", "left.trace"], in: folder.path).status == 0)
    let lanes = try await simulate(["--journal", "lane.journal"])
    #expect(lanes.status == 65)
    #expect(lanes.standardError.contains("lane.journal"))
  }

  @Test("When the desk corrects a stopped pair's night, then the correction is journalled with who and why, and the pair plays on with it; a bad one exits 65 and writes nothing")
  func correctsAStoppedPair() async throws {
    await #expect(try simulate(["--journal", "night.journal"]).status == 0)
    let count = try records().count

    let made = try await lane.run(
      ["correct", "--journal", "night.journal", "--by", "desk/mo", "--league", "average Ana 200", "--why", "the secretary's list"],
      in: folder.path)
    let refused = try await lane.run(
      ["correct", "--journal", "night.journal", "--league", "move 3 to Zed", "--why", "out of turn"], in: folder.path)

    #expect(made.status == 0, "\(made.standardError)")
    #expect(made.standardOutput.contains("record \(count + 1)"))
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("1.1 Ana, 1.2 Ben, 2.1 Cy"))
    let entries = try records()
    #expect(entries.count == count + 1)
    #expect(entries.last.map { ($0.author, $0.event) } ?? ("", .ended(next: [])) == (
      "desk/mo", .night(.corrected(.average(SlotID(team: 0, place: 0), 200), reason: "the secretary's list"))))
    let night = try await JSONDecoder().decode(LeagueOutput.self, from: Data(try simulate(["--journal", "night.journal", "--json"]).standardOutput.utf8))
    // floor((220 - 200) × 90 / 100)
    #expect(night.teams[0].bowlers[0].games[0].handicap == 18)
  }

  @Test("When the desk corrects the night while the pair bowls it, then the running pair journals it and answers; a name the night does not have is refused")
  func correctsARunningPair() async throws {
    let child = try ChildProcess(
      lane.url.path,
      ["simulate", "--league", "night.toml", "--journal", "night.journal", "--speed", "100", "--log", "left.trace", "right.trace"],
      output: .pipe(.outOfChild), error: .file(folder.path("stderr")), directory: folder.path)
    defer { _ = child.stop(signal: SIGKILL, within: .seconds(5)) }
    // Waits for the night's fourth record: the pair is bowling, its socket is up.
    var seen: [String] = []
    while !seen.contains(where: { $0.hasPrefix("record 4:") }) {
      let bytes = try child.standardOutput!.read(upTo: 4_096)
      #expect(!bytes.isEmpty, "the pair ended before its fourth record")
      if bytes.isEmpty { return }
      seen += String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    let made = try await lane.run(
      ["correct", "--journal", "night.journal", "--by", "desk/mo", "--league", "handicap Di 30", "--why", "league rule 4"],
      in: folder.path)
    let refused = try await lane.run(
      ["correct", "--journal", "night.journal", "--league", "late Zed", "--why", "stuck in traffic"], in: folder.path)
    child.signal(SIGTERM)
    let rest = String(decoding: try child.standardOutput!.readToEnd(), as: UTF8.self)

    #expect(made.status == 0, "\(made.standardError)")
    #expect(made.standardOutput.contains("made by the running lane"))
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("nobody bowling tonight is called 'Zed'"))
    #expect(child.waitForExit() == 0)
    #expect((seen.joined(separator: "\n") + rest).contains("by desk/mo (league rule 4)"))
    let finished = try await simulate(["--journal", "night.journal", "--json"])
    let night = try JSONDecoder().decode(LeagueOutput.self, from: Data(finished.standardOutput.utf8))
    #expect(night.teams[1].bowlers[2].games[0].handicap == 30)
  }

  @Test("When the pair is killed with SIGKILL at random moments and started again, then every record it showed was journalled and the night ends as if never stopped")
  func killed() async throws {
    let expected = try await uninterrupted()
    var random = SeededRandom(seed: UInt64(Date().timeIntervalSince1970))
    // Paced at 1000 times, the night's traces take over 1.5 s: every kill is mid-night.
    var afterKills: [Int] = []
    for round in 1...3 {
      let log = folder.path("log-\(round)")
      let child = try ChildProcess(
        lane.url.path,
        ["simulate", "--league", "night.toml", "--journal", "night.journal", "--speed", "1000", "--log", "left.trace", "right.trace"],
        output: .file(log), directory: folder.path)
      try await Task.sleep(for: .seconds(Double.random(in: 0.05...1.2, using: &random)))
      child.signal(SIGKILL)
      _ = await child.exited()
      let shown = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        .compactMap { $0.hasPrefix("record ") ? Int($0.dropFirst(7).prefix { $0 != ":" }) : nil }
      guard FileManager.default.fileExists(atPath: folder.path("night.journal")) else {
        #expect(shown.isEmpty)
        continue
      }
      // Durable before shown: the journal holds every record the pair showed.
      afterKills.append(try records().count)
      #expect(afterKills.last! >= shown.max() ?? 0, "round \(round)")
    }

    let finished = try await simulate(["--journal", "night.journal", "--json"])

    #expect(finished.status == 0, "\(finished.standardError)")
    #expect(finished.standardOutput == expected)
    #expect(afterKills.allSatisfy { $0 < (try? records().count) ?? 0 }, "\(afterKills)")
  }
}

/// Every league command through `lane correct` on a stopped pair: journalled as the desk's,
/// with its reason, and the night the journal then holds is the night the command makes.
// One case at a time: each runs lane several times, and nineteen at once would take every
// place the test run gives tests at once (scripts/test), and both cores, for a minute.
@Suite("Each league correction from the desk, through lane correct", .serialized)
struct LeagueCorrectionCommandTests {
  @Test(
    "When the desk sends league commands to a stopped pair, then each is journalled with who and why and makes the night it says, or is refused untouched",
    arguments: LeagueCorrections.cases)
  func commands(_ given: LeagueCorrections.Case) async throws {
    let lane = try LaneExecutable()
    let folder = try ScratchFolder()
    try LeagueCorrections.night.write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
    let path = folder.path("night.journal")
    try LeagueCorrections.start(at: path, bowling: given.balls)

    for (index, command) in given.commands.enumerated() {
      if index == 1, given.ballBetween { try LeagueCorrections.bowl([LeagueCorrections.ballBetween], into: path) }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let expected = try LeagueCorrections.expected(after: command, on: LeagueCorrections.night(at: path).play)

      let run = try await lane.run(
        ["correct", "--journal", "night.journal", "--by", "desk/mo", "--league", command, "--why", "rule 6b"],
        in: folder.path)

      #expect(run.status == (given.accepts(index) ? 0 : 65), "\(command): \(run.standardError)")
      if given.accepts(index) {
        let after = try LeagueCorrections.night(at: path)
        #expect(after.changes.last.map { ($0.author, $0.reason) } ?? ("", "") == ("desk/mo", "rule 6b"))
        #expect(after.play == expected, "\(command)")
      } else {
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(command)")
      }
    }
  }
}
