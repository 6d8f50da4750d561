import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension ChildProcess {
  /// The test's end of a pipe to or from a child (``Stream/pipe(_:)``), closed when released.
  ///
  /// Reads and writes retry what a signal interrupts and loop over short counts, so the
  /// tests never handle `EINTR` themselves.
  public final class PipeEnd: Sendable {
    /// Why a read or a write failed.
    public struct Failure: Error, CustomStringConvertible {
      public let description: String
    }

    /// The descriptor, open until ``close()``.
    public let descriptor: Int32
    private let closed = Mutex(false)

    init(_ descriptor: Int32) {
      self.descriptor = descriptor
    }

    deinit { close() }

    /// Closes the descriptor: a child reading it then sees the end of its input. Closing
    /// twice does nothing.
    public func close() {
      let wasClosed = closed.withLock { closed in
        defer { closed = true }
        return closed
      }
      if !wasClosed { _ = Glibc.close(descriptor) }
    }

    /// Whether there is something to read (or the end of the data) within `limit`.
    public func isReadable(within limit: Duration) -> Bool {
      ChildProcess.waitUntilReadable(descriptor, until: ContinuousClock.now + limit)
    }

    /// Reads what is there, at most `count` bytes, waiting for at least one; empty at the end.
    ///
    /// - Throws: ``Failure`` when the read fails.
    public func read(upTo count: Int) throws -> [UInt8] {
      var buffer = [UInt8](repeating: 0, count: count)
      let read = buffer.withUnsafeMutableBytes { bytes in
        retryingInterrupts { Glibc.read(descriptor, bytes.baseAddress, count) }
      }
      guard read >= 0 else {
        throw Failure(description: "cannot read from a child's pipe: \(String(cString: strerror(errno)))")
      }
      return Array(buffer[..<read])
    }

    /// Reads to the end of the data: until the child closes its end (or exits).
    public func readToEnd() throws -> [UInt8] {
      var data: [UInt8] = []
      while case let bytes = try read(upTo: 65_536), !bytes.isEmpty { data += bytes }
      return data
    }

    /// Reads to the end of the data, calling `body` after each read with the lines it
    /// completed (without their newline), and at the end with an unfinished last line.
    public func readLines(_ body: ([String]) -> Void) throws {
      var pending: [UInt8] = []
      while case let bytes = try read(upTo: 4_096), !bytes.isEmpty {
        pending += bytes
        var lines: [String] = []
        while let newline = pending.firstIndex(of: 10) {
          lines.append(String(decoding: pending[..<newline], as: UTF8.self))
          pending.removeSubrange(...newline)
        }
        if !lines.isEmpty { body(lines) }
      }
      if !pending.isEmpty { body([String(decoding: pending, as: UTF8.self)]) }
    }

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``Failure`` when the write fails (`EPIPE` when the child has closed its
    ///   end and SIGPIPE is ignored).
    public func write(_ bytes: [UInt8]) throws {
      var written = 0
      while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { rest in
          retryingInterrupts { Glibc.write(descriptor, rest.baseAddress, rest.count) }
        }
        guard count > 0 else {
          throw Failure(description: "cannot write to a child's pipe: \(String(cString: strerror(errno)))")
        }
        written += count
      }
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws {
      try write(Array(text.utf8))
    }
  }

  /// Reads the child's standard output and standard error pipes to their ends at once, so
  /// that a child filling one never blocks while the other is read.
  public func readOutputAndError() throws -> (output: String, error: String) {
    let ends = [standardOutput, standardError].compactMap { $0 }
    var data = [Int32: [UInt8]]()
    var open = ends
    while !open.isEmpty {
      var pollers = open.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      guard retryingInterrupts({ poll(&pollers, nfds_t(pollers.count), -1) }) >= 0 else {
        throw PipeEnd.Failure(description: "cannot poll a child's pipes: \(String(cString: strerror(errno)))")
      }
      var stillOpen: [PipeEnd] = []
      for (end, poller) in zip(open, pollers) {
        guard poller.revents != 0 else {
          stillOpen.append(end)
          continue
        }
        let bytes = try end.read(upTo: 65_536)
        if bytes.isEmpty { continue }
        data[end.descriptor, default: []] += bytes
        stillOpen.append(end)
      }
      open = stillOpen
    }
    let text = { (end: PipeEnd?) in end.map { String(decoding: data[$0.descriptor] ?? [], as: UTF8.self) } ?? "" }
    return (text(standardOutput), text(standardError))
  }
}
