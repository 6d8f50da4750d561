#if canImport(Glibc)
  import Glibc
#endif

/// What a newly created file needs to survive a power cut.
enum NewFile {
  /// Makes the directory entry of a new file at `path` durable by syncing its folder.
  ///
  /// - Returns: `nil` on success, else the `errno` of the failed `open` or `fsync`.
  static func syncFolder(of path: String) -> Int32? {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return errno }
    defer { close(descriptor) }
    return fsync(descriptor) == 0 ? nil : errno
  }
}
