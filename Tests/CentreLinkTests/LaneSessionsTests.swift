import Bowling
import Centre
import CentreLink
import Foundation
import InMemoryLogging
import Logging
import Journal
import TestSupport
import Testing

/// The centre link's sessions across a change of session on one journal path: the store
/// feeds the open session, a closed one is read from its archive (``LaneSessions``).
@Suite("LaneSessions and the outbox's store across a change of session")
struct LaneSessionsTests {
  static let time = Date(timeIntervalSince1970: 1_795_000_000)
  static let start = JournalEntry(time: time, author: "lane", event: .started(bowlers: ["Ana"]))
  static let strike = JournalEntry(
    time: time, author: "lane", event: .delivered(.init(knocked: .full, isFoul: false)))

  let folder: ScratchFolder
  let path: String

  /// Given Ana's session with three strikes in `lane.journal`.
  init() throws {
    folder = try ScratchFolder("lane-sessions")
    path = folder.path("lane.journal")
    let file = try JournalFile(path: path, ifMissing: .create(Self.start), lane: "lane7", holdingLane: true)
    for _ in 1...3 { _ = try file.append(Self.strike) }
  }

  /// The lane's journal opened as `lane run` opens it, its store feeding `sessions`.
  func opened() throws -> (
    journal: JournalledSession<JournalOutboxSource.Store<JournalFile>>, sessions: LaneSessions
  ) {
    let file = try JournalFile(path: path, ifMissing: .refuse, holdingLane: true)
    let sessions = LaneSessions(open: try JournalOutboxSource(entries: file.entries))
    let store = JournalOutboxSource.Store(file, feeding: sessions, journal: path)
    return (try JournalledSession(store: store, opened: file), sessions)
  }

  @Test("When the desk ends the session for Cho, then the closed session's records come from its archive and the open session starts at seq 1 under a new id")
  func endSession() throws {
    let lane = try opened()
    var journal = lane.journal
    let sessions = lane.sessions
    let closedID = sessions.open.session
    let before = sessions.open.records(after: 0, limit: 10)

    // When the session is ended by a desk request and two strikes are bowled after it.
    _ = try journal.endSession(by: "desk/r-1", at: Self.time, next: ["Cho"])
    for _ in 1...2 {
      _ = try journal.record(at: Self.time) { _ in JournalEntry.Delivery(knocked: .full, isFoul: false) }
    }

    // Then the sessions are the closed one and the next, oldest first.
    let openID = sessions.open.session
    #expect(sessions.ids == [closedID, openID])
    #expect(openID > closedID)
    // The closed session: its four records and the end, as the journal held them.
    let closed = try #require(sessions.source(of: closedID))
    #expect(closed.lastSequence == 5)
    let records = closed.records(after: 0, limit: 10)
    #expect(Array(records.prefix(4)) == before)
    #expect(records.last?.type == .sessionEnd)
    // The open session: its start and two throws, from seq 1.
    #expect(sessions.open.records(after: 0, limit: 10).map(\.seq) == [1, 2, 3])
    #expect(sessions.open.records(after: 0, limit: 1).first?.type == .sessionStart)
    // And the request is found in both: the end in the closed one, the start in the open.
    #expect(closed.sequence(ofRecordBy: "desk/r-1") == 5)
    #expect(sessions.record(by: "desk/r-1")?.session == openID)
    #expect(sessions.record(by: "desk/r-1")?.seq == 1)
    #expect(sessions.record(by: "desk/r-2") == nil)
  }

  @Test("When a lane restarts after the change, then the archive is listed and read whole from its file")
  func archiveAfterRestart() throws {
    let lane = try opened()
    var journal = lane.journal
    let closedID = lane.sessions.open.session
    _ = try journal.endSession(by: "lane", at: Self.time, next: [])

    #expect(try LaneSessions.archivedSessions(ofJournal: path) == [closedID])
    let archive = try JournalOutboxSource(
      archive: SessionRotation.archivePath(forJournal: path, session: closedID))
    #expect(archive.session == closedID)
    #expect(archive.lastSequence == 5)
    #expect(archive.records(after: 3, limit: 10).map(\.type) == [.throw, .sessionEnd])
  }

  @Test("When the lane restarted after the sessions a desk request changed were let go, then a repeat of the request is found in their archives, and one older than the searched archives is not")
  func requestInArchiveAfterRestart() throws {
    var journal = try opened().journal
    // Ana's session is ended by desk request r-1 (its end, and the next session's start),
    // that one by the lane; then 16 more sessions pass.
    let withRequest = SessionRotation.id(of: try journal.endSession(by: "desk/r-1", at: Self.time + 60, next: ["Cho"]).start)
    _ = try journal.endSession(by: "lane", at: Self.time + 120, next: ["Dee"])

    // When the lane starts again with only its open session to publish.
    func restarted() throws -> LaneSessions {
      let file = try JournalFile(path: path, ifMissing: .refuse, holdingLane: true)
      let open = try JournalOutboxSource(entries: file.entries)
      let plan = PublishingPlan(acknowledgement: .init(session: open.session, upto: 1), closed: [], open: open.session)
      let logged = InMemoryLogHandler()
      defer { #expect(logged.entries.isEmpty) }
      return LaneSessions.resuming(plan, open: open, journal: path, logger: Logger(label: "test") { _ in logged })
    }
    let sessions = try restarted()

    // Then the request is found in the newest archive that holds it: the start of Cho's session.
    #expect(sessions.ids.count == 1)
    #expect(sessions.record(by: "desk/r-1")?.session == withRequest)
    #expect(sessions.record(by: "desk/r-1")?.seq == 1)
    #expect(sessions.record(by: "desk/r-9") == nil)

    // And once more sessions than are searched have closed after it, it is not.
    for minute in 3...(2 + LaneSessions.archivesSearched) {
      _ = try journal.endSession(by: "lane", at: Self.time + Double(60 * minute), next: ["Eve"])
    }
    #expect(try restarted().record(by: "desk/r-1") == nil)
  }

  @Test("When the plan names a closed session whose archive is gone, then it is left out and reported")
  func missingArchive() throws {
    let open = try JournalOutboxSource(entries: [JournalEntry(sequence: 1, time: Self.time, author: "lane", event: .started(bowlers: []))])
    let plan = PublishingPlan(
      acknowledgement: .init(session: "2026-01-01T00:00:00Z", upto: 3), closed: ["2026-01-01T00:00:00Z"],
      open: open.session)
    let logged = InMemoryLogHandler()

    let sessions = LaneSessions.resuming(plan, open: open, journal: path, logger: Logger(label: "test") { _ in logged })
    let reports = logged.entries.map(\.message.description)

    #expect(sessions.ids == [open.session])
    #expect(reports.count == 1)
    #expect(reports.first?.contains("2026-01-01T00:00:00Z cannot be published") == true)
  }

  @Test("When there is no archive folder, then no closed session is listed")
  func noArchiveFolder() throws {
    #expect(try LaneSessions.archivedSessions(ofJournal: path).isEmpty)
  }
}
