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
    var line = line
    let result = line.withUTF8 { TraceLineParser.parse($0, number: number) }
    return try result.get()
  }
}
