import POSIX

#if canImport(Glibc)
  import Glibc
#endif

/// The journal's two locks: the lane lock, which one running lane holds for as long as the
/// journal is open, and the `flock` each read and append takes.
extension JournalFile {
  /// The byte the lane lock covers: far past any journal's end, so it never meets a read.
  static let laneLockByte: off_t = 0x7FFF_FFFF_FFFF_0000

  /// Takes the lane lock: a POSIX record lock on one byte, released by the kernel when the
  /// process ends however it ends, and whose holder's pid another process can ask for.
  ///
  /// - Throws: ``JournalError/inUse(path:pid:)`` when another process holds it.
  func takeLaneLock() throws(JournalError) {
    var request = Glibc.flock()
    request.l_type = Int16(F_WRLCK)
    request.l_whence = Int16(SEEK_SET)
    request.l_start = Self.laneLockByte
    request.l_len = 1
    do {
      _ = try retryOnInterrupt { fcntl(descriptor.rawValue, F_SETLK, &request) }
    } catch {
      guard error == .permissionDenied || error == .resourceTemporarilyUnavailable else {
        throw .system(operation: "lock", path: path, errno: error.rawValue)
      }
      var probe = request
      let holder =
        fcntl(descriptor.rawValue, F_GETLK, &probe) == 0 && probe.l_type != Int16(F_UNLCK)
        ? probe.l_pid : 0
      throw .inUse(path: path, pid: holder)
    }
  }

  /// Takes the exclusive `flock` that a read or an append holds, waiting for it.
  func lock() throws(JournalError) {
    do {
      _ = try retryOnInterrupt { flock(descriptor.rawValue, LOCK_EX) }
    } catch {
      throw .system(operation: "lock", path: path, errno: error.rawValue)
    }
  }

  func unlock() { _ = flock(descriptor.rawValue, LOCK_UN) }
}
