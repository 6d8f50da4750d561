#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import POSIX
import SafeFiles
import SystemPackage

/// An open trace read in large blocks and split into lines; the file closes when the last
/// owner lets go.
///
/// Lines end with `\n`, `\r\n` or a lone `\r`; a UTF-8 byte order mark before the first line
/// is skipped. Memory stays bounded whatever the input: a line longer than
/// ``maximumLineLength`` bytes ends the reading with ``ReadError/lineTooLong(limit:)``
/// instead of growing, so `/dev/zero` on standard input or a binary file fails at once.
public final class TraceFile {
  /// A trace file that could not be opened, or that is not a regular file.
  public struct OpenError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// The `errno` of the failed `open`, or 0 when the file opened but is not a regular file.
    public var errno: Int32
    /// What the file is when it is not a regular file: "a directory", "a FIFO", ...
    public var notRegular: String?

    public init(path: String, errno: Int32) {
      self.path = path
      self.errno = errno
    }

    /// A path that names something other than a regular file.
    public init(path: String, notRegular kind: String) {
      self.path = path
      self.errno = 0
      self.notRegular = kind
    }

    public var description: String {
      if let notRegular {
        return "cannot replay '\(path)': it is \(notRegular), not a regular file; "
          + "to replay a stream, pipe it into standard input ('-')"
      }
      return "cannot open trace '\(path)': \(String(cString: strerror(errno))) (errno \(errno)); "
        + "check the path and that the file is readable"
    }
  }

  /// Why the lines ended before the end of the input.
  public enum ReadError: Error, Hashable, Sendable {
    /// A line is longer than `limit` bytes.
    case lineTooLong(limit: Int)
    /// `read` failed with this `errno`.
    case unreadable(errno: Int32)
  }

  /// The most bytes a line may hold, without its terminator (docs/trace-format.md).
  public static let maximumLineLength = 4096
  /// How many bytes each `read` asks for.
  private static let blockSize = 64 * 1024

  /// The trace's file, `nil` once closed.
  private var file: FileDescriptor?
  private let ownsFile: Bool
  /// A descriptor that turns readable when reading should stop (a stop signal's wake
  /// event), or `nil`: a pipe may block for ever, and a signal handler's `EINTR` can come
  /// just before the `read` instead of during it.
  private let stop: FileDescriptor?
  private let buffer: UnsafeMutablePointer<UInt8>
  private let capacity = blockSize + maximumLineLength
  /// The unread bytes are `buffer[start..<end]`.
  private var start = 0
  private var end = 0
  private var atEndOfInput = false
  private var isFirstLine = true
  /// The last line ended with `\r` at the end of a block: a `\n` starting the next block
  /// belongs to it.
  private var skipsLineFeed = false

  /// Why the lines ended early, if they did; `nil` while reading and at a clean end.
  public var failure: ReadError? { failed }
  /// ``failure``, stored privately: a public stored property of a class is checked for
  /// exclusive access at run time on every read, once per line here.
  private var failed: ReadError?
  /// The `errno` of a failed read, once one has failed; the lines end there.
  public var readError: Int32? {
    if case .unreadable(let errno)? = failure { errno } else { nil }
  }
  /// The path the trace was opened from (`-` for standard input).
  public let path: String

  /// Opens the regular file at `path` for reading.
  ///
  /// A FIFO, a device or a directory is refused without reading from it (a FIFO without a
  /// writer would block forever, a device such as `/dev/zero` never ends).
  /// - Throws: `OpenError` with the `errno` of the failed `open`, or naming what the path is.
  public convenience init(path: String) throws(OpenError) {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
    } catch {
      throw OpenError(path: path, errno: Errno(of: error).rawValue)
    }
    var status = stat()
    guard fstat(file.rawValue, &status) == 0 else {
      let failed = errno
      try? file.close()
      throw OpenError(path: path, errno: failed)
    }
    if let kind = ExistingFile.kind(of: status.st_mode) {
      try? file.close()
      throw OpenError(path: path, notRegular: kind)
    }
    _ = fcntl(file.rawValue, F_SETFL, fcntl(file.rawValue, F_GETFL) & ~O_NONBLOCK)
    self.init(file: file, owned: true, path: path, stop: nil)
  }

  private init(file: FileDescriptor, owned: Bool, path: String, stop: FileDescriptor?) {
    self.file = file
    self.ownsFile = owned
    self.path = path
    self.stop = stop
    buffer = .allocate(capacity: capacity)
  }

  /// The trace on standard input, which is read but never closed.
  ///
  /// - Parameter stopDescriptor: Readable once reading should stop (a stop signal's wake
  ///   event): the lines then end where they are, the unread rest dropped, at once even
  ///   while standard input has nothing to read. -1 for none.
  public static func standardInput(stopDescriptor: Int32 = -1) -> TraceFile {
    TraceFile(
      file: .standardInput, owned: false, path: "-",
      stop: stopDescriptor >= 0 ? FileDescriptor(rawValue: stopDescriptor) : nil)
  }

  deinit {
    close()
    buffer.deallocate()
  }

  /// Closes the file; later reads return `nil`. Safe to call more than once.
  public func close() {
    if let file, ownsFile { try? file.close() }
    file = nil
  }

  /// The next line without its terminator, decoded as UTF-8 with repair, or `nil` at the end
  /// or once reading failed (``failure`` says why).
  public func nextLine() -> String? {
    do {
      guard let bytes = try nextLineBytes() else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    } catch {
      return nil
    }
  }

  /// The next line's bytes without its terminator, or `nil` at the end.
  ///
  /// The bytes are valid only until the next call. Nothing is allocated.
  /// - Throws: `ReadError` when a line is too long or the input cannot be read; every later
  ///   call throws it again.
  public func nextLineBytes() throws(ReadError) -> UnsafeBufferPointer<UInt8>? {
    if let failed { throw failed }
    while true {
      if skipsLineFeed, start < end {
        skipsLineFeed = false
        if buffer[start] == UInt8(ascii: "\n") { start += 1 }
      }
      let index = Self.lineEnd(in: buffer, from: start, to: end)
      if index < end {
        let line = try take(start..<index)
        start = index + 1
        if buffer[index] == UInt8(ascii: "\r") {
          if start < end {
            if buffer[start] == UInt8(ascii: "\n") { start += 1 }
          } else {
            skipsLineFeed = true
          }
        }
        return line
      }
      if atEndOfInput || file == nil {
        guard start < end else { return nil }
        let line = try take(start..<end)
        start = end
        return line
      }
      if end - start > Self.maximumLineLength + Self.byteOrderMark.count {
        throw fail(.lineTooLong(limit: Self.maximumLineLength))
      }
      try refill()
    }
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The index of the first line feed or carriage return in `buffer[from..<to]`, or `to`.
  ///
  /// Two `memchr` calls (the line feed, then a carriage return before it) rather than a
  /// loop over the bytes: finding line ends was an eighth of a replay's instructions.
  private static func lineEnd(in buffer: UnsafeMutablePointer<UInt8>, from: Int, to: Int) -> Int {
    guard from < to else { return to }
    let lineFeed = memchr(buffer + from, Int32(UInt8(ascii: "\n")), to - from)
      .map { $0.assumingMemoryBound(to: UInt8.self) - buffer } ?? to
    guard lineFeed > from else { return lineFeed }
    let carriageReturn = memchr(buffer + from, Int32(UInt8(ascii: "\r")), lineFeed - from)
    return carriageReturn.map { $0.assumingMemoryBound(to: UInt8.self) - buffer } ?? lineFeed
  }

  /// The line at `range`, without a byte order mark if it is the first, checked for length.
  private func take(_ range: Range<Int>) throws(ReadError) -> UnsafeBufferPointer<UInt8> {
    var lower = range.lowerBound
    if isFirstLine {
      isFirstLine = false
      if range.count >= 3, buffer[lower] == 0xEF, buffer[lower + 1] == 0xBB,
        buffer[lower + 2] == 0xBF
      {
        lower += 3
      }
    }
    guard range.upperBound - lower <= Self.maximumLineLength else {
      throw fail(.lineTooLong(limit: Self.maximumLineLength))
    }
    return UnsafeBufferPointer(start: buffer + lower, count: range.upperBound - lower)
  }

  /// Moves the unread bytes to the front and reads the next block after them.
  private func refill() throws(ReadError) {
    if start > 0 {
      let unread = end - start
      if unread > 0 { (buffer).update(from: buffer + start, count: unread) }
      start = 0
      end = unread
    }
    while true {
      guard let file else {
        atEndOfInput = true
        return
      }
      if let stop, !waitForInput(file, stop: stop) {
        start = end
        atEndOfInput = true
        return
      }
      let count: Int
      do {
        // Once: an interrupted read looks for a stop again before it reads on.
        count = try file.read(
          into: UnsafeMutableRawBufferPointer(start: buffer + end, count: min(Self.blockSize, capacity - end)),
          retryOnInterrupt: false)
      } catch Errno.interrupted {
        continue  // a stop signal may have come: wait, and look for it, again
      } catch {
        throw fail(.unreadable(errno: Errno(of: error).rawValue))
      }
      if count > 0 {
        end += count
        return
      }
      atEndOfInput = true
      return
    }
  }

  /// Waits until the input can be read or the stop descriptor turns readable.
  ///
  /// - Returns: `false` once reading should stop.
  private func waitForInput(_ file: FileDescriptor, stop: FileDescriptor) -> Bool {
    var descriptors = [
      pollfd(fd: file.rawValue, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stop.rawValue, events: Int16(POLLIN), revents: 0),
    ]
    _ = try? retryOnInterrupt { poll(&descriptors, 2, -1) }
    return descriptors[1].revents == 0
  }

  private func fail(_ error: ReadError) -> ReadError {
    failed = error
    return error
  }

}

