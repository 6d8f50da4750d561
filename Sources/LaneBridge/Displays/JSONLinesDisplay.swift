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

  /// - Throws: `EncodingError` if the encoder fails, which plain numbers and strings do not.
  public mutating func show(_ event: LaneEvent, in session: LaneSession) throws {
    if let line = event.warningLine { return print(line, to: &warnings) }
    if let line = try LaneEventReport.line(for: event, in: session) { print(line, to: &output) }
  }
}
