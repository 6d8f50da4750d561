import Bowling

/// Reads sensor events from trace lines one at a time, holding only the current line.
///
/// The format is specified in `docs/trace-format.md`: one event per line, a time in decimal
/// seconds first, `#` starting a comment, blank lines ignored, times never decreasing.
/// Nothing is guessed: a malformed line throws a `TraceError` naming it.
public struct TraceReader<Lines: IteratorProtocol> where Lines.Element == String {
  private var lines: Lines
  private var previousTime: SensorInstant?

  /// The number of the line the last event came from (0 before the first).
  public private(set) var lineNumber = 0

  /// Creates a reader over lines without their line terminators.
  public init(lines: Lines) {
    self.lines = lines
  }

  /// The next event in the trace, or `nil` at its end.
  ///
  /// - Throws: `TraceError` for the first line that does not follow the format.
  public mutating func nextEvent() throws(TraceError) -> SensorEvent? {
    while let line = lines.next() {
      lineNumber += 1
      guard let event = try Self.parse(line: line, number: lineNumber) else { continue }
      if let previousTime, event.time < previousTime {
        throw TraceError(
          line: lineNumber, .timeWentBackwards(previous: previousTime, found: event.time))
      }
      previousTime = event.time
      return event
    }
    return nil
  }

  /// Parses one line: an event, or `nil` for a blank or comment-only line.
  ///
  /// - Throws: `TraceError` with `number` as its line when the line is malformed.
  public static func parse(line: String, number: Int) throws(TraceError) -> SensorEvent? {
    var words = Words(line)
    guard let timeWord = words.next() else { return nil }
    guard let time = SensorInstant(seconds: timeWord) else {
      throw TraceError(line: number, .malformedTime(String(timeWord)))
    }
    guard let keyword = words.next() else {
      throw TraceError(line: number, .missingEvent)
    }
    let kind: SensorEvent.Kind
    switch keyword {
    case "ball":
      kind = .ball
    case "foul":
      kind = .foul
    case "cycle":
      switch words.next() {
      case "on": kind = .cycle(isOn: true)
      case "off": kind = .cycle(isOn: false)
      case let other: throw TraceError(line: number, .malformedCycle(other.map(String.init)))
      }
    case "pins":
      let digits = words.next()
      guard let digits, let standing = snapshot(digits) else {
        throw TraceError(line: number, .malformedSnapshot(digits.map(String.init)))
      }
      kind = .snapshot(standing: standing)
    default:
      guard keyword.hasPrefix("pin") else {
        throw TraceError(line: number, .unknownEvent(String(keyword)))
      }
      let digits = keyword.dropFirst(3)
      // Exactly `pin1` to `pin10`: no sign, no leading zero.
      guard let pinNumber = Int(digits), let pin = Pin(rawValue: pinNumber),
        digits == String(pinNumber)
      else {
        throw TraceError(line: number, .noSuchPin(String(keyword)))
      }
      switch words.next() {
      case "down": kind = .pin(pin, .down)
      case "up": kind = .pin(pin, .standing)
      case let other: throw TraceError(line: number, .malformedPinLevel(other.map(String.init)))
      }
    }
    if let extra = words.next() {
      throw TraceError(line: number, .trailingText(String(extra)))
    }
    return SensorEvent(kind, at: time)
  }

  private static func snapshot(_ digits: Substring) -> PinSet? {
    guard digits.utf8.count == 10 else { return nil }
    var standing = PinSet.empty
    for (index, byte) in digits.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "1"): standing.insert(Pin.allCases[index])
      case UInt8(ascii: "0"): break
      default: return nil
      }
    }
    return standing
  }
}

/// The whitespace-separated words of a line, stopping at a `#` comment.
private struct Words: IteratorProtocol {
  private let line: Substring
  private var index: Substring.Index

  init(_ line: String) {
    self.line = line[...]
    self.index = line.startIndex
  }

  mutating func next() -> Substring? {
    let utf8 = line.utf8
    while index < utf8.endIndex, Self.isSpace(utf8[index]) {
      index = utf8.index(after: index)
    }
    guard index < utf8.endIndex, utf8[index] != UInt8(ascii: "#") else { return nil }
    let start = index
    while index < utf8.endIndex, !Self.isSpace(utf8[index]), utf8[index] != UInt8(ascii: "#") {
      index = utf8.index(after: index)
    }
    return line[start..<index]
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
