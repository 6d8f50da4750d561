import Foundation
import TestSupport
import Testing

@Suite("lane simulate --bowlers --journal and lane correct, run as a user runs them")
final class SessionCommandTests {
  let lane: LaneExecutable
  /// Removed with the journal in it once the test is done.
  let folder: ScratchFolder
  let journal: String
  let trace = BundledTrace.all[0].path

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("lane-session-tests")
    journal = folder.path("lane.journal")
  }

  @Test("When two bowlers share a trace, then they bowl a frame each and both games are shown")
  func twoBowlers() async throws {
    let run = try await lane.run(["simulate", "--bowlers", "Ana,Ben", "--journal", journal, trace])

    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("Ana, game 1\n+-----+"))
    #expect(run.standardOutput.contains("\nBen, game 1\n+-----+"))
    // The first frames of the story: Ana 9/ (frame 1), Ben X (frame 1), Ana (8)1 (frame 2).
    #expect(run.standardOutput.contains("| 9 / |(8)1 |"))
    #expect(run.standardOutput.contains("| X   | 8 / |"))
  }

  @Test("When the simulation runs again on the same journal, then it carries on from where it stopped")
  func resumes() async throws {
    _ = try await lane.run(["simulate", "--journal", journal, trace])
    let again = try await lane.run(["simulate", "--json", "--journal", journal, trace])

    #expect(again.status == 0)
    #expect(again.standardOutput.contains(#""total":171"#))
    #expect(again.standardOutput.components(separatedBy: #""complete":true"#).count == 3)
  }

  @Test("When lane session end is run on a stopped lane, then the session is kept in JOURNAL.sessions and the next simulate starts a new one")
  func endThenNewSession() async throws {
    _ = try await lane.run(["simulate", "--bowlers", "Ana,Ben", "--journal", journal, trace])

    let ended = try await lane.run(["session", "end", "--journal", journal, "--by", "Eve"])
    let again = try await lane.run(["simulate", "--json", "--journal", journal, trace])

    #expect(ended.status == 0)
    #expect(ended.standardOutput.contains("session ended (record "))
    #expect(ended.standardOutput.contains("by Eve, kept in \(journal).sessions; new session for one unnamed bowler"))
    let archived = try FileManager.default.contentsOfDirectory(atPath: journal + ".sessions")
    #expect(archived.count == 1)
    #expect(again.status == 0)
    #expect(!again.standardOutput.contains(#""bowler":"Ana""#))
    let check = try await lane.run(["journal", "check", journal + ".sessions/" + archived[0]])
    #expect(check.status == 0)
  }

  @Test("When lane session start names bowlers while the session has deliveries, then it is refused with exit 65 and the journal is left as it is")
  func startRefused() async throws {
    _ = try await lane.run(["simulate", "--bowlers", "Ana,Ben", "--journal", journal, trace])
    let before = try Data(contentsOf: URL(fileURLWithPath: journal))

    let start = try await lane.run(["session", "start", "--bowlers", "Cho", "--journal", journal])

    #expect(start.status == 65)
    #expect(start.standardError.contains("end it first"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
  }

  @Test("When lane session end meets a desk acknowledgement short of the session's last record, then the session is closed and archived whole, and the acknowledgement is left for the lane's link to publish the rest")
  func endWithUndelivered() async throws {
    _ = try await lane.run(["simulate", "--journal", journal, trace])
    let before = try Data(contentsOf: URL(fileURLWithPath: journal))
    let first = try #require(String(decoding: before, as: UTF8.self).split(separator: "\n").dropFirst().first)
    // The session's id, as its start record carries it.
    let id = try #require(first.range(of: #""session":""#).map { first[$0.upperBound...].prefix(24) })
    let acknowledgement = Data(#"{"session":"\#(id)","upto":3,"v":1}"#.utf8)
    try acknowledgement.write(to: URL(fileURLWithPath: journal + ".ack"))

    let ended = try await lane.run(["session", "end", "--journal", journal])

    #expect(ended.status == 0, "\(ended.standardError)")
    let archive = journal + ".sessions/\(id).journal"
    // The archive is the session's journal with its end record after every record before.
    let archived = try Data(contentsOf: URL(fileURLWithPath: archive))
    #expect(archived.starts(with: before) && archived.count > before.count)
    #expect(try Data(contentsOf: URL(fileURLWithPath: journal + ".ack")) == acknowledgement)
  }

  @Test("When --bowlers differs from the journal's session, then it is refused with exit 65")
  func otherBowlers() async throws {
    _ = try await lane.run(["simulate", "--bowlers", "Ana,Ben", "--journal", journal, trace])
    let run = try await lane.run(["simulate", "--bowlers", "Cho", "--journal", journal, trace])

    #expect(run.status == 65)
    #expect(run.standardError.contains(#"holds a session for "Ana,Ben", not "Cho""#))
  }

  @Test("When lane correct sets pins, then the change is journalled with who made it and the scores are recomputed")
  func correctPins() async throws {
    _ = try await lane.run(["simulate", "--journal", journal, trace])

    let run = try await lane.run(["correct", "--journal", journal, "--by", "Eve", "pins", "-"])

    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix(
      "record 20, pins - by Eve: game 1, frame 10, ball 3: 1 pin (4) became 0 pins (-);"
        + " total 171 -> 170\n"))
    #expect(run.standardOutput.contains("| X  9  - |"))
    let last = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").last ?? ""
    #expect(last.contains(#""by":"Eve""#) && last.contains(#""correction":"pins""#))
  }

  @Test("When lane correct asks for the impossible, then it exits 65 and the journal is unchanged")
  func refused() async throws {
    _ = try await lane.run(["simulate", "--journal", journal, trace])
    let before = try Data(contentsOf: URL(fileURLWithPath: journal))

    let foul = try await lane.run(["correct", "--journal", journal, "no-foul"])

    #expect(foul.status == 65)
    #expect(foul.standardError == "lane correct: the correction was refused: the last delivery is not a foul\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
  }

  @Test("When there is no journal, then lane correct exits 66 and creates nothing")
  func noJournal() async throws {
    let run = try await lane.run(["correct", "--journal", journal, "undo"])

    #expect(run.status == 66)
    #expect(!FileManager.default.fileExists(atPath: journal))
  }
}
