import Foundation
import SafeFiles
#if canImport(Glibc)
  import Glibc
#endif

/// A lane's journal on disk: an append-only file of checksummed records, each made durable
/// with `fdatasync` before the append returns.
///
/// Opening it reads every record; a torn record at the end (a power cut mid-write) is moved
/// to a new `<path>.torn-<UTC time>` and cut off, and reported in ``recovered``. Damage before the end is
/// refused. Appends and reads take an exclusive `flock` on the file, so `lane correct` and a
/// running `lane run` can share it: an append is written only when the writer has read
/// every record before it.
public final class JournalFile: JournalStore {
  /// What opening does when there is no journal at the path yet.
  public enum Missing: Sendable {
    /// Create it, starting with this entry.
    case create(JournalEntry)
    /// Refuse: ``JournalError/missing(path:)``.
    case refuse
  }

  public let path: String
  /// Every record the file held when it was opened (or the one it was created with).
  public private(set) var entries: [JournalEntry] = []
  /// The torn record set aside on opening, if there was one.
  public private(set) var recovered: JournalRecovery?

  private let descriptor: Int32
  /// Bytes read and applied so far: the end of the last good record seen.
  private var offset: Int
  private var lastSequence: Int

  /// Opens (or creates) the journal at `path` and reads it.
  ///
  /// - Throws: ``JournalError`` when it cannot be opened, created, read or repaired, or
  ///   holds damage before its end.
  public init(path: String, ifMissing: Missing) throws(JournalError) {
    self.path = path
    var descriptor: Int32
    do {
      descriptor = try ExistingFile.open(path, flags: O_RDWR | O_APPEND)
    } catch let problem where problem.errno == ENOENT {
      guard case .create(let first) = ifMissing else { throw .missing(path: path) }
      // A new journal is written beside its path and linked into place whole, so no one
      // ever sees it half made, and a file that appeared meanwhile is never overwritten.
      var numbered = first
      numbered.sequence = 1
      do {
        let file = try NewFile(for: path, mode: 0o640)
        try file.write(JournalRecord.bytes(of: numbered))
        try file.commit(replacing: false)
      } catch let problem where problem.errno == EEXIST {
      } catch {
        throw JournalError(error)
      }
      do {
        descriptor = try ExistingFile.open(path, flags: O_RDWR | O_APPEND)
      } catch {
        throw JournalError(error)
      }
    } catch {
      throw JournalError(error)
    }
    self.descriptor = descriptor
    offset = 0
    lastSequence = 0
    do throws(JournalError) {
      try lock()
      defer { unlock() }
      let update = try readFrom(0)
      guard !update.entries.isEmpty else {
        throw JournalError.inconsistent(sequence: 1, reason: "the journal '\(path)' is empty")
      }
      self.entries = update.entries
      self.recovered = update.recovered
    } catch {
      close(descriptor)
      throw error
    }
  }

  deinit { close(descriptor) }

  public func readNew() throws(JournalError) -> JournalUpdate {
    try lock()
    defer { unlock() }
    return try readFrom(offset)
  }

  public func append(_ entry: JournalEntry) throws(JournalError) -> JournalAppend {
    try lock()
    defer { unlock() }
    let size = try fileSize()
    if size != offset { return .behind(try readFrom(offset)) }
    return .appended(try write(entry))
  }

  /// Writes `entry` numbered after the last record, and syncs it. Call with the lock held.
  private func write(_ entry: JournalEntry) throws(JournalError) -> JournalEntry {
    var numbered = entry
    numbered.sequence = lastSequence + 1
    let bytes = JournalRecord.bytes(of: numbered)
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
    guard fdatasync(descriptor) == 0 else {
      throw .system(operation: "sync", path: path, errno: errno)
    }
    offset += bytes.count
    lastSequence = numbered.sequence
    return numbered
  }

  /// Reads the records from `start` to the end; sets a torn tail aside. Call with the lock held.
  private func readFrom(_ start: Int) throws(JournalError) -> JournalUpdate {
    let size = try fileSize()
    guard size > start else { return JournalUpdate() }
    var bytes = [UInt8](repeating: 0, count: size - start)
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
    let scan = try JournalScan(bytes, base: start, path: path, previousSequence: lastSequence)
    offset = scan.end
    lastSequence = scan.entries.last?.sequence ?? lastSequence
    var recovered: JournalRecovery?
    if let tail = scan.tornTail {
      recovered = try setAside(tail, bytes: Array(bytes[(tail.offset - start)...]))
    }
    return JournalUpdate(entries: scan.entries, recovered: recovered)
  }

  /// Appends a torn tail to `<path>.torn`, syncs it, then cuts it off the journal.
  private func setAside(
    _ tail: JournalScan.TornTail, bytes: [UInt8]
  ) throws(JournalError) -> JournalRecovery {
    let tornPath = "\(path).torn-\(Self.stamp(Date()))"
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

  private func lock() throws(JournalError) {
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw .system(operation: "lock", path: path, errno: errno) }
    }
  }

  private func unlock() { _ = flock(descriptor, LOCK_UN) }
}
