import Foundation
import Bowling
import SafeFiles

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
  public private(set) var header: JournalHeader
  /// Every record the file held when it was opened (or the one it was created with); when
  /// opening started from a checkpoint (``checkpointed``), only the records after it.
  public private(set) var entries: [JournalEntry] = []
  /// The torn record set aside on opening, if there was one.
  public private(set) var recovered: JournalRecovery?
  /// Where the original of a migrated version 1 journal was kept, if it was migrated.
  public private(set) var migratedFrom: String?
  /// The session a verified checkpoint held, and the record it covers, when opening used
  /// one: ``entries`` then holds only the records after it.
  public private(set) var checkpointed: (session: LaneSession, sequence: Int)?
  /// Why a checkpoint beside the journal was ignored, if it was (the journal was replayed).
  public private(set) var checkpointProblem: JournalCheckpoint.Problem?
  /// The archive of a session that had ended and that opening closed, opening the next one
  /// (``SessionRotation``): only a process holding the lane lock does that.
  public private(set) var archivedOnOpening: String?
  /// Called after each step of closing a session, for tests to stop a rotation there as a
  /// crash would; what it throws ends the rotation with that step done.
  public var afterRotationStep: ((SessionRotation.Step) throws(JournalError) -> Void)?

  private var descriptor: Int32
  /// Bytes read and applied so far: the end of the last good record seen.
  private var offset: Int
  private var lastSequence: Int
  private var recordCount = 0
  private var missing: Set<Int>
  /// Where the records start: the header's length (0 for a version 1 journal).
  private var recordsStart = 0
  private let holdsLane: Bool

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
        path, bytes: JournalHeader(lane: lane, created: clock()).bytes + JournalRecord.bytes(of: numbered))
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
      if usingCheckpoint, case .current(let header, let length) = try? JournalHeader.format(of: head[...], path: path) {
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

  deinit { close(descriptor) }

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

  // MARK: Closing a session (SessionRotation)

  /// Closes the session whose last record is `end` and opens one starting with `start`
  /// (its time kept to rule 5). Call with the lock held.
  ///
  /// - Returns: The archive's path.
  private func rotate(to start: JournalEntry) throws(JournalError) -> String {
    guard lastRecordIsEnd() else {
      throw .inconsistent(
        sequence: lastSequence, reason: "a new session is opened only after the session's end")
    }
    // The session's start is the first record (read here: the lock is held, so not by a
    // JournalReader, which takes it).
    let head = try readBytes(from: recordsStart, upTo: 1 << 16)
    guard let newline = head.firstIndex(of: UInt8(ascii: "\n")),
      let first = try? JournalRecord.entry(from: head[..<newline]), case .started = first.event
    else {
      throw .inconsistent(sequence: 1, reason: "the journal's first record is not the session's start")
    }
    let archive = SessionRotation.archivePath(forJournal: path, startedAt: first.time)
    var next = start
    next.sequence = 1
    next.time = SessionRotation.nextStart(after: first.time, now: start.time)
    for step in try SessionRotation.steps(archive: try archiveState(archive), archivePath: archive) {
      switch step {
      case .archive: try link(toArchive: archive)
      case .removeCheckpoint:
        let checkpoint = JournalCheckpoint.path(for: path)
        guard unlink(checkpoint) == 0 || errno == ENOENT else {
          throw .system(operation: "remove the checkpoint of", path: path, errno: errno)
        }
      case .replace: try replace(with: next)
      }
      try afterRotationStep?(step)
    }
    return archive
  }

  /// Whether the last record read is a session's end. Call with the lock held.
  private func lastRecordIsEnd() -> Bool {
    if let last = entries.last, last.sequence == lastSequence, case .ended = last.event { return true }
    guard let last = lastRecord(endingAt: offset), last.sequence == lastSequence,
      let bytes = try? readBytes(from: max(recordsStart, offset - (1 << 16))),
      let line = bytes.dropLast().split(separator: UInt8(ascii: "\n")).last,
      let entry = try? JournalRecord.entry(from: line), case .ended = entry.event
    else { return false }
    return true
  }

  /// What is at the archive's name: nothing, this journal, or another file.
  private func archiveState(_ archive: String) throws(JournalError) -> SessionRotation.Archive {
    var there = stat()
    guard lstat(archive, &there) == 0 else {
      guard errno == ENOENT else { throw .system(operation: "look for the archive of", path: archive, errno: errno) }
      return .missing
    }
    var journal = stat()
    guard fstat(descriptor, &journal) == 0 else { throw .system(operation: "stat", path: path, errno: errno) }
    return there.st_dev == journal.st_dev && there.st_ino == journal.st_ino ? .same : .other
  }

  /// Rule 2: links the journal as `archive`, the folder made when missing, and syncs it.
  private func link(toArchive archive: String) throws(JournalError) {
    let folder = SessionRotation.archiveFolder(forJournal: path)
    if mkdir(folder, 0o750) == 0 {
      do { try NewFile.syncFolder(of: folder) } catch { throw JournalError(error) }
    } else if errno != EEXIST {
      throw .system(operation: "create the sessions folder of", path: path, errno: errno)
    }
    var status = stat()
    guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .notRegular(path: folder, kind: SessionRotation.notAFolder)
    }
    guard Glibc.link(path, archive) == 0 else {
      throw .system(operation: "archive the session of", path: path, errno: errno)
    }
    guard try archiveState(archive) == .same else { throw .archiveTaken(path: archive) }
    do { try NewFile.syncFolder(of: archive) } catch { throw JournalError(error) }
  }

  /// Rule 4: writes the journal of the session `start` starts beside the path, locks it for
  /// the lane, renames it over the path and syncs the folder; this file is then that journal.
  private func replace(with start: JournalEntry) throws(JournalError) {
    let newHeader = JournalHeader(lane: header.lane, created: start.time)
    let bytes = newHeader.bytes + JournalRecord.bytes(of: start)
    // Created and written on the descriptor the journal keeps (not a NewFile, whose own
    // descriptor, closed later, would drop this process's record locks on the file), and
    // the lane lock taken on it before it is at the path, so no other lane can take it.
    let (folder, name) = NewFile.split(path)
    let temporary = "\(folder)/.\(name).next-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    var next: Int32
    repeat {
      next = open(temporary, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o640)
    } while next < 0 && errno == EINTR
    guard next >= 0 else { throw .system(operation: "create the next session beside", path: path, errno: errno) }
    let previous = descriptor
    descriptor = next
    do throws(JournalError) {
      try writeAll(bytes)
      guard fsync(next) == 0 else { throw .system(operation: "sync", path: temporary, errno: errno) }
      if holdsLane { try takeLaneLock() }
      guard rename(temporary, path) == 0 else {
        throw .system(operation: "replace", path: path, errno: errno)
      }
    } catch {
      descriptor = previous
      close(next)
      unlink(temporary)
      throw error
    }
    close(previous)
    do { try NewFile.syncFolder(of: path) } catch { throw JournalError(error) }
    header = newHeader
    recordsStart = newHeader.bytes.count
    offset = bytes.count
    lastSequence = 1
    recordCount = 1
    missing = []
    checkpointed = nil
    entries = [start]
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

  /// Rewrites a version 1 journal with a header, keeping the original beside it.
  ///
  /// Its good records are kept byte for byte; a torn tail stays in the original only, and
  /// is set aside as usual when the migrated journal is read. Call with the lock held.
  private func migrate(_ bytes: [UInt8], clock: () -> Date) throws(JournalError) {
    let scan = try JournalScan(bytes, path: path)
    let kept = "\(path).v1-\(Self.stamp(clock()))"
    let newHeader = JournalHeader(lane: header.lane, created: scan.entries.first?.time ?? clock())
    do throws(FileProblem) {
      let file = try NewFile(for: path, mode: 0o640)
      try file.write(newHeader.bytes + bytes)
      try file.sync()
      // The original stays under its new name; the rename then replaces the path whole.
      guard Glibc.link(path, kept) == 0 else {
        throw FileProblem(operation: "keep the original of", path: path, errno: errno)
      }
      try file.commit(replacing: true)
      let migrated = try ExistingFile.open(path, flags: O_RDWR | O_APPEND)
      _ = flock(migrated, LOCK_EX)
      close(descriptor)
      descriptor = migrated
    } catch {
      throw JournalError(error)
    }
    header = newHeader
    migratedFrom = kept
    offset = newHeader.bytes.count
    recordsStart = offset
  }

  /// Writes `entry` numbered after the last record, and syncs it. Call with the lock held.
  private func write(_ entry: JournalEntry) throws(JournalError) -> JournalEntry {
    var numbered = entry
    numbered.sequence = lastSequence + 1
    let bytes = JournalRecord.bytes(of: numbered)
    try writeAll(bytes)
    guard fdatasync(descriptor) == 0 else {
      throw .system(operation: "sync", path: path, errno: errno)
    }
    offset += bytes.count
    lastSequence = numbered.sequence
    recordCount += 1
    return numbered
  }

  /// Writes all of `bytes` at the end of the file; on failure cuts what was written.
  private func writeAll(_ bytes: [UInt8]) throws(JournalError) {
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if result < 0 {
        if errno == EINTR { continue }
        let failure = errno
        _ = ftruncate(descriptor, off_t(offset))  // leave no half record behind
        throw .system(operation: "write", path: path, errno: failure)
      }
      written += result
    }
  }

  /// The bytes from `start` to the end, or to `limit` bytes. Call with the lock held.
  private func readBytes(from start: Int, upTo limit: Int = .max) throws(JournalError) -> [UInt8] {
    let size = try fileSize()
    guard size > start else { return [] }
    var bytes = [UInt8](repeating: 0, count: min(size - start, limit))
    var filled = 0
    while filled < bytes.count {
      let result = bytes[filled...].withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, off_t(start + filled))
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw .system(operation: "read", path: path, errno: errno)
      }
      if result == 0 { break }
      filled += result
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }

  /// Reads the records from `start` to the end; sets a torn tail aside. Call with the lock held.
  private func readFrom(_ start: Int, clock: () -> Date) throws(JournalError) -> JournalUpdate {
    let bytes = try readBytes(from: start)
    guard !bytes.isEmpty else { return JournalUpdate() }
    let scan = try JournalScan(
      bytes, base: start, path: path, previousSequence: lastSequence, recordsBefore: recordCount,
      missing: missing)
    offset = scan.end
    lastSequence = scan.entries.last?.sequence ?? lastSequence
    recordCount += scan.entries.count
    var recovered: JournalRecovery?
    if let tail = scan.tornTail {
      recovered = try setAside(tail, bytes: Array(bytes[(tail.offset - start)...]), at: clock())
    }
    return JournalUpdate(entries: scan.entries, recovered: recovered)
  }

  /// Writes a torn tail to a new `<path>.torn-<UTC time>`, syncs it, then cuts it off the
  /// journal.
  private func setAside(
    _ tail: JournalScan.TornTail, bytes: [UInt8], at time: Date
  ) throws(JournalError) -> JournalRecovery {
    let tornPath = "\(path).torn-\(Self.stamp(time))"
    do {
      let torn = try NewFile.create(at: tornPath, mode: 0o640)
      try torn.write(bytes)
      try torn.sync()
    } catch {
      throw JournalError(error)
    }
    guard ftruncate(descriptor, off_t(tail.offset)) == 0, fsync(descriptor) == 0 else {
      throw .system(operation: "cut the torn record off", path: path, errno: errno)
    }
    return JournalRecovery(
      path: path, offset: tail.offset, length: tail.length, reason: tail.reason,
      savedTo: tornPath)
  }

  /// A time for a file name: `20250501T190411.123Z`.
  static func stamp(_ date: Date) -> String {
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
    var time = time_t(milliseconds / 1000)
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let fraction = String(milliseconds % 1000 + 1000).dropFirst()
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec)).\(fraction)Z"
  }

  private func fileSize() throws(JournalError) -> Int {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .system(operation: "stat", path: path, errno: errno)
    }
    return Int(status.st_size)
  }

  /// The byte the lane lock covers: far past any journal's end, so it never meets a read.
  private static let laneLockByte: off_t = 0x7FFF_FFFF_FFFF_0000

  /// Takes the lane lock: a POSIX record lock on one byte, released by the kernel when the
  /// process ends however it ends, and whose holder's pid another process can ask for.
  ///
  /// - Throws: ``JournalError/inUse(path:pid:)`` when another process holds it.
  private func takeLaneLock() throws(JournalError) {
    var request = Glibc.flock()
    request.l_type = Int16(F_WRLCK)
    request.l_whence = Int16(SEEK_SET)
    request.l_start = Self.laneLockByte
    request.l_len = 1
    while fcntl(descriptor, F_SETLK, &request) != 0 {
      if errno == EINTR { continue }
      guard errno == EACCES || errno == EAGAIN else {
        throw .system(operation: "lock", path: path, errno: errno)
      }
      var probe = request
      let holder = fcntl(descriptor, F_GETLK, &probe) == 0 && probe.l_type != Int16(F_UNLCK) ? probe.l_pid : 0
      throw .inUse(path: path, pid: holder)
    }
  }

  private func lock() throws(JournalError) {
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw .system(operation: "lock", path: path, errno: errno) }
    }
  }

  private func unlock() { _ = flock(descriptor, LOCK_UN) }

  // MARK: Checkpoints

  /// Starts from the checkpoint at `checkpointPath` when it matches the journal; otherwise
  /// notes why not in ``checkpointProblem`` and leaves the reading position at the first
  /// record. Call with the lock held, after the header is read.
  private func resume(from checkpointPath: String, header: ArraySlice<UInt8>) {
    func ignore(_ reason: String) {
      checkpointProblem = JournalCheckpoint.Problem(path: checkpointPath, reason: reason)
    }
    let checkpoint: JournalCheckpoint
    do {
      guard let read = try JournalCheckpoint.read(from: checkpointPath) else { return }
      checkpoint = read
    } catch {
      return ignore(error.reason)
    }
    guard CRC32.checksum(header) == checkpoint.headerChecksum else {
      return ignore("it belongs to another journal: the headers differ")
    }
    guard let size = try? fileSize(), checkpoint.end > recordsStart, checkpoint.end <= size else {
      return ignore("the journal is shorter than the records it covers")
    }
    guard let last = lastRecord(endingAt: checkpoint.end), last.sequence == checkpoint.sequence,
      last.checksum == checkpoint.recordChecksum
    else {
      return ignore("the journal no longer holds record \(checkpoint.sequence) where it says")
    }
    let session: LaneSession
    do {
      session = try LaneSession(snapshot: checkpoint.session)
    } catch {
      return ignore("its session does not add up: \(error)")
    }
    offset = checkpoint.end
    lastSequence = checkpoint.sequence
    recordCount = checkpoint.recordCount
    checkpointed = (session, checkpoint.sequence)
  }

  /// The sequence number and checksum of the good record that ends at `end`, if it does.
  /// Call with the lock held.
  private func lastRecord(endingAt end: Int) -> (sequence: Int, checksum: UInt32)? {
    let window = min(end - recordsStart, 1 << 16)
    guard window > 1, let bytes = try? readBytes(from: end - window, upTo: window),
      bytes.count == window, bytes.last == UInt8(ascii: "\n")
    else { return nil }
    let body = bytes.dropLast()
    let lineStart: Int
    if let newline = body.lastIndex(of: UInt8(ascii: "\n")) {
      lineStart = newline + 1
    } else {
      guard window == end - recordsStart else { return nil }  // a line longer than the window
      lineStart = 0
    }
    let line = body[lineStart...]
    guard let entry = try? JournalRecord.entry(from: line),
      let checksum = UInt32(String(decoding: line.prefix(8), as: UTF8.self), radix: 16)
    else { return nil }
    return (entry.sequence, checksum)
  }

  /// Writes a checkpoint of `session`, which the journal's records up to `sequence` make, so
  /// that the next opening reads only the records after it.
  ///
  /// Nothing is written when `sequence` is not the last record this file has read (the
  /// session would not match the checkpoint's place).
  /// - Returns: Whether a checkpoint was written.
  /// - Throws: ``JournalError`` when it cannot be written; the journal is never changed.
  @discardableResult
  public func writeCheckpoint(of session: LaneSession, through sequence: Int) throws(JournalError) -> Bool {
    try lock()
    defer { unlock() }
    guard sequence == lastSequence, recordsStart > 0, let last = lastRecord(endingAt: offset),
      last.sequence == sequence
    else { return false }
    let header = try readBytes(from: 0, upTo: recordsStart)
    let checkpoint = JournalCheckpoint(
      headerChecksum: CRC32.checksum(header), sequence: sequence, end: offset,
      recordCount: recordCount, recordChecksum: last.checksum, session: session.snapshot)
    do {
      try checkpoint.write(to: JournalCheckpoint.path(for: path))
    } catch {
      throw JournalError(error)
    }
    return true
  }
}
