import Bowling
import Foundation
import SafeFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// A lane's journal on disk: a header, then an append-only run of checksummed records, each
/// made durable with `fdatasync` before the append returns.
///
/// Opening recognises the file by its header (``JournalHeader``) and refuses anything else
/// untouched. A journal of version 1 (no header) is migrated: rewritten with a header beside
/// it and renamed into place, the original kept as `<path>.v1-<UTC time>`. Opening then reads
/// every record; a torn record at the end (a power cut mid-write) is moved to a new
/// `<path>.torn-<UTC time>` and cut off, and reported in ``recovered``. Damage anywhere else,
/// or a record whose checksum matches but whose content is impossible, is refused.
/// Appends and reads take an exclusive `flock` on the file, so `lane correct` and a running
/// `lane run` can share it: an append is written only when the writer has read every record
/// before it.
///
/// Its concerns are in files of their own: the records (`JournalFile+Records`), the locks
/// (`+Locks`), closing a session (`+Rotation`), checkpoints (`+Checkpoint`) and the
/// migration of version 1 (`+Migration`).
///
/// The same file holds a league night on a pair (format 3, ``JournalHeader/holdsNight``),
/// created with a night's start (``JournalEntry/nightStart(of:by:at:)``): its records are
/// read, repaired and appended the same way, but it is never rotated and has no checkpoint,
/// and a record of the other kind is never appended to either.
public final class JournalFile: JournalStore {
  /// What opening does when there is no journal at the path yet.
  public enum Missing: Sendable {
    /// Create it, starting with this entry.
    case create(JournalEntry)
    /// Refuse: ``JournalError/missing(path:)``.
    case refuse
  }

  public let path: String
  /// The journal's header (for a migrated journal, the one it was given).
  public internal(set) var header: JournalHeader
  /// Every record the file held when it was opened (or the one it was created with); when
  /// opening started from a checkpoint (``checkpointed``), only the records after it.
  public internal(set) var entries: [JournalEntry] = []
  /// The torn record set aside on opening, if there was one.
  public internal(set) var recovered: JournalRecovery?
  /// Where the original of a migrated version 1 journal was kept, if it was migrated.
  public internal(set) var migratedFrom: String?
  /// The session a verified checkpoint held, and the record it covers, when opening used
  /// one: ``entries`` then holds only the records after it.
  public internal(set) var checkpointed: (session: LaneSession, sequence: Int)?
  /// Why a checkpoint beside the journal was ignored, if it was (the journal was replayed).
  public internal(set) var checkpointProblem: JournalCheckpoint.Problem?
  /// The archive of a session that had ended and that opening closed, opening the next one
  /// (``SessionRotation``): only a process holding the lane lock does that.
  public internal(set) var archivedOnOpening: String?
  /// Called after each step of closing a session, for tests to stop a rotation there as a
  /// crash would; what it throws ends the rotation with that step done.
  public var afterRotationStep: ((SessionRotation.Step) throws(JournalError) -> Void)?

  /// The open journal: its reads, appends and locks all go through it.
  var descriptor: FileDescriptor
  /// Bytes read and applied so far: the end of the last good record seen.
  var offset: Int
  var lastSequence: Int
  var recordCount = 0
  var missing: Set<Int>
  /// Where the records start: the header's length (0 for a version 1 journal).
  var recordsStart = 0
  let holdsLane: Bool

  /// Opens (or creates) the journal at `path` and reads it.
  ///
  /// - Parameters:
  ///   - lane: The lane's name for the header of a new or migrated journal.
  ///   - holdingLane: Whether this process runs the lane: it then holds the lane lock
  ///     (``takeLaneLock()``) for as long as the journal is open, taken before anything is
  ///     read, so a second `lane run` or `lane simulate` fails at once. `lane correct` does
  ///     not take it: its appends are serialised with the lane's by the per-append lock.
  ///   - clock: The time for the header and for the names of files set aside.
  ///   - usingCheckpoint: Whether to start from the checkpoint beside the journal
  ///     (``JournalCheckpoint``) when it still matches the journal, reading only the records
  ///     after it (see ``checkpointed``); one that does not match is ignored
  ///     (``checkpointProblem``) and every record read.
  /// - Throws: ``JournalError`` when it cannot be opened, created, read or repaired, is not
  ///   a journal, or holds damage before its end.
  public init(
    path: String, ifMissing: Missing, lane: String = JournalHeader.hostName,
    holdingLane: Bool = false, clock: () -> Date = Date.init, usingCheckpoint: Bool = false
  ) throws(JournalError) {
    self.path = path
    holdsLane = holdingLane
    do {
      descriptor = try ExistingFile.open(path, flags: O_RDWR | O_APPEND)
    } catch let problem where problem.errno == ENOENT {
      guard case .create(let first) = ifMissing else { throw .missing(path: path) }
      var numbered = first
      numbered.sequence = 1
      try Self.create(
        path,
        bytes: JournalHeader(lane: lane, created: clock(), first: numbered).bytes
          + JournalRecord.bytes(of: numbered))
      do {
        descriptor = try ExistingFile.open(path, flags: O_RDWR | O_APPEND)
      } catch {
        throw JournalError(error)
      }
    } catch {
      throw JournalError(error)
    }
    header = JournalHeader(lane: lane, created: clock())
    offset = 0
    lastSequence = 0
    missing = []
    do throws(JournalError) {
      if holdingLane { try takeLaneLock() }
      try lock()
      defer { unlock() }
      let head = try readBytes(from: 0, upTo: JournalHeader.maximumLength)
      // A night's journal has no checkpoint: a night is a few hundred records.
      if usingCheckpoint,
        case .current(let header, let length) = try? JournalHeader.format(of: head[...], path: path),
        !header.holdsNight
      {
        self.header = header
        offset = length
        recordsStart = length
        missing = Set(header.missing)
        resume(from: JournalCheckpoint.path(for: path), header: head.prefix(length))
      } else {
        let bytes = try readBytes(from: 0)
        switch try JournalHeader.format(of: bytes[...], path: path) {
        case .current(let header, let length):
          self.header = header
          offset = length
          recordsStart = length
        case .headerless:
          try migrate(bytes, clock: clock)
          if holdingLane { try takeLaneLock() }
        }
        missing = Set(header.missing)
      }
      let update = try readFrom(offset, clock: clock)
      guard !update.entries.isEmpty || checkpointed != nil else {
        throw JournalError.inconsistent(sequence: 1, reason: "the journal '\(path)' holds no record")
      }
      self.entries = update.entries
      self.recovered = update.recovered
      // Rule 1 of SessionRotation: a session that ended is closed before the lane scores.
      if holdingLane, let end = update.entries.last, case .ended(let next) = end.event {
        let start = JournalEntry(time: clock(), author: end.author, event: .started(bowlers: next))
        archivedOnOpening = try rotate(to: start)
      }
    } catch {
      // Every stored property is set, so throwing runs deinit, which closes the descriptor;
      // closing it here too would close whatever file another thread opened meanwhile.
      throw error
    }
  }

  deinit { try? descriptor.close() }

  public func readNew() throws(JournalError) -> JournalUpdate {
    try lock()
    defer { unlock() }
    return try readFrom(offset, clock: Date.init)
  }

  public func append(_ entry: JournalEntry) throws(JournalError) -> JournalAppend {
    try lock()
    defer { unlock() }
    let size = try fileSize()
    if size != offset { return .behind(try readFrom(offset, clock: Date.init)) }
    return .appended(try write(entry))
  }

  public func openNextSession(_ start: JournalEntry) throws(JournalError) -> JournalEntry {
    try lock()
    defer { unlock() }
    _ = try rotate(to: start)
    return entries[0]
  }

  /// Writes a new file at `path` whole: beside it, synced, linked into place. A file that
  /// appeared at `path` meanwhile is kept, and is then opened as the journal.
  private static func create(_ path: String, bytes: [UInt8]) throws(JournalError) {
    do {
      let file = try NewFile(for: path, mode: 0o640)
      try file.write(bytes)
      try file.commit(replacing: false)
    } catch let problem where problem.errno == EEXIST {
      return
    } catch {
      throw JournalError(error)
    }
  }

  /// The file's size now.
  func fileSize() throws(JournalError) -> Int {
    var status = stat()
    guard fstat(descriptor.rawValue, &status) == 0 else {
      throw .system(operation: "stat", path: path, errno: errno)
    }
    return Int(status.st_size)
  }
}
