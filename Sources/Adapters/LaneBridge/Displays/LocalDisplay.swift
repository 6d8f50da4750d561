/// How a lane shows its events where it runs: the display `lane run` and `lane simulate`
/// choose from their flags and from whether standard output is a terminal.
public enum LocalDisplay: Hashable, Sendable {
  /// The board and pin deck redrawn in place (``ConsoleBoardDisplay``).
  case board(colour: Bool)
  /// One line per throw (``LogDisplay``).
  case log
  /// One JSON object per throw, frame and game (``JSONLinesDisplay``).
  case jsonLines
  /// Everything at the end: every game's scoreboard, or one JSON object
  /// (``RunReportDisplay``).
  case report(scoreboards: Bool, colour: Bool)

  /// `lane run`'s: JSON lines with `--json`, else the board on a terminal, else a log.
  public static func live(json: Bool, terminal: Bool, colour: Bool) -> LocalDisplay {
    if json { return .jsonLines }
    return terminal ? .board(colour: colour) : .log
  }

  /// `lane simulate`'s: the report at the end (JSON with `--json`), unless the replay is
  /// paced (`--realtime`, `--speed`) or logged (`--log`), which show each throw as `lane run`
  /// does.
  public static func replay(json: Bool, log: Bool, paced: Bool, terminal: Bool, colour: Bool) -> LocalDisplay {
    if json { return .report(scoreboards: false, colour: false) }
    if log || (paced && !terminal) { return .log }
    return paced ? .board(colour: colour) : .report(scoreboards: true, colour: colour)
  }

  /// The display, writing to `output` and `warnings`.
  public func display(
    output: some TextOutputStream, warnings: some TextOutputStream
  ) -> any LaneDisplay {
    switch self {
    case .board(let colour): ConsoleBoardDisplay(output: output, warnings: warnings, colour: colour)
    case .log: LogDisplay(output: output, warnings: warnings)
    case .jsonLines: JSONLinesDisplay(output: output, warnings: warnings)
    case .report(let scoreboards, let colour):
      RunReportDisplay(scoreboards ? .scoreboards(colour: colour) : .json, output: output, warnings: warnings)
    }
  }
}
