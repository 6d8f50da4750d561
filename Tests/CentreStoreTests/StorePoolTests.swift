import Centre
import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore

@Suite("The desk's store opened once for the process: one pool, read beside its writer")
struct StorePoolTests {
  let folder: ScratchFolder
  let path: String
  /// Twelve lanes' sessions, each a start and a game of 20 balls: what the writer stores, one lane's
  /// session a transaction.
  let sessions: [[Payload.Event]]

  /// Given a scratch folder and the sessions.
  init() throws {
    folder = try ScratchFolder("store-pool")
    path = folder.path("centre.store")
    sessions = try (1...12).map { lane in
      var session = try PublishedSession(lane: "lane\(lane)", session: "s1", bowlers: ["Ana"])
      session.bowl(Array(repeating: 4, count: 20))
      return try session.events
    }
  }

  @Test("When readers read the one open store while its writer stores a session a transaction, then each read sees whole sessions and the last sees them all")
  func concurrentReadsBesideTheWriter() throws {
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    let sessionLength = sessions[0].count
    let seen = Mutex<[[String: Int]]>([])
    let failures = Mutex<[String]>([])

    // When: one thread stores the sessions, eight read the stored events and games meanwhile.
    DispatchQueue.concurrentPerform(iterations: 9) { worker in
      do {
        if worker == 0 {
          for session in sessions { _ = try store.store(session) }
          return
        }
        for _ in 0..<10 {
          let events = try store.events()
          _ = try store.games()
          seen.withLock { $0.append(Dictionary(events.map { ($0.lane.rawValue, 1) }, uniquingKeysWith: +)) }
        }
      } catch {
        failures.withLock { $0.append("\(worker): \(error)") }
      }
    }

    // Then every read succeeded and saw each lane's session whole or not at all.
    #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
    let reads = seen.withLock { $0 }
    #expect(reads.count == 80)
    #expect(reads.allSatisfy { $0.values.allSatisfy { $0 == sessionLength } }, "\(reads)")
    #expect(try store.events().count == sessions.count * sessionLength)
    #expect(try store.games().count == sessions.count)
    try store.close()
  }

  @Test("When the desk opens the store, then its writer syncs each commit (synchronous FULL), though GRDB's WAL set-up asks NORMAL")
  func durableCommits() throws {
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    let synchronous = try store.database.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    let journal = try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }

    #expect(synchronous == 2)
    #expect(journal == "wal")
    #expect(store.database is DatabasePool)
    try store.close()
  }

  @Test("When a read-only command opens the store, then it reads the events, may not write, and leaves the folder as it was")
  func readOnly() throws {
    let desk = try RecordStore.open(at: path, access: .createIfMissing)
    _ = try desk.store(sessions[0])
    try desk.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let reader = try RecordStore.open(at: path, access: .readOnly)
    #expect(try reader.events() == sessions[0])
    #expect(throws: StoreError.self) { try reader.store(sessions[1]) }
    try reader.close()

    #expect(try folder.contents() == ["centre.store"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}

@Suite(
  "SQLite's integrity check, run when the desk starts and by lane records check, not at every open",
  .enabled(if: DamagedSQLiteFile.canDamage, DamagedSQLiteFile.skipReason))
struct StoreIntegrityTests {
  let folder: ScratchFolder
  let path: String

  /// Given a store holding a session whose `event` table's page was then zeroed, as a bad
  /// disk leaves it.
  init() throws {
    folder = try ScratchFolder("store-integrity")
    path = folder.path("centre.store")
    var session = try PublishedSession(lane: "lane1", session: "s1", bowlers: ["Ana"])
    session.bowl([7, 3, 10])
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    _ = try store.store(try session.events)
    try store.close()
    try DamagedSQLiteFile.zeroRootPage(of: "event", inFileAt: path)
  }

  @Test("When a reader opens the damaged store, then it opens without reading the whole file")
  func readerOpens() throws {
    let store = try RecordStore.open(at: path, access: .existing)
    try store.close()
  }

  @Test("When the desk opens the damaged store, then its integrity check refuses it (damaged) and the file is left as it was")
  func deskRefuses() throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    #expect {
      try RecordStore.open(at: path, access: .createIfMissing, checkingIntegrity: true)
    } throws: { error in
      guard case .damaged = error as? StoreError else { return false }
      return "\(error)".hasPrefix("the store \(path) is damaged (SQLite's integrity check: ")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try folder.contents() == ["centre.store"])
  }

  @Test("When the store opened read-only is checked, then SQLite's problems are listed, and a whole store has none")
  func checkListsProblems() throws {
    let damaged = try RecordStore.open(at: path, access: .readOnly)
    let problems = try damaged.integrityProblems()
    try damaged.close()
    let whole = try RecordStore.open(at: folder.path("whole.store"), access: .createIfMissing)
    let none = try whole.integrityProblems()
    try whole.close()

    #expect(!problems.isEmpty)
    #expect(none.isEmpty)
  }
}
