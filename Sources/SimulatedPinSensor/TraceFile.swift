#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open trace file read one line at a time; the file closes when the last owner lets go.
public final class TraceFile {
  /// A trace file that could not be opened.
  public struct OpenError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var errno: Int32

    public init(path: String, errno: Int32) {
      self.path = path
      self.errno = errno
    }

    public var description: String {
      "cannot open trace '\(path)': \(String(cString: strerror(errno))) (errno \(errno)); "
        + "check the path and that the file is readable"
    }
  }

  private var file: UnsafeMutablePointer<FILE>?
  private var buffer: UnsafeMutablePointer<CChar>?
  private var capacity = 0
  /// The `errno` of a failed read, once one has failed; the lines end there.
  public private(set) var readError: Int32?
  /// The path the trace was opened from.
  public let path: String

  /// Opens the trace at `path` for reading.
  ///
  /// - Throws: `OpenError` with the `errno` of the failed `fopen`.
  public init(path: String) throws(OpenError) {
    self.path = path
    guard let file = fopen(path, "r") else {
      throw OpenError(path: path, errno: errno)
    }
    self.file = file
  }

  deinit {
    close()
    free(buffer)
  }

  /// Closes the file; later reads return `nil`. Safe to call more than once.
  public func close() {
    if let file { fclose(file) }
    file = nil
  }

  /// The next line without its terminator, or `nil` at the end or after a read error.
  public func nextLine() -> String? {
    guard let file else { return nil }
    let length = getline(&buffer, &capacity, file)
    guard length >= 0, let buffer else {
      if ferror(file) != 0 { readError = errno }
      return nil
    }
    var count = length
    if count > 0, buffer[count - 1] == 0x0A { count -= 1 }
    return buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
  }
}
