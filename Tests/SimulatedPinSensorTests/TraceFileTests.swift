import Bowling
import Foundation
import LaneSensing
import SimulatedPinSensor
import TestSupport
import Testing

extension ScratchFolder {
  /// Writes `bytes` to a new file in the folder and returns its path.
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }
}

/// Every event of the trace file at `path`, through the sensor `lane simulate` uses.
private func events(of path: String) throws -> [SensorEvent] {
  var sensor = try SimulatedPinSensor(contentsOf: path)
  var events: [SensorEvent] = []
  while let reading = try sensor.next(timeout: .seconds(1000)) {
    if case .event(let event) = reading { events.append(event) }
  }
  return events
}

@Suite("Trace file")
struct TraceFileTests {
  static let expected = [
    SensorEvent(.snapshot(standing: .full), at: at(ms: 0)),
    SensorEvent(.ball, at: at(ms: 1_000)),
    SensorEvent(.pin(Pin(rawValue: 7)!, .down), at: at(ms: 1_200)),
  ]

  @Suite("Given the same trace with different line ends")
  struct LineEnds {
    @Test(
      "When it is read, then LF, CRLF, CR-only and a UTF-8 byte order mark give the same events",
      arguments: [
        ("LF", "# lane 1\n0.0 pins 1111111111\n1.0 ball\n1.2 pin7 down\n"),
        ("CRLF", "# lane 1\r\n0.0 pins 1111111111\r\n1.0 ball\r\n1.2 pin7 down\r\n"),
        ("CR", "# lane 1\r0.0 pins 1111111111\r1.0 ball\r1.2 pin7 down\r"),
        ("BOM", "\u{FEFF}0.0 pins 1111111111\n1.0 ball\n1.2 pin7 down"),
        ("BOM+CRLF", "\u{FEFF}# lane 1\r\n0.0 pins 1111111111\r\n1.0 ball\r\n1.2 pin7 down"),
      ])
    func same(name: String, text: String) throws {
      let scratch = try ScratchFolder("trace-file-tests")
      let path = try scratch.file(name, Array(text.utf8))
      #expect(try events(of: path) == TraceFileTests.expected)
    }

    @Test("When CR-only lines hold an error, then its line number counts each CR as a line end")
    func crLineNumbers() throws {
      let scratch = try ScratchFolder("trace-file-tests")
      let path = try scratch.file("cr", Array("# a\r0.0 ball\r\r1.0 bal\r".utf8))
      #expect(throws: TraceError(line: 4, .unknownEvent("bal"))) { try events(of: path) }
    }

    @Test("When a CRLF pair is split between two read blocks, then it is one line end")
    func crlfAcrossBlocks() throws {
      // Given comments that puts the CR as the last byte of the first 64 KiB block.
      let first = Array("0.0 ball\r\n".utf8)
      let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 4000)
      var bytes = first
      while bytes.count + filler.count + 3 < 65_536 {
        bytes += [UInt8(ascii: "#")] + filler + Array("\r\n".utf8)
      }
      bytes += [UInt8](repeating: UInt8(ascii: "#"), count: 65_535 - bytes.count) + [0x0D]
      #expect(bytes.count == 65_536)
      bytes += Array("\n1.0 bal\r\n".utf8)
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count - 1
      let scratch = try ScratchFolder("trace-file-tests")
      let path = try scratch.file("split", bytes)
      // When read, then the error is on the last line: the split pair made no blank line.
      #expect(throws: TraceError(line: lines, .unknownEvent("bal"))) { try events(of: path) }
    }
  }

  @Suite("Given input that is not a trace")
  struct NotATrace {
    @Test("When a line is longer than the limit, then reading stops there with a clear error")
    func longLine() throws {
      let scratch = try ScratchFolder("trace-file-tests")
      let long = [UInt8](repeating: 0, count: TraceFile.maximumLineLength + 1)
      let path = try scratch.file("zeros", Array("0.0 ball\n# fine\n".utf8) + long + [0x0A])
      let limit = TraceFile.maximumLineLength
      #expect(throws: TraceError(line: 3, .lineTooLong(limit: limit))) { try events(of: path) }
      #expect(TraceError(line: 3, .lineTooLong(limit: limit)).description
        == "trace line 3: the line is longer than 4096 bytes, the most a trace line may hold; "
        + "check that this is a trace file (docs/trace-format.md)")
    }

    @Test("When a line without an end is longer than the limit, then it fails without reading on")
    func longUnendedLine() throws {
      let scratch = try ScratchFolder("trace-file-tests")
      let path = try scratch.file("big", [UInt8](repeating: UInt8(ascii: "1"), count: 200_000))
      let file = try TraceFile(path: path)
      #expect(throws: TraceFile.ReadError.lineTooLong(limit: TraceFile.maximumLineLength)) {
        try file.nextLineBytes()
      }
      // Then every later read fails the same way.
      #expect(throws: TraceFile.ReadError.lineTooLong(limit: TraceFile.maximumLineLength)) {
        try file.nextLineBytes()
      }
      #expect(file.nextLine() == nil)
    }

    @Test("When a line is exactly the limit, then it is read")
    func lineAtLimit() throws {
      let scratch = try ScratchFolder("trace-file-tests")
      let comment = "0.0 ball #" + String(repeating: "c", count: TraceFile.maximumLineLength - 10)
      let path = try scratch.file("limit", Array(comment.utf8))
      #expect(try events(of: path).map(\.kind) == [.snapshot(standing: .full), .ball])
    }

    @Test("When the path is a directory, then it is refused as not a regular file")
    func directory() throws {
      let scratch = try ScratchFolder("trace-file-tests")
      #expect(throws: TraceFile.OpenError(path: scratch.path, notRegular: "a directory")) {
        try TraceFile(path: scratch.path)
      }
    }

    @Test("When the path is a FIFO with no writer, then it is refused at once instead of blocking")
    func fifo() throws {
      let scratch = try ScratchFolder("trace-file-tests")
      let path = scratch.path + "/fifo"
      #expect(mkfifo(path, 0o600) == 0)
      #expect(throws: TraceFile.OpenError(path: path, notRegular: "a FIFO")) {
        try TraceFile(path: path)
      }
    }

    @Test("When the path is /dev/zero, then it is refused as a device with what to do instead")
    func device() throws {
      let error = TraceFile.OpenError(path: "/dev/zero", notRegular: "a character device")
      #expect(throws: error) { try TraceFile(path: "/dev/zero") }
      #expect(error.description == "cannot replay '/dev/zero': it is a character device, "
        + "not a regular file; to replay a stream, pipe it into standard input ('-')")
    }
  }
}
