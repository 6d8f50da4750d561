import POSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// A file created safely, made durable, and put in place in one step.
///
/// It is written under a fresh hidden name beside its final path (`O_EXCL | O_NOFOLLOW`, so
/// no link planted there is followed), synced, then moved into place with ``commit(replacing:)``
/// and its folder synced: a crash or power cut leaves the old file or the new one, never half of
/// either. Without `replacing`, an existing file at the path is never touched. A new file that
/// is dropped before its commit is removed.
///
/// ``create(at:mode:)`` instead creates the final path directly (for a file that grows while it
/// is written, such as a recording): also `O_EXCL | O_NOFOLLOW`, its folder synced at once.
public final class NewFile {
  /// The path the file has, or will have once committed.
  public let path: String
  /// Where the file is while it is written; ``path`` once committed or created in place.
  public private(set) var currentPath: String
  /// The open descriptor, for writing; closed when the file is dropped, unless the caller
  /// took it (``takeDescriptor()``).
  public let descriptor: FileDescriptor
  private var committed: Bool
  private var ownsDescriptor = true

  /// Starts a new file that will be put at `path` by ``commit(replacing:)``.
  ///
  /// - Parameter readableForAppending: Whether the descriptor also reads, and writes at
  ///   the end whatever the position (`O_RDWR | O_APPEND`): for a file the caller keeps
  ///   open after its commit (``takeDescriptor()``), such as a journal's next session.
  /// - Throws: ``FileProblem`` when the file cannot be created beside `path`.
  public init(
    for path: String, mode: mode_t = 0o644, readableForAppending: Bool = false
  ) throws(FileProblem) {
    self.path = path
    let (folder, name) = Self.split(path)
    let access = readableForAppending ? O_RDWR | O_APPEND : O_WRONLY
    var attempt = 0
    while true {
      let candidate = "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
      do {
        let descriptor = try retryOnInterrupt {
          open(candidate, access | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        }
        self.descriptor = FileDescriptor(rawValue: descriptor)
        currentPath = candidate
        committed = false
        return
      } catch {
        attempt += 1
        guard error == .fileExists, attempt < 100 else {
          throw FileProblem(operation: "create a file beside", path: path, errno: error.rawValue)
        }
      }
    }
  }

  private init(path: String, descriptor: FileDescriptor) {
    self.path = path
    currentPath = path
    self.descriptor = descriptor
    committed = true
  }

  /// Creates `path` itself, refusing an existing file or link, and syncs its folder.
  ///
  /// - Throws: ``FileProblem``: `EEXIST` when something is at `path` already.
  public static func create(at path: String, mode: mode_t = 0o644) throws(FileProblem) -> NewFile {
    let descriptor: Int32
    do {
      descriptor = try retryOnInterrupt {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      }
    } catch {
      throw FileProblem(operation: "create", path: path, errno: error.rawValue)
    }
    let file = NewFile(path: path, descriptor: FileDescriptor(rawValue: descriptor))
    try file.syncFolder()
    return file
  }

  /// Writes `bytes` to a new file at `path` in one step: written beside it, synced, moved
  /// there (``commit(replacing:)``), never over whatever is at `path` already.
  ///
  /// - Throws: ``FileProblem``: `EEXIST` when something is at `path`.
  public static func write(_ bytes: some Collection<UInt8>, toNew path: String, mode: mode_t = 0o644) throws(FileProblem) {
    let file = try NewFile(for: path, mode: mode)
    try file.write(bytes)
    try file.commit(replacing: false)
  }

  deinit {
    if ownsDescriptor { try? descriptor.close() }
    if !committed { unlink(currentPath) }
  }

  /// Hands the descriptor to the caller, who then closes it: dropping the file no longer
  /// does (closing any descriptor of a file drops the process's record locks on it).
  ///
  /// - Returns: ``descriptor``.
  public func takeDescriptor() -> FileDescriptor {
    ownsDescriptor = false
    return descriptor
  }

  /// Writes all of `bytes` at the end of what was written.
  ///
  /// - Throws: ``FileProblem`` with the `errno` of the failed `write`.
  public func write(_ bytes: some Collection<UInt8>) throws(FileProblem) {
    let array = Array(bytes)
    do {
      try descriptor.write(all: array)
    } catch {
      throw FileProblem(operation: "write to", path: currentPath, errno: error.rawValue)
    }
  }

  /// Makes everything written so far durable.
  public func sync() throws(FileProblem) {
    guard fsync(descriptor.rawValue) == 0 else {
      throw FileProblem(operation: "sync", path: currentPath, errno: errno)
    }
  }

  /// Syncs the file, moves it to ``path`` and syncs the folder.
  ///
  /// Without `replacing` the move is a hard link, which the kernel refuses to make over an
  /// existing file, so nothing at ``path`` is ever lost; with it, a rename, which replaces
  /// a file (or a link itself, never what it points to) atomically.
  /// - Throws: ``FileProblem``: `EEXIST` when `path` exists and `replacing` is `false`.
  public func commit(replacing: Bool) throws(FileProblem) {
    guard !committed else { return }
    try sync()
    if replacing {
      guard rename(currentPath, path) == 0 else {
        throw FileProblem(operation: "replace", path: path, errno: errno)
      }
    } else {
      guard link(currentPath, path) == 0 else {
        throw FileProblem(operation: "create", path: path, errno: errno)
      }
      unlink(currentPath)
    }
    currentPath = path
    committed = true
    try syncFolder()
  }

  /// Makes the directory entry of ``path`` durable by syncing its folder.
  public func syncFolder() throws(FileProblem) {
    try Self.syncFolder(of: path)
  }

  /// Syncs the folder that holds `path`, so a new, renamed or removed entry survives a power cut.
  public static func syncFolder(of path: String) throws(FileProblem) {
    let folder = split(path).folder
    do {
      let descriptor = try FileDescriptor.open(folder, .readOnly, options: [.directory, .closeOnExec])
      defer { try? descriptor.close() }
      guard fsync(descriptor.rawValue) == 0 else { throw Errno(rawValue: errno) }
    } catch {
      throw FileProblem(
        operation: "sync the folder of", path: path, errno: Errno(of: error).rawValue)
    }
  }

  /// The folder (`.` for none, `/` for the root) and the name of `path`.
  ///
  /// Not `NSString.deletingLastPathComponent`: swift-corelibs-foundation (Swift 6.3.1)
  /// traps on a one-character path without a slash (`j`).
  public static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }
}
