import Bowling
import Foundation
import TestSupport
import Testing

@testable import Journal

/// A journal closing one session and opening the next on the same path (``SessionRotation``).
@Suite("A lane's journal across sessions")
struct SessionRotationTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)
  static let start = JournalEntry(time: time, author: "lane", event: .started(bowlers: ["Ana", "Ben"]))
  static let strike = JournalEntry(
    time: time, author: "lane", event: .delivered(.init(knocked: .full, isFoul: false)))

  let folder: ScratchFolder
  let path: String
  /// Its start was written before ids were data: the archive is named by its time to the second.
  var archive: String { SessionRotation.archivePath(forJournal: path, session: "2025-05-01T19:04:11Z") }

  /// Ana and Ben's session with one strike, journalled in `lane.journal`.
  init() throws {
    folder = try ScratchFolder("lane-session-rotation")
    path = folder.path("lane.journal")
    let file = try JournalFile(path: path, ifMissing: .create(Self.start), lane: "lane7", holdingLane: true)
    _ = try file.append(Self.strike)
  }

  func session(_ file: JournalFile) throws -> JournalledSession<JournalFile> {
    try JournalledSession(store: file, opened: file)
  }

  @Suite("The end record")
  struct EndRecord {
    @Test(
      "When an end with the next bowlers is written and read back, then it is the same entry",
      arguments: [[], ["Cho", "Dee"]])
    func roundTrip(next: [String]) throws {
      let end = JournalEntry(sequence: 3, time: SessionRotationTests.time, author: "desk/r-1", event: .ended(next: next))
      #expect(try JournalEntry(recordJSON: end.recordJSON) == end)
      #expect(String(decoding: end.recordJSON, as: UTF8.self).contains("\"event\":\"end\""))
    }

    @Test("When an end names a bowler with a terminal escape, then the record is refused as impossible")
    func escapeRefused() throws {
      let end = JournalEntry(sequence: 3, time: SessionRotationTests.time, author: "lane", event: .ended(next: ["\u{1B}[2J"]))
      #expect(throws: JournalError.self) { try JournalEntry(recordJSON: end.recordJSON) }
    }

    @Test("When a record follows the session's end, then the session does not add up")
    func recordAfterEnd() throws {
      var end = JournalEntry(time: SessionRotationTests.time, author: "lane", event: .ended(next: []))
      end.sequence = 2
      var start = SessionRotationTests.start
      start.sequence = 1
      var strike = SessionRotationTests.strike
      strike.sequence = 3
      #expect(
        throws: JournalError.inconsistent(sequence: 3, reason: "a record after the session's end (record 2)")
      ) { try LaneSession(journal: [start, end, strike]) }
    }
  }

  @Test("When the session is ended, then it is archived whole, and the journal holds the next session from seq 1")
  func endAndOpenNext() throws {
    var journal = try session(try JournalFile(path: path, ifMissing: .refuse, holdingLane: true))

    let made = try journal.endSession(by: "desk/r-1", at: Self.time, next: ["Cho"])

    #expect(made.end.sequence == 3)
    #expect(made.start.sequence == 1)
    #expect(journal.session.bowlers == ["Cho"])
    #expect(journal.lastSequence == 1)
    let closed = try JournalReader(path: archive).entries(after: 0)
    #expect(closed.map(\.sequence) == [1, 2, 3])
    #expect(closed.last?.event == .ended(next: ["Cho"]))
    let open = try JournalFile(path: path, ifMissing: .refuse)
    #expect(open.entries.map(\.event) == [.started(bowlers: ["Cho"])])
    #expect(open.header.lane == "lane7")
  }

  @Test("When sessions follow one another within a millisecond, then each id follows the one before, each start keeps its own time, and nothing waits")
  func idsNeverRepeat() throws {
    var journal = try session(try JournalFile(path: path, ifMissing: .refuse, holdingLane: true))

    var ids = [SessionRotation.id(of: Self.start)]
    for _ in 1...3 {
      let made = try journal.endSession(by: "lane", at: Self.time, next: [])
      #expect(made.start.time == Self.time)
      ids.append(SessionRotation.id(of: made.start))
    }

    #expect(ids == ids.sorted() && Set(ids).count == 4, "\(ids)")
    let archived = try FileManager.default.contentsOfDirectory(atPath: SessionRotation.archiveFolder(forJournal: path))
    #expect(archived.count == 3)
  }

  @Test("When the checkpoint beside the journal was of the ended session, then it is removed")
  func checkpointRemoved() throws {
    let file = try JournalFile(path: path, ifMissing: .refuse, holdingLane: true)
    var journal = try session(file)
    #expect(try file.writeCheckpoint(of: journal.session, through: journal.lastSequence))

    _ = try journal.endSession(by: "lane", at: Self.time, next: [])

    #expect(!FileManager.default.fileExists(atPath: JournalCheckpoint.path(for: path)))
  }

  @Test("When the lane records after the end without a next session (lane correct on an ended journal), then it is refused")
  func nothingAfterEnd() throws {
    _ = try JournalFile(path: path, ifMissing: .refuse)
      .append(JournalEntry(time: Self.time, author: "lane", event: .ended(next: [])))
    var journal = try session(try JournalFile(path: path, ifMissing: .refuse))  // not the lane

    #expect(throws: JournalError.self) {
      _ = try journal.correct(.undo, by: "Ana", at: Self.time)
    }
    #expect(try JournalFile(path: path, ifMissing: .refuse).entries.count == 3)
  }

  @Test("When another file has the archive's name, then it is left as it is and the rotation is refused")
  func archiveTaken() throws {
    try FileManager.default.createDirectory(
      atPath: SessionRotation.archiveFolder(forJournal: path), withIntermediateDirectories: false)
    try Data("someone else's".utf8).write(to: URL(fileURLWithPath: archive))
    var journal = try session(try JournalFile(path: path, ifMissing: .refuse, holdingLane: true))

    #expect(throws: JournalError.archiveTaken(path: archive)) {
      _ = try journal.endSession(by: "lane", at: Self.time, next: [])
    }
    #expect(try String(contentsOfFile: archive, encoding: .utf8) == "someone else's")
  }

  /// The lane stopped after one step of the rotation, as a crash would.
  struct Crash: Error {}

  @Test(
    "When the lane stops after a step of closing the session, then its next start finishes it, each record kept once",
    arguments: SessionRotation.Step.allCases)
  func crashAfterStep(step: SessionRotation.Step) throws {
    // Given a rotation stopped after `step`
    do {
      let file = try JournalFile(path: path, ifMissing: .refuse, holdingLane: true)
      file.afterRotationStep = { done throws(JournalError) in
        if done == step { throw .system(operation: "stop (test)", path: "", errno: EIO) }
      }
      var journal = try session(file)
      #expect(throws: JournalError.self) {
        _ = try journal.endSession(by: "desk/r-9", at: Self.time, next: ["Cho", "Dee"])
      }
    }

    // When the lane starts again
    let reopened = try JournalFile(path: path, ifMissing: .refuse, holdingLane: true, usingCheckpoint: true)
    let journal = try session(reopened)

    // Then the ended session is archived whole and the next session is open, for the
    // bowlers the end named
    let closed = try JournalReader(path: archive).entries(after: 0)
    #expect(closed.map(\.sequence) == [1, 2, 3])
    #expect(journal.session.bowlers == ["Cho", "Dee"])
    #expect(journal.lastSequence == 1)
    #expect(reopened.archivedOnOpening == (step == .replace ? nil : archive))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["lane.journal", "lane.journal.sessions"])
  }

  @Test("When the end is durable but the lane stopped before any other step, then its next start closes the session")
  func crashAfterEnd() throws {
    let file = try JournalFile(path: path, ifMissing: .refuse, holdingLane: true)
    _ = try file.append(JournalEntry(time: Self.time, author: "lane", event: .ended(next: ["Eve"])))

    let reopened = try JournalFile(path: path, ifMissing: .refuse, holdingLane: true)
    withExtendedLifetime(file) {}

    #expect(reopened.archivedOnOpening == archive)
    #expect(reopened.entries.map(\.event) == [.started(bowlers: ["Eve"])])
  }
}

/// A session's id as data (``SessionRotation`` rule 5): what old journals hold, what new ones
/// write, and how an id follows the ones it must.
@Suite("A session's id")
struct SessionIDTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251.25)

  @Test("When a start was written before ids were data, then its id is its time to the second, as the desk stored it")
  func oldStart() throws {
    let old = try JournalEntry(
      recordJSON: Array(#"{"seq":1,"at":"2025-05-01T19:04:11Z","by":"lane","event":"start","bowlers":["Ana"]}"#.utf8))

    #expect(old.session == nil)
    #expect(SessionRotation.id(of: old) == "2025-05-01T19:04:11Z")
  }

  @Test("When a new start is written and read back, then it carries its id to the millisecond")
  func newStart() throws {
    let start = JournalEntry(
      sequence: 1, time: Self.time, author: "lane", event: .started(bowlers: ["Ana"]),
      session: SessionRotation.id(startingAt: Self.time))

    let read = try JournalEntry(recordJSON: start.recordJSON)

    // The record's time is kept to the second; the id, to the millisecond.
    #expect(read.session == start.session && read.event == start.event)
    #expect(SessionRotation.id(of: read) == "2025-05-01T19:04:11.250Z")
  }

  @Test(
    "When an id must follow others, then it is the start's millisecond, or the first one whose id sorts after the latest",
    arguments: [
      ([], "2025-05-01T19:04:11.250Z"),
      (["2025-05-01T19:04:10Z"], "2025-05-01T19:04:11.250Z"),
      // An id to the second covers its whole second.
      (["2025-05-01T19:04:11Z"], "2025-05-01T19:04:12.000Z"),
      (["2025-05-01T19:04:11.250Z"], "2025-05-01T19:04:11.251Z"),
      (["2025-05-01T19:04:11.999Z", "2025-05-01T19:04:11.100Z"], "2025-05-01T19:04:12.000Z"),
      (["2025-12-31T23:59:59.999Z"], "2026-01-01T00:00:00.000Z"),
    ])
  func following(earlier: [String], expected: String) {
    let made = SessionRotation.id(after: earlier, at: Self.time)

    #expect(made == expected)
    #expect(earlier.allSatisfy { $0 < made })
  }

  @Test("When ids are made one after another at the same instant, each following the last, then they sort as text in the order made")
  func sortAsMade() {
    var ids = ["2025-05-01T19:04:11Z"]
    for _ in 1...1500 { ids.append(SessionRotation.id(after: [ids.last!], at: Self.time)) }

    #expect(ids == ids.sorted())
    #expect(Set(ids).count == ids.count)
  }

  @Test(
    "When a record's session id is not a time in UTC, or is on a record that starts nothing, then the record is refused as impossible",
    arguments: [
      #"{"seq":1,"at":"2025-05-01T19:04:11Z","by":"lane","event":"start","bowlers":[],"session":"tuesday"}"#,
      #"{"seq":1,"at":"2025-05-01T19:04:11Z","by":"lane","event":"start","bowlers":[],"session":"2025-02-30T19:04:11.000Z"}"#,
      #"{"seq":1,"at":"2025-05-01T19:04:11Z","by":"lane","event":"start","bowlers":[],"session":"2025-05-01T19:04:11.000Z/../x"}"#,
      #"{"seq":2,"at":"2025-05-01T19:04:11Z","by":"lane","event":"end","next":[],"session":"2025-05-01T19:04:11.000Z"}"#,
    ])
  func refused(record: String) {
    #expect(throws: (any Error).self) { try JournalEntry(recordJSON: Array(record.utf8)) }
  }
}
