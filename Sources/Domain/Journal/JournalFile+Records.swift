import Foundation
import POSIX
import SafeFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// The journal's records on disk: each append written whole and synced, reads from an
/// offset, and a torn record at the end set aside.
extension JournalFile {
  /// Writes `entry` numbered after the last record, and syncs it. Call with the lock held.
  func write(_ entry: JournalEntry) throws(JournalError) -> JournalEntry {
    if JournalScan.kindProblem(of: entry, isFirst: false, holdsNight: header.holdsNight) != nil {
      // Never written: the journal would no longer open.
      throw header.holdsNight ? .holdsLeagueNight(path: path) : .holdsLaneSession(path: path)
    }
    var numbered = entry
    numbered.sequence = lastSequence + 1
    let bytes = JournalRecord.bytes(of: numbered)
    try writeAll(bytes)
    guard fdatasync(descriptor.rawValue) == 0 else {
      throw .system(operation: "sync", path: path, errno: errno)
    }
    offset += bytes.count
    lastSequence = numbered.sequence
    recordCount += 1
    return numbered
  }

  /// Writes all of `bytes` at the end of the file; on failure cuts what was written.
  func writeAll(_ bytes: [UInt8]) throws(JournalError) {
    do {
      try descriptor.write(all: bytes)
    } catch {
      _ = ftruncate(descriptor.rawValue, off_t(offset))  // leave no half record behind
      throw .system(operation: "write", path: path, errno: error.rawValue)
    }
  }

  /// The bytes from `start` to the end, or to `limit` bytes. Call with the lock held.
  func readBytes(from start: Int, upTo limit: Int = .max) throws(JournalError) -> [UInt8] {
    let size = try fileSize()
    guard size > start else { return [] }
    return try JournalBytes(source: descriptor, path: path).read(from: start, count: min(size - start, limit))
  }

  /// Reads the records from `start` to the end; sets a torn tail aside. Call with the lock held.
  func readFrom(_ start: Int, clock: () -> Date) throws(JournalError) -> JournalUpdate {
    let bytes = try readBytes(from: start)
    guard !bytes.isEmpty else { return JournalUpdate() }
    let scan = try JournalScan(
      bytes, base: start, path: path, previousSequence: lastSequence, recordsBefore: recordCount,
      missing: missing, holdsNight: header.holdsNight)
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
  func setAside(
    _ tail: JournalScan.TornTail, bytes: [UInt8], at time: Date
  ) throws(JournalError) -> JournalRecovery {
    let tornPath = "\(path).torn-\(TimeText.compact(time))"
    do {
      let torn = try NewFile.create(at: tornPath, mode: 0o640)
      try torn.write(bytes)
      try torn.sync()
    } catch {
      throw JournalError(error)
    }
    guard ftruncate(descriptor.rawValue, off_t(tail.offset)) == 0, fsync(descriptor.rawValue) == 0 else {
      throw .system(operation: "cut the torn record off", path: path, errno: errno)
    }
    return JournalRecovery(
      path: path, offset: tail.offset, length: tail.length, reason: tail.reason,
      savedTo: tornPath)
  }
}
