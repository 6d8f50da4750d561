#if canImport(Glibc)
  import Glibc
#endif

/// Why a file could not be opened, created, written or moved into place.
public struct FileProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was being done: `create`, `open`, `write to`, `sync`, `replace`.
  public var operation: String
  public var path: String
  /// The failed call's `errno`, or `nil` when the path is not a regular file.
  public var errno: Int32?
  /// What the path is when it is not a regular file: `a directory`, `a FIFO`.
  public var kind: String?

  public init(operation: String, path: String, errno: Int32? = nil, kind: String? = nil) {
    self.operation = operation
    self.path = path
    self.errno = errno
    self.kind = kind
  }

  /// The reason in the operator's words, with what to do about it.
  public var reason: String {
    if let kind { return "it is \(kind), not a regular file; give the path of a regular file" }
    guard let errno else { return "unknown error" }
    let text = String(cString: strerror(errno))
    switch errno {
    case ELOOP: return "it is a symbolic link, which is never followed; give the real file's path"
    case EEXIST: return "\(text); choose another file, or remove it first"
    case EACCES, EPERM: return "\(text); check the folder's permissions"
    case ENOSPC: return "\(text); free some space"
    case EROFS: return "\(text); remount it read-write, or choose a folder on another file system"
    case ENOENT: return "\(text); check that the folder exists"
    default: return text
    }
  }

  public var description: String { "cannot \(operation) '\(path)': \(reason)" }
}
