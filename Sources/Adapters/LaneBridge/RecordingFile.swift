import SafeFiles

#if canImport(Glibc)
  import Glibc
#endif

/// A new file that a recording appends to line by line.
///
/// Without `replacing`, the file is created at its path at once (`O_EXCL | O_NOFOLLOW`:
/// never an existing file or a link), and each write goes straight to the kernel, so a
/// recording cut short is kept up to the cut. With `replacing`, it is written beside the
/// path and replaces the old file atomically in ``finish()``: until then the old one stays.
/// ``sync()`` makes what was written durable on the storage (power cuts).
public final class RecordingFile: TextOutputStream {
  /// Why the file could not be created or written.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Int32
    /// What the path is when it is not a regular file to replace.
    public var kind: String?

    public init(path: String, operation: String, errno: Int32, kind: String? = nil) {
      self.path = path
      self.operation = operation
      self.errno = errno
      self.kind = kind
    }

    init(_ problem: FileProblem) {
      self.init(
        path: problem.path, operation: problem.operation, errno: problem.errno ?? 0,
        kind: problem.kind)
    }

    public var description: String {
      if let kind {
        return "cannot \(operation) '\(path)': it is \(kind), not a regular file; choose"
          + " another --out file"
      }
      let reason = String(cString: strerror(errno))
      let advice =
        switch errno {
        case EEXIST: "; choose another --out file or pass --force to replace it"
        case EACCES, EPERM: "; check the folder's permissions"
        case ENOSPC: "; free some space"
        case ELOOP: " (a symbolic link is never followed); give the real file's path"
        default: ""
        }
      return "cannot \(operation) '\(path)': \(reason)\(advice)"
    }
  }

  public let path: String
  private let file: NewFile
  private let replacing: Bool
  /// The first write that failed; later writes are skipped.
  public private(set) var failure: Failure?

  /// Creates the file; an existing file is replaced (by ``finish()``) only when `replacing`.
  ///
  /// - Throws: ``Failure`` when it cannot be created (it exists, no permission, no folder),
  ///   or when what `replacing` would replace is not a regular file (a folder, a device).
  public init(path: String, replacing: Bool) throws(Failure) {
    self.path = path
    self.replacing = replacing
    do {
      if replacing {
        try Self.checkReplaceable(path)
        file = try NewFile(for: path)
      } else {
        file = try NewFile.create(at: path)
      }
    } catch {
      throw Failure(error)
    }
  }

  /// Refuses to replace anything but a regular file (a symbolic link is replaced itself,
  /// never what it points to).
  private static func checkReplaceable(_ path: String) throws(FileProblem) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    // A symbolic link is replaced itself, so only what is neither is refused.
    if let kind = ExistingFile.kind(of: status.st_mode), status.st_mode & S_IFMT != S_IFLNK {
      throw FileProblem(operation: "replace", path: path, kind: kind)
    }
  }

  public func write(_ string: String) {
    guard failure == nil else { return }
    do {
      try file.write(string.utf8)
    } catch {
      failure = Failure(error)
    }
  }

  /// Makes everything written so far durable.
  ///
  /// - Throws: ``Failure`` from an earlier write, or from `fsync`.
  public func sync() throws(Failure) {
    if let failure { throw failure }
    do {
      try file.sync()
    } catch {
      throw Failure(error)
    }
  }

  /// Makes the recording durable and, when replacing, puts it in place of the old file.
  ///
  /// - Throws: ``Failure`` from an earlier write, or when it cannot be synced or moved.
  public func finish() throws(Failure) {
    if let failure { throw failure }
    do {
      if replacing { try file.commit(replacing: true) } else { try file.sync() }
    } catch {
      throw Failure(error)
    }
  }
}
