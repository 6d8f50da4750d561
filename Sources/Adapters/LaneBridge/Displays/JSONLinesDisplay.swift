import Bowling

/// The lane as JSON lines (`lane run --json`): one object per throw, completed frame and game,
/// and correction, each with its journal `seq`; warnings on their own stream.
public struct JSONLinesDisplay<Output: TextOutputStream, Warnings: TextOutputStream>: LaneDisplay {
  public var output: Output
  public var warnings: Warnings

  public init(output: Output, warnings: Warnings) {
    self.output = output
    self.warnings = warnings
  }

  /// Each object is written whole, newline included, in one `write` to the stream: `print`
  /// writes the newline apart, and a reader of a pipe woke for half a line, then again
  /// (on the gpio-sim rig, under strace, the newline came 2.6-3.5 ms after its line).
  public mutating func show(_ event: LaneEvent, in session: LaneSession) {
    if let line = event.warningLine { return print(line, to: &warnings) }
    if let line = LaneEventReport.line(for: event, in: session) { output.write(line + "\n") }
  }
}
