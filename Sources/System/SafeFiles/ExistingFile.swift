import POSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Opens files that already exist without following symbolic links, and only when they are
/// regular files: never a FIFO (which would hang), a device or a directory.
public enum ExistingFile {
  /// Opens the regular file at `path` with `flags` (plus `O_NOFOLLOW` and `O_CLOEXEC`).
  ///
  /// The file is opened non-blocking and checked before anything is read or written, so a
  /// FIFO or a device is refused at once; the descriptor returned blocks as usual.
  /// - Returns: The open descriptor; the caller closes it.
  /// - Throws: ``FileProblem``: `ELOOP` for a symbolic link, `ENOENT` when it does not
  ///   exist, or ``FileProblem/kind`` when it is not a regular file.
  public static func open(_ path: String, flags: Int32) throws(FileProblem) -> FileDescriptor {
    let descriptor: Int32
    do {
      descriptor = try retryOnInterrupt { Glibc.open(path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
    } catch {
      throw FileProblem(operation: "open", path: path, errno: error.rawValue)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw FileProblem(operation: "open", path: path, errno: code)
    }
    if let kind = kind(of: status.st_mode) {
      close(descriptor)
      throw FileProblem(operation: "open", path: path, kind: kind)
    }
    let current = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, current & ~O_NONBLOCK)
    return FileDescriptor(rawValue: descriptor)
  }

  /// Whether something is at `path` (a link counts, and is not followed).
  public static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// What a mode says the file is ("a FIFO", "a directory", ...), or `nil` for a regular
  /// file: how every refusal of a file that is not a regular one names it.
  public static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "a special file"
    }
  }
}
