#if canImport(Glibc)
  import Glibc
#endif

/// A new file that a recording appends to line by line, never replacing one that exists.
///
/// Each write goes straight to the kernel (no buffer to lose when the process dies), and
/// ``sync()`` makes it durable on the storage (power cuts).
public final class RecordingFile: TextOutputStream {
  /// Why the file could not be created or written.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Int32

    public var description: String {
      let reason = String(cString: strerror(errno))
      let advice =
        switch errno {
        case EEXIST: "; choose another --out file or pass --force to replace it"
        case EACCES, EPERM: "; check the folder's permissions"
        case ENOSPC: "; free some space"
        default: ""
        }
      return "cannot \(operation) '\(path)': \(reason)\(advice)"
    }
  }

  public let path: String
  private var descriptor: Int32
  /// The first write that failed; later writes are skipped.
  public private(set) var failure: Failure?

  /// Creates the file; an existing file is replaced only when `replacing` is `true`.
  ///
  /// - Throws: ``Failure`` when it cannot be created (it exists, no permission, no folder).
  public init(path: String, replacing: Bool) throws(Failure) {
    self.path = path
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
    descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else { throw Failure(path: path, operation: "create", errno: errno) }
    if let code = NewFile.syncFolder(of: path) {
      close(descriptor)
      throw Failure(path: path, operation: "sync the folder of", errno: code)
    }
  }

  deinit { close(descriptor) }

  public func write(_ string: String) {
    guard failure == nil else { return }
    var bytes = Array(string.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = Failure(path: path, operation: "write to", errno: errno)
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Makes everything written so far durable.
  ///
  /// - Throws: ``Failure`` from an earlier write, or from `fsync`.
  public func sync() throws(Failure) {
    if let failure { throw failure }
    if fsync(descriptor) != 0 { throw Failure(path: path, operation: "sync", errno: errno) }
  }
}
