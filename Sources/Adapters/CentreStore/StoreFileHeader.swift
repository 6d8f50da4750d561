import Glibc
import POSIX
import SafeFiles
import SystemPackage

/// What is at a store's path before SQLite is let near it: nothing, an empty file, or the
/// first 100 bytes of an SQLite database with its application id; anything else is refused.
///
/// Read through a descriptor opened with `O_NOFOLLOW` that is checked to be a regular file
/// before a byte is read, so a symbolic link is never followed and a FIFO never blocks.
enum StoreFileHeader: Hashable, Sendable {
  /// Nothing is at the path.
  case absent
  /// An empty regular file: SQLite's empty database, as a store killed while it was being
  /// created leaves it.
  case empty
  /// An SQLite database whose header carries this application id.
  case sqlite(applicationID: UInt32)

  /// The magic string an SQLite database file starts with.
  static let magic = Array("SQLite format 3\0".utf8)
  /// The length of SQLite's database header.
  static let length = 100
  /// Where the header keeps `PRAGMA application_id`, big-endian.
  static let applicationIDOffset = 68

  /// Reads what is at `path`.
  ///
  /// - Throws: ``StoreError/notARegularFile(path:kind:)`` for a symbolic link, a FIFO, a
  ///   device or a folder; ``StoreError/notOurs(path:reason:)`` for a file that is not an
  ///   SQLite database; ``StoreError/io(path:reason:)`` when it cannot be read.
  static func read(at path: String) throws(StoreError) -> StoreFileHeader {
    let descriptor: FileDescriptor
    do {
      descriptor = try ExistingFile.open(path, flags: O_RDONLY)
    } catch {
      if error.errno == ENOENT { return .absent }
      if error.errno == ELOOP { throw .notARegularFile(path: path, kind: "a symbolic link (never followed)") }
      if let kind = error.kind { throw .notARegularFile(path: path, kind: kind) }
      throw .io(path: path, reason: error.reason)
    }
    defer { try? descriptor.close() }
    var bytes = [UInt8](repeating: 0, count: length)
    let count: Int
    do {
      count = try bytes.withUnsafeMutableBytes { buffer throws(Errno) in
        try descriptor.read(filling: buffer, fromAbsoluteOffset: 0)
      }
    } catch {
      throw .io(path: path, reason: "cannot read it: \(error)")
    }
    if count == 0 { return .empty }
    guard count == length, Array(bytes[..<magic.count]) == magic else {
      throw .notOurs(path: path, reason: "it is not an SQLite database")
    }
    let id = bytes[applicationIDOffset..<applicationIDOffset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return .sqlite(applicationID: id)
  }
}
