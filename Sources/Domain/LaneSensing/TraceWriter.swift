/// Writes sensor events in the trace format that `TraceReader` reads back unchanged.
public struct TraceWriter<Output: TextOutputStream> {
  /// Where the lines go.
  public private(set) var output: Output
  private var previousTime: SensorInstant?
  /// How many lines have been written, comments included.
  public private(set) var linesWritten = 0

  public init(to output: Output) {
    self.output = output
  }

  /// Writes one event as a line.
  ///
  /// - Throws: `TraceError.Reason.timeWentBackwards` when the event is earlier than the last
  ///   one written, because the reader would reject the file.
  public mutating func write(_ event: SensorEvent) throws(TraceError) {
    if let previousTime, event.time < previousTime {
      throw TraceError(
        line: linesWritten + 1, .timeWentBackwards(previous: previousTime, found: event.time))
    }
    previousTime = event.time
    emit(event.traceLine)
  }

  /// Writes a comment line; each line of `text` becomes a `# ` line.
  public mutating func comment(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      emit(line.isEmpty ? "#" : "# \(line)")
    }
  }

  private mutating func emit(_ line: String) {
    output.write(line)
    output.write("\n")
    linesWritten += 1
  }
}
