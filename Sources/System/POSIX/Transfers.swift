#if canImport(Glibc)
  import Glibc
#endif
import SystemPackage

/// Something read at absolute offsets, one `pread(2)` at a time: a call may read fewer bytes
/// than asked for, or fail with `EINTR` when a signal arrives.
///
/// `FileDescriptor` conforms as it is; tests conform a double that reads short and is
/// interrupted, to prove the loops over it.
public protocol PositionalReading {
  /// Reads at most `buffer.count` bytes at `offset` into `buffer`, once.
  ///
  /// - Returns: How many bytes were read; `0` at the end of the file.
  func read(
    fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer,
    retryOnInterrupt: Bool
  ) throws -> Int
}

extension FileDescriptor: PositionalReading {}

extension PositionalReading {
  /// Reads from `offset` until `buffer` is full or the file ends, continuing after a short
  /// read and retrying `EINTR`.
  ///
  /// - Returns: How many bytes were read: fewer than `buffer.count` only at the end.
  /// - Throws: `Errno` of a failed read.
  public func read(
    filling buffer: UnsafeMutableRawBufferPointer, fromAbsoluteOffset offset: Int64
  ) throws(Errno) -> Int {
    var filled = 0
    while filled < buffer.count {
      let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
      let count: Int
      do {
        count = try read(
          fromAbsoluteOffset: offset + Int64(filled), into: rest, retryOnInterrupt: false)
      } catch {
        let code = Errno(of: error)
        if code == .interrupted { continue }
        throw code
      }
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// Reads once from `offset` into `buffer`, retrying `EINTR`: what a loop that reads
  /// blocks until the end calls, taking a short read as it comes.
  ///
  /// - Returns: How many bytes were read; `0` at the end of the file.
  /// - Throws: `Errno` of a failed read.
  public func read(
    someOf buffer: UnsafeMutableRawBufferPointer, fromAbsoluteOffset offset: Int64
  ) throws(Errno) -> Int {
    while true {
      do {
        return try read(fromAbsoluteOffset: offset, into: buffer, retryOnInterrupt: false)
      } catch {
        let code = Errno(of: error)
        if code != .interrupted { throw code }
      }
    }
  }
}

/// Writes all of `bytes` by calling `write` with what is left (one `write(2)` or
/// `send(2)`, returning a count or -1 and `errno`), continuing after a short write and
/// retrying `EINTR`.
///
/// - Parameters:
///   - written: Set to how many bytes were written: all of them, or those before a failure.
///   - write: One call that writes the front of the buffer it is given.
/// - Throws: `Errno` of the failed call; `EIO` for a call that wrote nothing.
public func writeAll(
  _ bytes: UnsafeRawBufferPointer, written: inout Int,
  with write: (UnsafeRawBufferPointer) -> Int
) throws(Errno) {
  written = 0
  while written < bytes.count {
    let rest = UnsafeRawBufferPointer(rebasing: bytes[written...])
    let count = try retryOnInterrupt { write(rest) }
    guard count > 0 else { throw .ioError }
    written += count
  }
}

extension FileDescriptor {
  /// Writes all of `bytes` at the file's position (its end with `O_APPEND`), continuing
  /// after a short write and retrying `EINTR`.
  ///
  /// - Throws: `Errno` of the failed `write`; part of `bytes` may be written.
  public func write(all bytes: UnsafeRawBufferPointer) throws(Errno) {
    var written = 0
    try POSIX.writeAll(bytes, written: &written) { rest in
      Glibc.write(rawValue, rest.baseAddress, rest.count)
    }
  }

  /// Writes all of `bytes`, as the buffer form of `write(all:)` does.
  public func write(all bytes: [UInt8]) throws(Errno) {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(Errno) in try write(all: buffer) }
    }.get()
  }
}
