import Centre
import CentreLink
import Foundation
import GRDB
import SafeFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The desk's store: every lane's journal records as the centre link carried them, each
/// (lane, session, seq) once, in one SQLite file (docs/records.md).
///
/// A repository over one long-lived `DatabasePool` (WAL): a process opens the store once
/// (``open(at:access:checkingIntegrity:)``) and hands it to whatever needs it, so readers run
/// beside the writer and no request opens the file again. Opened only when the file is ours;
/// commits are durable (WAL, `synchronous = FULL`), so an event ``store(_:)`` returned is on
/// disk before the desk acknowledges it.
public final class RecordStore: EventStore, Sendable {
  /// What a command may do with the store.
  public enum Access: Sendable {
    /// `lane desk --store`, `lane records import`: a missing file is created (an empty one
    /// taken) as a new store.
    case createIfMissing
    /// The `lane records` readers that keep the folds current: the store must exist; an
    /// empty file reads as a store with nothing.
    case existing
    /// `lane records events`, `backup` and `check`: the store must exist and is opened
    /// read-only (one connection, each read under SQLite's `query_only`; no schema step
    /// applied, no fold kept, nothing stored); an empty file reads as a store with nothing.
    case readOnly
  }

  /// The store's file, as given.
  public let path: String
  /// The pool every read and write of the process goes through; an in-memory queue for an
  /// empty file opened to be read.
  let database: any DatabaseWriter
  /// Whether the store was opened ``Access/readOnly``: then nothing writes through it. (Its
  /// reads are read-only too: GRDB runs each with `query_only`.)
  let isReadOnly: Bool

  /// The `PRAGMA application_id` that marks a store: "LBrc", LaneBridge records.
  public static let applicationID: UInt32 = 0x4C42_7263

  private init(path: String, database: any DatabaseWriter, isReadOnly: Bool = false) {
    self.path = path
    self.database = database
    self.isReadOnly = isReadOnly
  }

  /// Why a store opened read-only refuses a write.
  struct OpenedReadOnly: Error, CustomStringConvertible {
    var description: String { "the store was opened read-only" }
  }

  /// Runs `updates` in one transaction of the store's writer, unless it was opened read-only.
  func write<T>(_ updates: (Database) throws -> T) throws -> T {
    guard !isReadOnly else { throw OpenedReadOnly() }
    return try database.write(updates)
  }

  /// ``write(_:)`` on the writer's own queue: the caller is suspended, not blocked, while the
  /// transaction waits for the disk.
  func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
    guard !isReadOnly else { throw OpenedReadOnly() }
    return try await database.write(updates)
  }

  /// Opens the store at `path` for the process, creating it when `access` allows.
  ///
  /// Before SQLite opens it the file must be a regular file (a symbolic link is never
  /// followed) holding nothing or an SQLite database marked as a store; then, before the
  /// pool is opened, its `application_id` must be the store's again and its schema one this
  /// build knows (older ones are migrated unless `access` is ``Access/readOnly``). Every
  /// refusal leaves the file as it was.
  /// - Parameter checkingIntegrity: Whether SQLite's integrity check must pass too (it reads
  ///   the whole file): `lane desk` asks once at its start; `lane records check` asks
  ///   ``integrityProblems()`` instead.
  /// - Throws: ``StoreError``.
  public static func open(
    at path: String, access: Access, checkingIntegrity: Bool = false
  ) throws(StoreError) -> RecordStore {
    var header = try StoreFileHeader.read(at: path)
    switch header {
    case .absent:
      guard access == .createIfMissing else { throw .missing(path: path) }
      try create(at: path)
      header = .empty
    case .empty:
      if access != .createIfMissing { return try inMemory(path: path) }
    case .sqlite(let id):
      guard id == applicationID else {
        throw .notOurs(
          path: path,
          reason: "an SQLite database of another program, application_id 0x\(String(id, radix: 16))")
      }
    }
    if access == .createIfMissing { try StoreFolder.checkWritable(path) }
    do {
      if access == .readOnly {
        // One connection that only reads, not a pool: a pool writes as it opens (GRDB makes
        // sure the WAL is not empty), and SQLite's read-only connections leave FILE-wal and
        // FILE-shm behind them; this one, the last to close, removes them.
        let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: true))
        do {
          try check(queue, at: path, integrity: checkingIntegrity)
        } catch {
          try? queue.close()
          throw error
        }
        return RecordStore(path: path, database: queue, isReadOnly: true)
      }
      if header == .empty {
        try mark(path)
      } else {
        // Checked through a connection of its own before the pool is opened: opening a pool
        // on a file writes to it (GRDB makes sure the WAL is not empty).
        let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: false))
        defer { try? queue.close() }
        try check(queue, at: path, integrity: checkingIntegrity)
      }
      let pool = try DatabasePool(path: path, configuration: configuration(readOnly: false))
      do {
        try pool.writeWithoutTransaction { db in
          // GRDB sets `synchronous = NORMAL` on the writer when it turns WAL on; a commit
          // must be on the disk before the desk acknowledges it. (A pragma: SQL.)
          try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        try Schema.migrator.migrate(pool)
      } catch {
        try? pool.close()
        throw error
      }
      return RecordStore(path: path, database: pool)
    } catch let error as StoreError {
      throw error
    } catch {
      throw refusal(of: error, at: path)
    }
  }

  /// Every connection's settings: a wait for a writer beside it, and durable commits
  /// (`readOnly`: nothing is committed through it).
  private static func configuration(readOnly: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    configuration.prepareDatabase { db in
      // A pragma: the query interface has no words for it.
      if !readOnly && !db.configuration.readonly { try db.execute(sql: "PRAGMA synchronous = FULL") }
    }
    return configuration
  }

  /// Marks a new (empty) store as ours, in a rollback-journal transaction straight into the
  /// file's header, before the pool turns WAL on: a store killed before its first WAL
  /// checkpoint is still seen as ours.
  private static func mark(_ path: String) throws {
    let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: false))
    defer { try? queue.close() }
    try queue.writeWithoutTransaction { db in
      // A pragma's value cannot be a statement argument: SQL is the only way to say it.
      try db.execute(sql: "PRAGMA application_id = \(Int32(bitPattern: applicationID))")
    }
  }

  /// An empty store that is not written anywhere, for reading an empty file.
  private static func inMemory(path: String) throws(StoreError) -> RecordStore {
    do {
      let queue = try DatabaseQueue()
      try Schema.migrator.migrate(queue)
      return RecordStore(path: path, database: queue)
    } catch {
      throw .io(path: path, reason: "\(error)")
    }
  }

  /// Refuses an existing store that is not marked as ours, of a newer schema, or (when
  /// `integrity` is asked) damaged; nothing is written before these checks pass.
  private static func check(_ reader: any DatabaseReader, at path: String, integrity: Bool) throws {
    try reader.read { db in
      if integrity {
        let problems = try integrityProblems(db)
        guard problems.isEmpty else {
          throw StoreError.damaged(path: path, details: problems.prefix(3).joined(separator: "; "))
        }
      }
      let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
      guard UInt32(bitPattern: id) == applicationID else {
        throw StoreError.notOurs(
          path: path, reason: "its application_id is 0x\(String(UInt32(bitPattern: id), radix: 16))")
      }
      let migrator = Schema.migrator
      if try migrator.hasBeenSuperseded(db) {
        let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
        throw StoreError.newerSchema(path: path, unknown: unknown)
      }
    }
  }

  /// What SQLite's integrity check finds wrong in the file: nothing when it answers `ok`.
  private static func integrityProblems(_ db: Database) throws -> [String] {
    // A pragma: the query interface has no words for it.
    let answer = try String.fetchAll(db, sql: "PRAGMA integrity_check")
    return answer == ["ok"] ? [] : answer
  }

  /// What SQLite's integrity check finds wrong in the whole file (`lane records check`):
  /// empty when the store is whole.
  ///
  /// - Throws: ``StoreError/io(path:reason:)`` when SQLite fails otherwise.
  public func integrityProblems() throws(StoreError) -> [String] {
    do {
      return try database.read(Self.integrityProblems)
    } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
      // Damaged where the check starts: that is its answer.
      return [error.message ?? "\(error)"]
    } catch {
      throw Self.refusal(of: error, at: path)
    }
  }

  /// Creates the store's file, empty and readable by its owner's group only (the bowlers'
  /// names are in it), refusing anything that appeared at the path meanwhile.
  private static func create(at path: String) throws(StoreError) {
    do {
      _ = try NewFile.create(at: path, mode: 0o640)
    } catch {
      throw .cannotCreate(path: path, reason: error.reason)
    }
  }

  /// What an SQLite error on opening means for the user.
  private static func refusal(of error: any Error, at path: String) -> StoreError {
    guard let error = error as? DatabaseError else { return .io(path: path, reason: "\(error)") }
    switch error.resultCode {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      return .damaged(path: path, details: error.message ?? "\(error)")
    default:
      return .io(path: path, reason: error.message ?? "\(error)")
    }
  }

  /// Keeps `events` in one durable transaction; those stored already are left as they were.
  ///
  /// - Returns: The events not stored before, in the order given.
  /// - Throws: ``StoreError/io(path:reason:)`` when the transaction failed: none was kept.
  public func store(_ events: [Payload.Event]) throws -> [Payload.Event] {
    guard !events.isEmpty else { return [] }
    let rows = try EventRows(events)
    do {
      return try write(rows.insert)
    } catch {
      throw notStored(error)
    }
  }

  /// ``store(_:)`` on the pool's writer queue, so that the desk goes on receiving while the
  /// commit waits for the disk.
  public func commit(_ events: [Payload.Event]) async throws -> [Payload.Event] {
    guard !events.isEmpty else { return [] }
    let rows = try EventRows(events)
    do {
      return try await write(rows.insert)
    } catch {
      throw notStored(error)
    }
  }

  private func notStored(_ error: any Error) -> StoreError {
    .io(path: path, reason: "the events were not stored: \(error)")
  }

  /// Every stored event: lane by lane, each lane's sessions in the order the desk first
  /// stored them, each session in seq order.
  ///
  /// - Throws: ``StoreError/io(path:reason:)`` when the store cannot be read, or holds an
  ///   event that is not one.
  public func events() throws(StoreError) -> [Payload.Event] {
    do {
      // In the order stored, lane by lane: a lane's sessions then come in the order of their
      // first event, each gathered, then put in seq order.
      let stored = try database.read { db in
        try EventRecord.order(EventRecord.Columns.lane, EventRecord.Columns.id).fetchAll(db)
      }
      var sessions: [[EventRecord]] = []
      var index: [String: Int] = [:]
      for event in stored {
        let key = "\(event.lane)\u{0}\(event.session)"
        if let at = index[key] {
          sessions[at].append(event)
        } else {
          index[key] = sessions.count
          sessions.append([event])
        }
      }
      return try Self.events(ofPayloads: sessions.flatMap { $0.sorted { $0.seq < $1.seq }.map(\.payload) })
    } catch {
      throw .io(path: path, reason: "cannot read the stored events: \(error)")
    }
  }

  /// Copies the store to a new file at `destination` with SQLite's online backup: the copy
  /// holds every transaction committed when it was taken and none in part, while a desk goes
  /// on writing (a read in WAL mode does not hold the writer up).
  ///
  /// The copy is made under a hidden name beside `destination`, then synced and moved there
  /// (`SafeFiles`' `NewFile`): a crash leaves no half copy, and whatever is at
  /// `destination` already (a file, a link) is never touched.
  /// - Returns: How many events the copy holds.
  /// - Throws: ``StoreError/cannotCreate(path:reason:)`` when the copy cannot be made or put
  ///   at `destination`; ``StoreError/io(path:reason:)`` when SQLite fails.
  public func backup(to destination: String) throws(StoreError) -> Int {
    var status = stat()
    if lstat(destination, &status) == 0 {
      throw .cannotCreate(path: destination, reason: "something is there already; a backup never replaces a file")
    }
    let file: NewFile
    do {
      file = try NewFile(for: destination, mode: 0o640)
    } catch {
      throw .cannotCreate(path: destination, reason: error.reason)
    }
    let count: Int
    do {
      let copy = try DatabaseQueue(path: file.currentPath, configuration: Self.configuration(readOnly: false))
      try database.backup(to: copy)
      count = try copy.read { db in try EventRecord.fetchCount(db) }
      // SQLite lets go of the copy before it is synced and moved.
      try copy.close()
    } catch {
      throw .io(path: destination, reason: "the backup failed: \(error)")
    }
    do {
      try file.commit(replacing: false)
    } catch {
      throw .cannotCreate(path: destination, reason: error.reason)
    }
    return count
  }

  /// The schema steps the file says were applied, in the order they were.
  public func appliedSchemaSteps() throws(StoreError) -> [String] {
    do {
      return try database.read { db in try Schema.migrator.completedMigrations(db) }
    } catch {
      throw .io(path: path, reason: "\(error)")
    }
  }

  /// Closes the file; the store is not used after.
  public func close() throws(StoreError) {
    do { try database.close() } catch { throw .io(path: path, reason: "\(error)") }
  }
}

/// Events as the rows ``RecordStore/store(_:)`` inserts, each with its JSON, written before
/// the transaction so that it holds the writer only for the inserts.
private struct EventRows: Sendable {
  let rows: [(event: Payload.Event, json: String)]
  let storedAt = Date().timeIntervalSince1970

  init(_ events: [Payload.Event]) throws {
    rows = try events.map { event in (event, String(decoding: try event.jsonBytes, as: UTF8.self)) }
  }

  /// Inserts the rows; those stored already are left as they were.
  /// - Returns: The events not stored before, in the order given.
  @Sendable func insert(_ db: Database) throws -> [Payload.Event] {
    var fresh: [Payload.Event] = []
    // SQL: the query interface inserts `OR IGNORE`, which would also pass over a row its
    // CHECK refuses; a conflict on (lane, session, seq) is the only one to leave be.
    // Prepared once per connection, not per event.
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO event (lane, session, seq, type, pairLeft, pairRight, payload, storedAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (lane, session, seq) DO NOTHING
        """)
    for (event, json) in rows {
      try insert.execute(
        arguments: [
          event.lane.rawValue, event.session, event.seq, event.type.rawValue,
          event.pair?.left.rawValue, event.pair?.right.rawValue, json, storedAt,
        ])
      if db.changesCount > 0 { fresh.append(event) }
    }
    return fresh
  }
}
