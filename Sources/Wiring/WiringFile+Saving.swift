#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension WiringFile {
  /// Checks, before any work, that `path` may be written: it must not exist unless
  /// `replacing` is set.
  ///
  /// - Throws: ``WiringSaveError`` with ``WiringSaveError/Problem/exists``.
  public static func checkSavable(to path: String, replacing: Bool) throws(WiringSaveError) {
    if !replacing && access(path, F_OK) == 0 {
      throw WiringSaveError(path: path, problem: .exists)
    }
  }

  /// Writes `text` to `path` atomically: into a temporary file in the same folder, flushed
  /// to disk, then moved into place, and the folder flushed too. A crash or power cut leaves
  /// the old file or the new one, never half of either.
  ///
  /// Without `replacing`, the move fails if `path` exists (it is made as a hard link, which
  /// the kernel refuses to put over an existing file), so an existing wiring is never lost.
  ///
  /// - Throws: ``WiringSaveError``: the file exists, or the system refused a step.
  public static func save(
    _ text: String, to path: String, replacing: Bool
  ) throws(WiringSaveError) {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw writeFailure(path, errno) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
    var keepTemporary = false
    defer { if !keepTemporary { unlink(temporary) } }

    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let code = errno
        close(descriptor)
        throw writeFailure(path, code)
      }
      written += count
    }
    guard fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
      let code = errno
      close(descriptor)
      throw writeFailure(path, code)
    }
    close(descriptor)

    if replacing {
      guard rename(temporary, path) == 0 else { throw replaceFailure(path, errno) }
      keepTemporary = true
    } else if link(temporary, path) != 0 {
      let code = errno
      if code == EEXIST { throw WiringSaveError(path: path, problem: .exists) }
      // Some file systems have no hard links: check, then move (a tiny race remains there).
      guard [EPERM, EOPNOTSUPP, ENOSYS, EXDEV].contains(code) else {
        throw replaceFailure(path, code)
      }
      try checkSavable(to: path, replacing: false)
      guard rename(temporary, path) == 0 else { throw replaceFailure(path, errno) }
      keepTemporary = true
    }

    let directory = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  private static func writeFailure(_ path: String, _ code: Int32) -> WiringSaveError {
    WiringSaveError(path: path, problem: .cannotWrite(reason: String(cString: strerror(code))))
  }

  private static func replaceFailure(_ path: String, _ code: Int32) -> WiringSaveError {
    WiringSaveError(path: path, problem: .cannotReplace(reason: String(cString: strerror(code))))
  }
}
