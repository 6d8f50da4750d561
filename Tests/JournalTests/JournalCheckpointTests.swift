import Bowling
import Foundation
import TestSupport
import Testing

@testable import Journal

@Suite("A journal's checkpoint")
struct JournalCheckpointTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)

  let folder: ScratchFolder
  let path: String

  init() throws {
    folder = try ScratchFolder()
    path = folder.path("lane.journal")
  }

  /// Journals `count` random deliveries and corrections through a session bound to the file.
  static func bowl(
    _ count: Int, into session: inout JournalledSession<JournalFile>, random: inout SeededRandom
  ) throws {
    for _ in 0..<count {
      let roll = Int.random(in: 0..<10, using: &random)
      if roll < 8 || !session.session.canUndo {
        let standing = session.session.standing.pins ?? .full
        let knocked = PinSet(standing.filter { _ in Bool.random(using: &random) })
        let foul = Int.random(in: 0..<20, using: &random) == 0
        let (recorded, _) = try session.record(at: time) { _ in
          JournalEntry.Delivery(knocked: knocked, isFoul: foul)
        }
        #expect(recorded != nil)
      } else {
        let corrections: [Correction] = [.undo, .deadBall, .foul(true), .foul(false), .setPins([1, 2])]
        let correction = corrections[Int.random(in: 0..<corrections.count, using: &random)]
        // A correction the session refuses writes nothing: the journal is unchanged.
        var next = session.session
        guard (try? next.correct(correction)) != nil else { continue }
        _ = try session.correct(correction, by: "desk", at: time)
        // A correction rebuilds only the end of the session: it equals replaying every
        // delivery that counts from the start.
        #expect(try LaneSession(snapshot: session.session.snapshot) == session.session)
      }
    }
  }

  /// A new journal at `path` with `bowlers`, bound to a session.
  func newSession(bowlers: [String]) throws -> JournalledSession<JournalFile> {
    let start = JournalEntry(time: Self.time, author: "lane", event: .started(bowlers: bowlers))
    let file = try JournalFile(path: path, ifMissing: .create(start), clock: { Self.time })
    return try JournalledSession(store: file, opened: file)
  }

  /// The session a full replay of the journal makes, checkpoint ignored.
  func replayed() throws -> LaneSession {
    let file = try JournalFile(path: path, ifMissing: .refuse)
    return try JournalledSession(store: file, entries: file.entries).session
  }

  @Test(
    "When a journal of random deliveries and corrections is resumed from a checkpoint, then the session equals a full replay, undo steps included",
    arguments: 0..<40)
  func resumeEqualsReplay(seed: Int) throws {
    // Given a random session with a checkpoint somewhere in it, and records after it
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: JournalCheckpoint.path(for: path))
    var random = SeededRandom(seed: UInt64(seed))
    let bowlers = Array(["Ana", "Ben", "Cho"].prefix(Int.random(in: 1...3, using: &random)))
    var session = try newSession(bowlers: bowlers)
    try Self.bowl(Int.random(in: 1...120, using: &random), into: &session, random: &random)
    #expect(try session.store.writeCheckpoint(of: session.session, through: session.lastSequence))
    let after = Int.random(in: 0...30, using: &random)
    try Self.bowl(after, into: &session, random: &random)

    // When it is opened through the checkpoint
    let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)
    var resumed = try JournalledSession(store: file, opened: file)

    // Then it used the checkpoint, decoded only the records after it, and made the same session
    #expect(file.checkpointProblem == nil)
    #expect(file.checkpointed != nil)
    #expect(file.entries.count <= after)
    #expect(resumed.session == session.session)
    #expect(resumed.session == (try replayed()))
    #expect(resumed.lastSequence == session.lastSequence)
    // and undoing everything takes back the same changes as the session that wrote it
    while resumed.session.canUndo {
      _ = try resumed.correct(.undo, by: "desk", at: Self.time)
      _ = try session.catchUp()
      #expect(resumed.session == session.session)
    }
  }

  /// A journal of `throws` deliveries for one bowler, checkpointed at its end, then `after`
  /// more deliveries.
  func longJournal(throws count: Int, after: Int) throws {
    var session = try newSession(bowlers: ["Ana"])
    try Self.bowlStrikes(count, into: &session)
    #expect(try session.store.writeCheckpoint(of: session.session, through: session.lastSequence))
    try Self.bowlStrikes(after, into: &session)
  }

  static func bowlStrikes(_ count: Int, into session: inout JournalledSession<JournalFile>) throws {
    for _ in 0..<count {
      _ = try session.record(at: time) { _ in JournalEntry.Delivery(knocked: .full, isFoul: false) }
    }
  }

  @Test("When journals of n and 8n throws are resumed from checkpoints, then both decode only the records after the checkpoint")
  func workDoesNotGrow() throws {
    var decoded: [Int] = []
    for count in [100, 800] {
      try? FileManager.default.removeItem(atPath: path)
      try longJournal(throws: count, after: 5)
      let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)
      let session = try JournalledSession(store: file, opened: file)
      #expect(session.session.deliveryCount == count + 5)
      decoded.append(file.entries.count)
    }
    #expect(decoded == [5, 5])
  }

  @Suite("Given a checkpoint that does not match its journal")
  struct Mismatch {
    let folder: ScratchFolder
    let path: String

    /// A journal of 40 strikes with a checkpoint after 30.
    init() throws {
      let outer = try JournalCheckpointTests()
      folder = outer.folder
      path = outer.path
      var session = try outer.newSession(bowlers: ["Ana"])
      try JournalCheckpointTests.bowlStrikes(30, into: &session)
      #expect(try session.store.writeCheckpoint(of: session.session, through: session.lastSequence))
      try JournalCheckpointTests.bowlStrikes(10, into: &session)
    }

    func openedWithProblem() throws -> (JournalFile, JournalCheckpoint.Problem?) {
      let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)
      return (file, file.checkpointProblem)
    }

    func expectFullReplay(reason: String) throws {
      let (file, problem) = try openedWithProblem()
      let session = try JournalledSession(store: file, opened: file)
      #expect(problem?.reason.contains(reason) == true, "\(String(describing: problem))")
      #expect(file.checkpointed == nil)
      #expect(file.entries.count == 41)
      #expect(session.session.deliveryCount == 40)
    }

    @Test("When a byte of the checkpoint is changed, then it is ignored as damaged and the journal replayed")
    func damaged() throws {
      let checkpoint = JournalCheckpoint.path(for: path)
      var bytes = try Data(contentsOf: URL(fileURLWithPath: checkpoint))
      bytes[bytes.count / 2] ^= 0x01
      try bytes.write(to: URL(fileURLWithPath: checkpoint))
      try expectFullReplay(reason: "checksum")
    }

    @Test("When the checkpoint is cut short, then it is ignored and the journal replayed")
    func truncated() throws {
      let checkpoint = JournalCheckpoint.path(for: path)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: checkpoint))
      try bytes.prefix(bytes.count - 7).write(to: URL(fileURLWithPath: checkpoint))
      try expectFullReplay(reason: "checksum")
    }

    @Test("When the checkpoint belongs to another journal, then it is ignored and the journal replayed")
    func foreign() throws {
      // Given another lane's journal with the same records but its own header
      let other = try JournalCheckpointTests()
      let start = JournalEntry(time: JournalCheckpointTests.time, author: "lane", event: .started(bowlers: ["Ana"]))
      let otherFile = try JournalFile(path: other.path, ifMissing: .create(start), lane: "lane9", clock: { Date() })
      var otherSession = try JournalledSession(store: otherFile, opened: otherFile)
      try JournalCheckpointTests.bowlStrikes(40, into: &otherSession)
      // When this journal's checkpoint is put beside it
      try FileManager.default.copyItem(
        atPath: JournalCheckpoint.path(for: path), toPath: JournalCheckpoint.path(for: other.path))
      let file = try JournalFile(path: other.path, ifMissing: .refuse, usingCheckpoint: true)
      // Then it is ignored and every record is read
      #expect(file.checkpointProblem?.reason.contains("another journal") == true)
      #expect(file.entries.count == 41)
    }

    @Test("When the journal was cut before the record the checkpoint covers, then it is ignored and the journal replayed")
    func stale() throws {
      // Given the journal replaced by a copy holding its first 11 records only
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      let newlines = bytes.enumerated().filter { $0.element == UInt8(ascii: "\n") }.map(\.offset)
      try bytes.prefix(newlines[11] + 1).write(to: URL(fileURLWithPath: path))
      let (file, problem) = try openedWithProblem()
      #expect(problem?.reason.contains("shorter") == true)
      #expect(file.entries.count == 11)
    }

    @Test("When another record sits where the checkpoint's record ended, then it is ignored and the journal replayed")
    func rewritten() throws {
      // Given the record the checkpoint covers (31) rewritten with another author of the same length
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      let newlines = original.enumerated().filter { $0.element == UInt8(ascii: "\n") }.map(\.offset)
      let line = original[(newlines[30] + 1)...newlines[31]]
      var entry = try JournalRecord.entry(from: ArraySlice(line.dropLast()))
      entry.author = "lan2"
      let changed = JournalRecord.bytes(of: entry)
      #expect(changed.count == line.count)
      let bytes = Array(original.prefix(newlines[30] + 1)) + changed + Array(original[(newlines[31] + 1)...])
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      try expectFullReplay(reason: "no longer holds record 31")
    }
  }

  @Suite("Given a session long enough that its oldest games are summarised")
  struct Season {
    let outer: JournalCheckpointTests
    var session: JournalledSession<JournalFile>

    /// Two bowlers, 24 games each of random balls and corrections, then a checkpoint.
    init() throws {
      outer = try JournalCheckpointTests()
      session = try outer.newSession(bowlers: ["Ana", "Ben"])
      var random = SeededRandom(seed: 12)
      while session.session.series.map(\.gameCount).min()! < 24 {
        try JournalCheckpointTests.bowl(50, into: &session, random: &random)
      }
      #expect(try session.store.writeCheckpoint(of: session.session, through: session.lastSequence))
    }

    @Test("When it is resumed from the checkpoint, then the session equals a full replay, summaries and undo reach included")
    mutating func resumeEqualsReplay() throws {
      #expect(session.session.series.allSatisfy { $0.earlier.count >= 13 })
      let file = try JournalFile(path: outer.path, ifMissing: .refuse, usingCheckpoint: true)
      var resumed = try JournalledSession(store: file, opened: file)
      #expect(file.checkpointed != nil)
      #expect(file.entries.isEmpty)
      #expect(resumed.session == session.session)
      #expect(resumed.session == (try outer.replayed()))
      // Every undo the writer could make, the resumed session makes, and no more
      var undone = 0
      while resumed.session.canUndo {
        _ = try resumed.correct(.undo, by: "desk", at: JournalCheckpointTests.time)
        _ = try session.catchUp()
        #expect(resumed.session == session.session)
        undone += 1
      }
      #expect(undone > 0)
      #expect(!session.session.canUndo)
      // and they stop at the first ball of each bowler's oldest whole game
      #expect(resumed.session.series.map(\.gameCount) == resumed.session.series.map { $0.earlier.count + 1 })
      #expect(resumed.session.deliveries.isEmpty)
    }

    @Test("When its checkpoint is written, then its size grows with the games summarised, not with every delivery")
    func checkpointSize() throws {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: JournalCheckpoint.path(for: outer.path)))
      let snapshot = session.session.snapshot
      let games = snapshot.earlier.map(\.count).reduce(0, +)
      #expect(snapshot.summarisedDeliveries > 0)
      #expect(snapshot.deliveries.count <= 2 * LaneSession.wholeGames * 21)
      // 10 bytes a summarised game; 2 a delivery kept whole; at most 10 an undo step
      #expect(bytes.count <= 200 + 10 * games + 2 * snapshot.deliveries.count + 10 * snapshot.undo.count)
    }
  }

  @Test("When the checkpoint is in the older format 1, then it is ignored with that reason and the journal replayed")
  func olderFormat() throws {
    var session = try newSession(bowlers: ["Ana"])
    try Self.bowlStrikes(20, into: &session)
    #expect(try session.store.writeCheckpoint(of: session.session, through: session.lastSequence))
    let checkpoint = JournalCheckpoint.path(for: path)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: checkpoint))
    bytes.replaceSubrange(0..<24, with: Array("lanebridge-checkpoint 1\n".utf8))
    try bytes.write(to: URL(fileURLWithPath: checkpoint))

    let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)

    #expect(file.checkpointProblem?.reason.contains("older format 1") == true)
    #expect(file.checkpointed == nil)
    #expect(file.entries.count == 21)
  }
}
