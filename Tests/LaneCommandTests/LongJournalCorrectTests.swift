import Bowling
import Foundation
import Journal
import Testing

@Suite("lane correct on a long journal, through its checkpoint, run as a user runs it")
struct LongJournalCorrectTests {
  let lane: LaneExecutable
  let folder: JournalCommandTests.Folder
  let journal: String
  static let throwCount = 3000

  /// A journal of one bowler and 3000 strikes, written in one go.
  init() throws {
    lane = try LaneExecutable()
    folder = try JournalCommandTests.Folder()
    journal = folder.path("lane.journal")
    let time = Date(timeIntervalSince1970: 1_746_126_251)
    var bytes = JournalHeader(lane: "lane7", created: time).bytes
    bytes += JournalEntry(sequence: 1, time: time, author: "lane", event: .started(bowlers: ["Ana"])).record
    for index in 0..<Self.throwCount {
      let strike = JournalEntry.Delivery(knocked: .full, isFoul: false)
      bytes += JournalEntry(sequence: index + 2, time: time, author: "lane", event: .delivered(strike)).record
    }
    try Data(bytes).write(to: URL(fileURLWithPath: journal))
  }

  /// The session a full replay of the journal makes.
  func replayed() throws -> LaneSession {
    let file = try JournalFile(path: journal, ifMissing: .refuse)
    return try JournalledSession(store: file, entries: file.entries).session
  }

  @Test("When it is corrected twice, then the first leaves a checkpoint, the second uses it, and both corrections are in the journal")
  func correctTwice() async throws {
    let foul = try await lane.run(["correct", "--journal", journal, "foul"])
    #expect(foul.status == 0, "\(foul.standardError)")
    #expect(FileManager.default.fileExists(atPath: JournalCheckpoint.path(for: journal)))

    let undo = try await lane.run(["correct", "--journal", journal, "undo"])

    #expect(undo.status == 0, "\(undo.standardError)")
    #expect(undo.standardError.isEmpty)
    let session = try replayed()
    #expect(session.deliveryCount == Self.throwCount)
    #expect(session.deliveries.last?.isFoul == false)
    let opened = try JournalFile(path: journal, ifMissing: .refuse, usingCheckpoint: true)
    #expect(opened.checkpointed != nil)
    #expect(try JournalledSession(store: opened, opened: opened).session == session)
  }

  @Test("When its checkpoint is damaged, then lane correct warns that it was ignored, reads the journal and corrects")
  func damagedCheckpoint() async throws {
    #expect(try await lane.run(["correct", "--journal", journal, "foul"]).status == 0)
    let checkpoint = JournalCheckpoint.path(for: journal)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: checkpoint))
    bytes[40] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: checkpoint))

    let undo = try await lane.run(["correct", "--journal", journal, "undo"])

    #expect(undo.status == 0)
    #expect(undo.standardError.contains("lane correct: warning: the checkpoint"))
    #expect(undo.standardError.contains("was ignored (its checksum does not match"))
    #expect(try replayed().deliveries.last?.isFoul == false)
  }

  @Test("When lane simulate resumes it, then it goes through the checkpoint: a damaged one is reported as ignored, and the one it leaves is used the next time")
  func simulateResumesThroughCheckpoint() async throws {
    // Given an empty trace: the simulation only resumes the session and stops
    let trace = folder.path("empty.trace")
    try Data().write(to: URL(fileURLWithPath: trace))
    let first = try await lane.run(["simulate", "--journal", journal, trace])
    #expect(first.status == 0, "\(first.standardError)")
    let checkpoint = JournalCheckpoint.path(for: journal)
    #expect(FileManager.default.fileExists(atPath: checkpoint))

    // When its checkpoint is damaged, then the next start says so and reads the journal
    var bytes = try Data(contentsOf: URL(fileURLWithPath: checkpoint))
    bytes[40] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: checkpoint))
    let second = try await lane.run(["simulate", "--journal", journal, trace])
    #expect(second.status == 0)
    #expect(second.standardError.contains("lane simulate: warning: the checkpoint"))
    #expect(second.standardError.contains("was ignored (its checksum does not match"))

    // and the checkpoint it wrote instead is used without a word the time after
    let third = try await lane.run(["simulate", "--journal", journal, trace])
    #expect(third.status == 0)
    #expect(!third.standardError.contains("checkpoint"), "\(third.standardError)")
    let opened = try JournalFile(path: journal, ifMissing: .refuse, usingCheckpoint: true)
    #expect(opened.checkpointed != nil)
    #expect(try JournalledSession(store: opened, opened: opened).session == (try replayed()))
  }
}

