import LaneSensing

/// The events of a ``TraceFile``, parsed from its bytes one line at a time.
///
/// What `TraceReader` does for lines given as strings, without a string per line: the same
/// format, the same checks and the same errors, plus the file's own (a line too long, a
/// failed read).
struct TraceEventStream {
  let file: TraceFile
  private var previousTime: SensorInstant?
  /// The number of the line the last event came from (0 before the first).
  private(set) var lineNumber = 0

  init(file: TraceFile) {
    self.file = file
  }

  /// The next event in the trace, or `nil` at its end.
  ///
  /// - Throws: `TraceError` for the first line that does not follow the format or cannot
  ///   be read.
  mutating func nextEvent() throws(TraceError) -> SensorEvent? {
    while true {
      let line: UnsafeBufferPointer<UInt8>
      do {
        guard let bytes = try file.nextLineBytes() else { return nil }
        line = bytes
      } catch {
        switch error {
        case .lineTooLong(let limit):
          throw TraceError(line: lineNumber + 1, .lineTooLong(limit: limit))
        case .unreadable(let errno):
          throw TraceError(line: lineNumber + 1, .unreadable(errno: errno))
        }
      }
      lineNumber += 1
      guard let event = try TraceLineParser.parse(line, number: lineNumber).get() else {
        continue
      }
      if let previousTime, event.time < previousTime {
        throw TraceError(
          line: lineNumber, .timeWentBackwards(previous: previousTime, found: event.time))
      }
      previousTime = event.time
      return event
    }
  }
}
