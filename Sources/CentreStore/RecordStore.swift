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
/// Opened only when the file is ours (``open(at:access:)``); commits are durable (WAL,
/// `synchronous = FULL`), so an event ``store(_:)`` returned is on disk before the desk
/// acknowledges it.
public final class RecordStore: EventStore, Sendable {
  /// Whether a command may create the store.
  public enum Access: Sendable {
    /// `lane desk --store`: a missing file is created (an empty one taken) as a new store.
    case createIfMissing
    /// `lane records`: the store must exist; an empty file reads as a store with nothing.
    case existing
  }

  /// The store's file, as given.
  public let path: String
  let queue: DatabaseQueue

  /// The `PRAGMA application_id` that marks a store: "LBrc", LaneBridge records.
  public static let applicationID: UInt32 = 0x4C42_7263

  private init(path: String, queue: DatabaseQueue) {
    self.path = path
    self.queue = queue
  }

  /// Opens the store at `path`, creating it when `access` allows.
  ///
  /// Before SQLite opens it the file must be a regular file (a symbolic link is never
  /// followed) holding nothing or an SQLite database marked as a store; once open, SQLite's
  /// integrity check must pass and the schema must be one this build knows, older ones
  /// migrated. Every refusal leaves the file as it was.
  /// - Throws: ``StoreError``, each with its exit status (``StoreError/exitStatus``).
  public static func open(at path: String, access: Access) throws(StoreError) -> RecordStore {
    var header = try StoreFileHeader.read(at: path)
    switch header {
    case .absent:
      guard access == .createIfMissing else { throw .missing(path: path) }
      try create(at: path)
      header = .empty
    case .empty:
      if access == .existing { return try inMemory(path: path) }
    case .sqlite(let id):
      guard id == applicationID else {
        throw .notOurs(
          path: path,
          reason: "an SQLite database of another program, application_id 0x\(String(id, radix: 16))")
      }
    }
    if access == .createIfMissing { try StoreFolder.checkWritable(path) }
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      throw refusal(of: error, at: path)
    }
    do {
      if header == .sqlite(applicationID: applicationID) {
        try check(queue, at: path)
      } else {
        try queue.writeWithoutTransaction { db in
          // The mark first, in a rollback-journal transaction straight into the file's
          // header, so a store killed before its first WAL checkpoint is still seen as ours.
          try db.execute(sql: "PRAGMA application_id = \(Int32(bitPattern: applicationID))")
        }
      }
      try queue.writeWithoutTransaction { db in
        let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        guard mode == "wal" else { throw StoreError.io(path: path, reason: "SQLite refused WAL mode (\(mode ?? "none"))") }
      }
      try Schema.migrator.migrate(queue)
    } catch {
      try? queue.close()
      if let error = error as? StoreError { throw error }
      throw refusal(of: error, at: path)
    }
    return RecordStore(path: path, queue: queue)
  }

  /// Every connection's settings: durable commits, and a wait for a writer beside it.
  private static var configuration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    return configuration
  }

  /// An empty store that is not written anywhere, for reading an empty file.
  private static func inMemory(path: String) throws(StoreError) -> RecordStore {
    do {
      let queue = try DatabaseQueue()
      try Schema.migrator.migrate(queue)
      return RecordStore(path: path, queue: queue)
    } catch {
      throw .io(path: path, reason: "\(error)")
    }
  }

  /// Refuses an existing store that is damaged, not marked as ours, or of a newer schema;
  /// nothing is written before these checks pass.
  private static func check(_ queue: DatabaseQueue, at path: String) throws {
    try queue.read { db in
      let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
      guard problems == ["ok"] else {
        throw StoreError.damaged(path: path, details: problems.prefix(3).joined(separator: "; "))
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
    let rows = try events.map { event in (event, String(decoding: try event.jsonBytes, as: UTF8.self)) }
    let storedAt = Date().timeIntervalSince1970
    do {
      return try queue.write { db in
        var fresh: [Payload.Event] = []
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
    } catch {
      throw StoreError.io(path: path, reason: "the events were not stored: \(error)")
    }
  }

  /// Every stored event: lane by lane, each lane's sessions in the order the desk first
  /// stored them, each session in seq order.
  ///
  /// - Throws: ``StoreError/io(path:reason:)`` when the store cannot be read, or holds an
  ///   event that is not one.
  public func events() throws(StoreError) -> [Payload.Event] {
    do {
      let payloads = try queue.read { db in
        try String.fetchAll(
          db,
          sql: """
            SELECT e.payload FROM event e
            JOIN (SELECT lane, session, MIN(id) AS first FROM event GROUP BY lane, session) s
              ON s.lane = e.lane AND s.session = e.session
            ORDER BY e.lane, s.first, e.seq
            """)
      }
      return try Self.events(ofPayloads: payloads)
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
      let copy = try DatabaseQueue(path: file.currentPath, configuration: Self.configuration)
      try queue.backup(to: copy)
      count = try copy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") ?? 0 }
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
      return try queue.read { db in try Schema.migrator.completedMigrations(db) }
    } catch {
      throw .io(path: path, reason: "\(error)")
    }
  }

  /// Closes the file; the store is not used after.
  public func close() throws(StoreError) {
    do { try queue.close() } catch { throw .io(path: path, reason: "\(error)") }
  }
}
