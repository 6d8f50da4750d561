import Glibc
import POSIX
import SystemPackage
import Testing

/// Bytes in memory read at offsets as `pread` may read them: at most `longest` bytes a
/// call, and every other call interrupted by a signal first.
final class ChoppyBytes: PositionalReading {
  let bytes: [UInt8]
  let longest: Int
  private(set) var calls = 0
  private(set) var interruptions = 0

  init(_ bytes: [UInt8], longest: Int) {
    self.bytes = bytes
    self.longest = longest
  }

  func read(
    fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer,
    retryOnInterrupt: Bool
  ) throws -> Int {
    calls += 1
    if calls % 2 == 1 && !retryOnInterrupt {
      interruptions += 1
      throw Errno.interrupted
    }
    let start = min(Int(offset), bytes.count)
    let count = min(buffer.count, longest, bytes.count - start)
    buffer.copyBytes(from: bytes[start..<(start + count)])
    return count
  }
}

@Suite("Reading and writing whole through short transfers and signals")
struct TransferTests {
  @Test("When each read gets 3 bytes after a signal, then filling reads on until the buffer is full")
  func fillsThroughShortReads() throws {
    let source = ChoppyBytes(Array(0..<100), longest: 3)
    var buffer = [UInt8](repeating: 0, count: 40)

    let count = try buffer.withUnsafeMutableBytes { bytes in
      try source.read(filling: bytes, fromAbsoluteOffset: 10)
    }

    #expect(count == 40)
    #expect(buffer == Array(10..<50))
    #expect(source.interruptions == 14)
  }

  @Test("When the file ends before the buffer is full, then filling returns what there was")
  func stopsAtTheEnd() throws {
    let source = ChoppyBytes(Array(0..<10), longest: 4)
    var buffer = [UInt8](repeating: 0, count: 64)

    let count = try buffer.withUnsafeMutableBytes { bytes in
      try source.read(filling: bytes, fromAbsoluteOffset: 2)
    }

    #expect(count == 8)
    #expect(buffer.prefix(count) == Array(2..<10)[...])
  }

  @Test("When a write takes 5 bytes at a time after a signal, then all the bytes are written in order")
  func writesThroughShortWrites() throws {
    var sink: [UInt8] = []
    var calls = 0
    var written = 0
    let bytes = Array(UInt8(0)..<UInt8(23))

    try bytes.withUnsafeBytes { buffer in
      try writeAll(buffer, written: &written) { rest in
        calls += 1
        if calls % 2 == 1 {
          errno = EINTR
          return -1
        }
        let count = min(rest.count, 5)
        sink += rest.prefix(count)
        return count
      }
    }

    #expect(sink == bytes)
    #expect(written == 23)
  }

  @Test("When a write fails midway, then the errno is thrown and the bytes written before are counted")
  func reportsWhatWasWritten() {
    var written = 0
    var calls = 0

    #expect(throws: Errno.noSpace) {
      try [UInt8](repeating: 1, count: 10).withUnsafeBytes { buffer in
        try writeAll(buffer, written: &written) { rest in
          calls += 1
          guard calls == 1 else {
            errno = ENOSPC
            return -1
          }
          return 4
        }
      }
    }
    #expect(written == 4)
  }

  @Test("When a real descriptor is written whole and read back through a pipe, then the bytes match")
  func pipeRoundTrip() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let reader = FileDescriptor(rawValue: ends[0])
    let writer = FileDescriptor(rawValue: ends[1])
    defer {
      try? reader.close()
      try? writer.close()
    }
    let bytes = Array("strike\n".utf8)

    try bytes.withUnsafeBytes { buffer in try writer.write(all: buffer) }
    var back = [UInt8](repeating: 0, count: bytes.count)
    let count = try back.withUnsafeMutableBytes { try reader.read(into: $0) }

    #expect(count == bytes.count)
    #expect(back == bytes)
  }
}

@Suite("Retrying a system call a signal interrupted")
struct InterruptTests {
  @Test("When a call fails with EINTR twice, then it is called again until it answers")
  func retries() throws {
    var answers: [Int32] = [-1, -1, 7]

    let answer = try retryOnInterrupt { () -> Int32 in
      let next = answers.removeFirst()
      if next == -1 { errno = EINTR }
      return next
    }

    #expect(answer == 7)
    #expect(answers.isEmpty)
  }

  @Test("When a call fails otherwise, then its errno is thrown without another call")
  func throwsOtherFailures() {
    var calls = 0

    #expect(throws: Errno.badFileDescriptor) {
      try retryOnInterrupt { () -> Int32 in
        calls += 1
        errno = EBADF
        return -1
      }
    }
    #expect(calls == 1)
  }

  @Test("When a call returning a negated errno reports -EINTR, then it is retried; another errno is thrown")
  func negatedErrno() throws {
    var answers: [Int32] = [-EINTR, 3]

    #expect(try retryOnNegatedInterrupt({ answers.removeFirst() }) == 3)
    #expect(throws: Errno.resourceBusy) { try retryOnNegatedInterrupt({ -EBUSY }) }
  }
}
