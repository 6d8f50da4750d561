import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Where a store is kept, as the desk needs it: SQLite in WAL mode writes the store's file
/// and, beside it in its folder, `FILE-wal` and `FILE-shm`, so both must be writable before
/// the desk takes a record it would acknowledge.
enum StoreFolder {
  /// Refuses the existing store at `path` when its folder or the file may not be written (a
  /// read-only file system, another user's folder), before SQLite is let near it.
  ///
  /// - Throws: ``StoreError/cannotWrite(path:reason:)`` saying which, and what to do.
  static func checkWritable(_ path: String) throws(StoreError) {
    let parent = FilePath(path).removingLastComponent()
    let folder = parent.isEmpty ? "." : parent.string
    let elsewhere = "copy the store to a folder that may be written and give that"
    if let refusal = Refusal(writing: folder) {
      throw .cannotWrite(
        path: path,
        reason: "its folder \(folder) \(refusal), and SQLite writes \(path)-wal and \(path)-shm beside the "
          + "store; \(refusal.remedy(for: "the folder")), or \(elsewhere)")
    }
    if let refusal = Refusal(writing: path) {
      throw .cannotWrite(path: path, reason: "the file \(refusal); \(refusal.remedy(for: "the file")), or \(elsewhere)")
    }
  }

  /// Why a path may not be written.
  enum Refusal: CustomStringConvertible {
    /// Its file system is mounted read-only (`EROFS`).
    case readOnlyFileSystem(String)
    /// Its permissions refuse the user lane runs as (`EACCES`, `EPERM`).
    case permission(String)

    /// Why `path` may not be written, if it may not; `nil` for any other failure, which is
    /// left to SQLite, whose error says what it is.
    init?(writing path: String) {
      guard access(path, W_OK) != 0 else { return nil }
      let problem = errno
      let text = String(cString: strerror(problem))
      switch problem {
      case EROFS: self = .readOnlyFileSystem(text)
      case EACCES, EPERM: self = .permission(text)
      default: return nil
      }
    }

    var description: String {
      switch self {
      case .readOnlyFileSystem(let text): "is on a read-only file system (\(text))"
      case .permission(let text): "may not be written (\(text))"
      }
    }

    /// What to do about it, for `what` is refused.
    func remedy(for what: String) -> String {
      switch self {
      case .readOnlyFileSystem: "remount it read-write"
      case .permission: "give the user lane runs as write permission to \(what)"
      }
    }
  }
}
