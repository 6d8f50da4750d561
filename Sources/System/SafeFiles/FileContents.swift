import POSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a whole small text file: a wiring file, the lane's config file, the broker
/// credentials, the centre link's acknowledgement file.
///
/// The file is opened with `O_NONBLOCK | O_NOFOLLOW` and must be a regular file of at most
/// ``maximumSize`` bytes, so a FIFO, a device such as `/dev/zero`, a symlink or a huge file
/// ends with an error in bounded time and memory instead of a hang or an abort.
public enum FileContents {
  /// Why a file could not be read, in words a user can act on.
  public struct ReadError: Error {
    public let reason: String
  }

  /// The largest file read unless told otherwise, 1 MiB (a wiring file's limit; real ones
  /// are a few kilobytes).
  public static let maximumSize = 1 << 20

  /// The contents of the file at `path`, decoded as UTF-8 (invalid bytes become U+FFFD), a
  /// leading UTF-8 byte order mark dropped.
  /// - Parameter kind: What the file should be, for the messages: `a wiring file`.
  public static func read(
    _ path: String, maximumSize: Int = maximumSize, kind: String = "a wiring file"
  ) throws(ReadError) -> String {
    try readWithStatus(path, maximumSize: maximumSize, kind: kind).text
  }

  /// The contents of a file that holds a secret (passwords, password hashes), as ``read(_:maximumSize:kind:)``
  /// reads them, with the permission bits, owner and group of the file read (its own
  /// `fstat`, not a second look-up of the path that could find another file), for the
  /// caller to refuse a file others may read.
  public static func readSecret(
    _ path: String, maximumSize: Int, kind: String
  ) throws(ReadError) -> (text: String, permissions: mode_t, owner: uid_t, group: gid_t) {
    let (text, status) = try readWithStatus(path, maximumSize: maximumSize, kind: kind)
    return (text, status.st_mode & 0o7777, status.st_uid, status.st_gid)
  }

  private static func readWithStatus(
    _ path: String, maximumSize: Int, kind: String
  ) throws(ReadError) -> (text: String, status: stat) {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .noFollow, .closeOnExec])
    } catch Errno.tooManySymbolicLinkLevels {
      throw ReadError(reason: "it is a symbolic link; give the path of the file itself")
    } catch {
      throw ReadError(errno: Errno(of: error).rawValue)
    }
    defer { try? file.close() }
    var status = stat()
    guard fstat(file.rawValue, &status) == 0 else { throw ReadError(errno: errno) }
    if let what = ExistingFile.kind(of: status.st_mode) {
      throw ReadError(reason: "it is \(what), not a regular file; give \(kind)")
    }
    guard Int(status.st_size) <= maximumSize else {
      throw ReadError(reason: tooLarge(maximumSize, kind: kind))
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count: Int
      do {
        // FileDescriptor's read retries EINTR; a short read is taken as it comes.
        count = try buffer.withUnsafeMutableBytes { bytes in try file.read(into: bytes) }
      } catch {
        throw ReadError(errno: Errno(of: error).rawValue)
      }
      if count == 0 { break }
      // The file may grow after fstat; never hold more than the limit.
      guard bytes.count + count <= maximumSize else {
        throw ReadError(reason: tooLarge(maximumSize, kind: kind))
      }
      bytes.append(contentsOf: buffer[..<count])
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    return (String(decoding: bytes, as: UTF8.self), status)
  }

  private static func tooLarge(_ limit: Int, kind: String) -> String {
    "it is larger than \(limit / 1024) KiB, the limit for \(kind); give \(kind)"
  }

}

extension FileContents.ReadError {
  init(errno code: Int32) {
    reason = String(cString: strerror(code))
  }
}
