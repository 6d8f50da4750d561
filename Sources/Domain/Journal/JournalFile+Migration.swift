import Foundation
import POSIX
import SafeFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The migration of a version 1 journal, which has no header, to the current format.
extension JournalFile {
  /// Rewrites a version 1 journal with a header, keeping the original beside it.
  ///
  /// Its good records are kept byte for byte; a torn tail stays in the original only, and
  /// is set aside as usual when the migrated journal is read. Call with the lock held.
  func migrate(_ bytes: [UInt8], clock: () -> Date) throws(JournalError) {
    let scan = try JournalScan(bytes, path: path)
    let kept = "\(path).v1-\(TimeText.compact(clock()))"
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
      _ = try? retryOnInterrupt { flock(migrated.rawValue, LOCK_EX) }
      try? descriptor.close()
      descriptor = migrated
    } catch {
      throw JournalError(error)
    }
    header = newHeader
    migratedFrom = kept
    offset = newHeader.bytes.count
    recordsStart = offset
  }
}
