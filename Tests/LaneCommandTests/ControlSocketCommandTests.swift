import Foundation
import LaneBridge
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("lane correct against a running lane simulate --journal, over its control socket")
final class ControlSocketCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder
  let journal: String
  let trace = BundledTrace.all[0].path

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("lane-control")
    journal = folder.path("lane.journal")
  }

  /// A `lane simulate --journal --speed --log` running in the background, its output in files.
  final class RunningLane {
    let process: ChildProcess
    let output: URL
    let errors: URL

    init(_ lane: LaneExecutable, journal: String, trace: String, folder: URL) throws {
      output = folder.appendingPathComponent("out")
      errors = folder.appendingPathComponent("err")
      process = try ChildProcess(
        lane.url.path, ["simulate", "--journal", journal, "--speed", "2", "--log", trace],
        output: .file(output.path), error: .file(errors.path))
    }

    var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Waits (at most a minute, checking ten times a second) until `condition` holds.
    func waitUntil(_ condition: () -> Bool) async -> Bool {
      for _ in 0..<600 {
        if condition() { return true }
        guard process.isRunning else { return condition() }
        try? await Task.sleep(for: .milliseconds(100))
      }
      return false
    }

    /// Stops it as an operator would (SIGTERM, by its pid) and waits for it to end.
    func stop() async -> Int32 {
      await process.stopped(signal: SIGTERM, within: .seconds(60))
    }

    /// ``stop()`` for a `defer`, which cannot wait: holds its thread while it waits.
    func stopBlocking() -> Int32 {
      process.stop(signal: SIGTERM, within: .seconds(60))
    }
  }

  func journalCount(of text: String) throws -> Int {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
    return String(decoding: bytes, as: UTF8.self).components(separatedBy: text).count - 1
  }

  @Test("Given a running lane with a throw scored, when lane correct fouls it, then the lane journals it once, shows it once, and lane correct exits 0")
  func correctsARunningLane() async throws {
    let running = try RunningLane(lane, journal: journal, trace: trace, folder: folder.url)
    defer { _ = running.stopBlocking() }
    let socket = journal + ".sock"
    try #require(await running.waitUntil { FileManager.default.fileExists(atPath: socket) && running.printed.contains("\n") })

    let run = try await lane.run(["correct", "--journal", journal, "--by", "Eve", "foul"])

    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("foul by Eve"))
    #expect(run.standardOutput.contains("made by the running lane"))
    #expect(await running.stop() == 0)
    #expect(running.printed.components(separatedBy: "correction by Eve: foul").count - 1 == 1)
    #expect(try journalCount(of: "Eve") == 1)
    #expect(!FileManager.default.fileExists(atPath: socket))
  }

  @Test("Given a running lane, when garbage and forged requests come on its socket, then each is refused, nothing is journalled and a real correction still works")
  func refusesForgeries() async throws {
    let running = try RunningLane(lane, journal: journal, trace: trace, folder: folder.url)
    defer { _ = running.stopBlocking() }
    let socket = journal + ".sock"
    try #require(await running.waitUntil { FileManager.default.fileExists(atPath: socket) && running.printed.contains("\n") })
    let forged = [
      "\u{1b}[2J garbage",
      #"{"v":1,"id":"f1","by":"Mallory","action":"pins","pins":[1,2,3,4,5,6,7,8,9,10,11]}"#,
      #"{"v":9,"id":"f2","by":"Mallory","action":"undo"}"#,
      #"{"v":1,"id":"f3","by":"Mal\u0007lory","action":"undo"}"#,
    ]

    let replies = try Self.exchange(forged.joined(separator: "\n") + "\n", at: socket, lines: forged.count)

    #expect(replies.count == forged.count)
    #expect(replies.allSatisfy { $0.contains(#""ok":false"#) })
    #expect(try journalCount(of: "Mallory") == 0)
    let real = try await lane.run(["correct", "--journal", journal, "--by", "Eve", "undo"])
    #expect(real.status == 0, "\(real.standardError)")
    #expect(await running.stop() == 0)
    #expect(!running.printed.contains("Mallory"))
  }

  @Test("Given a lane that ran and stopped, when lane correct runs, then no socket is left and it appends itself, printing the scoreboard")
  func correctsAStoppedLane() async throws {
    _ = try await lane.run(["simulate", "--journal", journal, trace])
    #expect(!FileManager.default.fileExists(atPath: journal + ".sock"))

    let run = try await lane.run(["correct", "--journal", journal, "--by", "Eve", "foul"])

    #expect(run.status == 0, "\(run.standardError)")
    #expect(!run.standardOutput.contains("made by the running lane"))
    #expect(run.standardOutput.contains("+-----+"))
    #expect(try journalCount(of: "Eve") == 1)
  }

  @Test("Given a running single lane, when lane correct --league sends it a league command, then the lane refuses it, nothing is journalled, and lane correct exits 65 saying why")
  func leagueRefusedByASingleLane() async throws {
    let running = try RunningLane(lane, journal: journal, trace: trace, folder: folder.url)
    defer { _ = running.stopBlocking() }
    let socket = journal + ".sock"
    try #require(await running.waitUntil { FileManager.default.fileExists(atPath: socket) && running.printed.contains("\n") })

    let run = try await lane.run([
      "correct", "--journal", journal, "--by", "Eve", "--league", "move 2 to Ana", "--why", "bowled out of turn",
    ])

    #expect(run.status == LaneBridge.ExitStatus.dataError.rawValue, "\(run.standardError)")
    #expect(run.standardError == "lane correct: the running lane refused it: this lane is not playing a league night\n")
    #expect(await running.stop() == 0)
    #expect(try journalCount(of: "Eve") == 0)
  }

  @Test("Given a lane that ran and stopped, when lane correct --league runs, then it exits 65 saying the journal is a lane's, not a night's, and writes nothing")
  func leagueNeedsANight() async throws {
    _ = try await lane.run(["simulate", "--journal", journal, trace])
    let before = try Data(contentsOf: URL(fileURLWithPath: journal))

    let run = try await lane.run([
      "correct", "--journal", journal, "--by", "Eve", "--league", "foul 3", "--why", "the light missed it",
    ])

    #expect(run.status == LaneBridge.ExitStatus.dataError.rawValue, "\(run.standardError)")
    #expect(run.standardError.hasPrefix("lane correct: the journal '\(journal)' holds a lane's session, not a league night"))
    #expect(run.standardOutput.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
  }

  @Test(
    "Given no lane, when lane correct --league lacks its reason, mixes in an action or carries a control character, then it exits 64 saying why",
    arguments: [
      (["--league", "foul 3"], "--league needs --why"),
      (["--league", "foul 3", "--why", "x", "foul"], "not both"),
      (["--why", "x", "foul"], "only --league takes --why"),
      (["--league", "foul 3\u{1B}[2J", "--why", "x"], "league needs \"command\""),
      (["--league", "foul 3", "--why", String(repeating: "y", count: 201)], "league needs \"why\""),
    ])
  func leagueUsage(arguments: [String], message: String) async throws {
    let run = try await lane.run(["correct", "--journal", journal] + arguments)

    #expect(run.status == LaneBridge.ExitStatus.usage.rawValue, "\(run.standardError)")
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: journal))
  }

  @Test("Given no journal, when lane correct runs, then it exits 66 naming it")
  func noJournal() async throws {
    let run = try await lane.run(["correct", "--journal", journal, "undo"])

    #expect(run.status == 66)
    #expect(run.standardError.contains(journal))
  }

  /// Sends `text` to the Unix socket at `path` and returns the first `lines` reply lines.
  static func exchange(_ text: String, at path: String, lines: Int) throws -> [String] {
    try exchangeLines(text, at: path, expecting: lines, timeout: 30)
  }

  @Test("Given a running lane with a throw scored, when lane session end asks it, then it archives the session, scores on in the new one, and still holds the lane lock")
  func endsARunningLanesSession() async throws {
    let running = try RunningLane(lane, journal: journal, trace: trace, folder: folder.url)
    defer { _ = running.stopBlocking() }
    let socket = journal + ".sock"
    try #require(await running.waitUntil { FileManager.default.fileExists(atPath: socket) && running.printed.contains("\n") })

    let ended = try await lane.run(["session", "end", "--journal", journal, "--by", "Eve"])

    // Then: answered by the lane; the archive holds the end; the lane keeps scoring into
    // the new journal at FILE, whose lane lock it holds (a second lane exits 75).
    #expect(ended.status == 0, "\(ended.standardError)")
    #expect(ended.standardOutput.hasPrefix("record 1, session ended (record "))
    #expect(ended.standardOutput.contains("made by the running lane"))
    let archives = try FileManager.default.contentsOfDirectory(atPath: journal + ".sessions")
    #expect(archives.count == 1)
    let archived = try String(contentsOfFile: journal + ".sessions/" + archives[0], encoding: .utf8)
    #expect(archived.contains(#""by":"Eve","event":"end""#))
    #expect(await running.waitUntil { running.printed.contains("session ended by Eve; new session for one unnamed bowler") })
    #expect(await running.waitUntil { (try? self.journalCount(of: #""event":"throw""#)) ?? 0 > 0 })
    let second = try await lane.run(["simulate", "--journal", journal, trace])
    #expect(second.status == 75, "\(second.standardError)")
    #expect(await running.stop() == 0)
  }
}
