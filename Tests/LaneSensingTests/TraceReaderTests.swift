import Bowling
import Testing
import LaneSensing

@Suite("Trace reader")
struct TraceReaderTests {
  private func read(_ text: String) throws(TraceError) -> [SensorEvent] {
    var reader = TraceReader(lines: text.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init).makeIterator())
    var events: [SensorEvent] = []
    while let event = try reader.nextEvent() { events.append(event) }
    return events
  }

  @Test("When the issue's example is read, then every line becomes its event with exact times")
  func example() throws {
    let events = try read("""
      # a recorded lane
      0.000000 pins 1111111111     # snapshot: pins 1..10, 1 = standing, 0 = down
      3.200000 ball                # ball detector fired

      3.410000 pin7 down           # one pin changed
      3.411500 pin7 up             # (contact chatter)
      9.000000 cycle on
      \t15.000000\tcycle off
      20.100000 foul
      20.2 pins 0111111110
      """)
    #expect(events == [
      SensorEvent(.snapshot(standing: .full), at: instant("0")),
      SensorEvent(.ball, at: instant("3.2")),
      SensorEvent(.pin(pin(7), .down), at: instant("3.41")),
      SensorEvent(.pin(pin(7), .standing), at: SensorInstant(nanoseconds: 3_411_500_000)),
      SensorEvent(.cycle(isOn: true), at: instant("9")),
      SensorEvent(.cycle(isOn: false), at: instant("15")),
      SensorEvent(.foul, at: instant("20.1")),
      SensorEvent(.snapshot(standing: [2, 3, 4, 5, 6, 7, 8, 9]), at: instant("20.2")),
    ])
  }

  @Test(
    "When a line is malformed, then the error names its line and what was expected",
    arguments: [
      ("x ball", TraceError.Reason.malformedTime("x")),
      ("1.0", .missingEvent),
      ("1.0 bal", .unknownEvent("bal")),
      ("1.0 pin11 down", .noSuchPin("pin11")),
      ("1.0 pin0 down", .noSuchPin("pin0")),
      ("1.0 pin+1 down", .noSuchPin("pin+1")),
      ("1.0 pin07 down", .noSuchPin("pin07")),
      ("1.0 pin down", .noSuchPin("pin")),
      ("1.0 pin7", .malformedPinLevel(nil)),
      ("1.0 pin7 fallen", .malformedPinLevel("fallen")),
      ("1.0 pins 111111111", .malformedSnapshot("111111111")),
      ("1.0 pins 11111111112", .malformedSnapshot("11111111112")),
      ("1.0 pins", .malformedSnapshot(nil)),
      ("1.0 cycle", .malformedCycle(nil)),
      ("1.0 cycle up", .malformedCycle("up")),
      ("1.0 ball now", .trailingText("now")),
      ("1.0 pin7 down up", .trailingText("up")),
      ("1.0 pin7 dow", .malformedPinLevel("dow")),
      ("1.0 pin10 downs", .malformedPinLevel("downs")),
      ("1.0 pin7 upp", .malformedPinLevel("upp")),
      ("1.0 pin1 0 up", .malformedPinLevel("0")),
      ("1.0. pin7 up", .malformedTime("1.0.")),
    ])
  func malformed(line: String, reason: TraceError.Reason) {
    #expect(throws: TraceError(line: 3, reason)) {
      try read("0 pins 1111111111\n# comment\n\(line)\n4 ball")
    }
  }

  @Test(
    "When a pin line is spaced, commented or timed in any way the format allows, then it reads as the same event",
    arguments: [
      ("5.25 pin3 down", 3, true), ("5.25  pin3 down", 3, true), ("5.25\tpin3 down", 3, true),
      ("5.25 pin3 down ", 3, true), (" 5.25 pin3 down", 3, true), ("5.25 pin3 down # c", 3, true),
      ("5.25 pin3  down", 3, true), ("5.25 pin10 up", 10, false), ("5.25 pin10  up", 10, false),
      ("5.25 pin10 up\t", 10, false), ("5.25 pin10 up#x", 10, false), ("5.25 pin9 up", 9, false),
      ("5.250000000 pin1 down", 1, true), ("05.25 pin10 down", 10, true),
    ])
  func pinLineShapes(line: String, number: Int, isDown: Bool) throws {
    let events = try read("0 pins 1111111111\n\(line)")
    #expect(events.last == SensorEvent(.pin(pin(number), isDown ? .down : .standing), at: instant("5.25")))
  }

  @Test("When a pin line's time has ten whole digits, then it reads exactly")
  func longTime() throws {
    let events = try read("1234567890.5 pin1 down")
    #expect(events == [SensorEvent(.pin(pin(1), .down), at: SensorInstant(nanoseconds: 1_234_567_890_500_000_000))])
  }

  @Test("When a time is earlier than the line before, then the error gives both times")
  func backwards() {
    #expect(throws: TraceError(line: 2, .timeWentBackwards(
      previous: instant("3.5"), found: instant("3.4")))) {
      try read("3.5 ball\n3.4 pin1 down")
    }
  }

  @Test("When a line ends in a carriage return, then it reads as if it did not")
  func carriageReturn() throws {
    #expect(try TraceReader<[String].Iterator>.parse(line: "15 cycle off\r", number: 1)
      == SensorEvent(.cycle(isOn: false), at: instant("15")))
  }

  @Test("When times repeat, then the events keep their order")
  func equalTimes() throws {
    let events = try read("1 ball\n1 foul")
    #expect(events.map(\.kind) == [.ball, .foul])
  }

  @Test("When an error is described, then the message says the line and the expected form")
  func message() {
    let error = TraceError(line: 12, .noSuchPin("pin11"))
    #expect(error.description == "trace line 12: 'pin11' is not a pin; pins are numbered pin1 to pin10")
  }
}

@Suite("Trace writer")
struct TraceWriterTests {
  @Test("When events are written and read back, then they are unchanged")
  func roundTrip() throws {
    let events = [
      SensorEvent(.snapshot(standing: [1, 2, 3, 5, 8, 10]), at: instant("0")),
      SensorEvent(.ball, at: instant("3.2")),
      SensorEvent(.pin(pin(10), .down), at: SensorInstant(nanoseconds: 3_410_000_001)),
      SensorEvent(.pin(pin(10), .standing), at: instant("3.4115")),
      SensorEvent(.foul, at: instant("3.4115")),
      SensorEvent(.cycle(isOn: true), at: instant("9")),
      SensorEvent(.cycle(isOn: false), at: instant("15")),
    ]
    var writer = TraceWriter(to: "")
    writer.comment("recorded on lane 3\nsecond line")
    for event in events { try writer.write(event) }
    #expect(writer.output.hasPrefix("# recorded on lane 3\n# second line\n0.000000 pins 1110100101\n"))
    #expect(writer.linesWritten == 9)

    var reader = TraceReader(lines: writer.output.split(separator: "\n").map(String.init).makeIterator())
    var readBack: [SensorEvent] = []
    while let event = try reader.nextEvent() { readBack.append(event) }
    #expect(readBack == events)
  }

  @Test("When an event is earlier than the last one written, then writing it throws")
  func backwards() throws {
    var writer = TraceWriter(to: "")
    try writer.write(SensorEvent(.ball, at: instant("2")))
    #expect(throws: TraceError(line: 2, .timeWentBackwards(previous: instant("2"), found: instant("1")))) {
      try writer.write(SensorEvent(.foul, at: instant("1")))
    }
  }
}

@Suite("Trace line parser")
struct TraceLineParserTests {
  @Test("When a malformed word is longer than 80 bytes, then the error quotes its first 80 and …")
  func longWordQuoted() {
    let word = String(repeating: "x", count: 5_000)
    #expect(throws: TraceError(line: 7, .malformedTime(String(repeating: "x", count: 80) + "…"))) {
      try TraceReader<IndexingIterator<[String]>>.parse(line: word + " ball", number: 7)
    }
  }

  @Test("When a long word is cut inside a multi-byte character, then the cut keeps whole characters")
  func cutOnCharacter() {
    // Given 79 ASCII bytes then 'é' (2 bytes), so byte 80 is inside the 'é'.
    let word = String(repeating: "a", count: 79) + "é" + String(repeating: "b", count: 10)
    #expect(throws: TraceError(line: 1, .unknownEvent(String(repeating: "a", count: 79) + "…"))) {
      try TraceReader<IndexingIterator<[String]>>.parse(line: "1.0 " + word, number: 1)
    }
  }

  @Test(
    "When a keyword looks like another only as characters, then bytes decide as strings did",
    arguments: [
      ("1.0 pin\u{301}7 down", TraceError.Reason.unknownEvent("pin\u{301}7")),
      ("1.0 pinx down", .noSuchPin("pinx")),
      ("1.0 ball\u{301}", .unknownEvent("ball\u{301}")),
      ("1.0 cycle o\u{301}n", .malformedCycle("o\u{301}n")),
    ])
  func bytesAsStrings(line: String, reason: TraceError.Reason) {
    #expect(throws: TraceError(line: 1, reason)) {
      try TraceReader<IndexingIterator<[String]>>.parse(line: line, number: 1)
    }
  }
}

@Suite("Duration in nanoseconds")
struct DurationNanosecondsTests {
  @Test(
    "When a duration is converted, then it is rounded toward zero and saturates past Int64",
    arguments: [
      (Duration.nanoseconds(1_500), Int64(1_500)),
      (.seconds(60), 60_000_000_000),
      (.seconds(-60), -60_000_000_000),
      (.seconds(9.5), 9_500_000_000),
      (.seconds(1) / 3, 333_333_333),
      (.zero - .seconds(1) / 3, -333_333_333),
      (.seconds(Int64.max), .max),
      (.seconds(Int64.min), .min),
    ])
  func converts(duration: Duration, nanoseconds: Int64) {
    #expect(duration.nanoseconds == nanoseconds)
  }
}
