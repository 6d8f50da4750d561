import Bowling
import Scoreboard

/// What `lane simulate` prints once the run is over: every game's scoreboard, or one
/// ``SimulationReport`` as JSON; warnings on their own stream as they happen.
public struct RunReportDisplay<Output: TextOutputStream, Warnings: TextOutputStream>: LaneDisplay {
  /// How the report is written.
  public enum Form: Hashable, Sendable {
    /// The scoreboard of every game, each headed with its number (and bowler).
    case scoreboards(colour: Bool)
    /// One ``SimulationReport`` object.
    case json
  }

  public var output: Output
  public var warnings: Warnings
  public let form: Form
  /// The throws scored so far, for the JSON report.
  private var scored: [ScoredThrow] = []

  public init(_ form: Form, output: Output, warnings: Warnings) {
    self.form = form
    self.output = output
    self.warnings = warnings
  }

  /// - Throws: `EncodingError` if the JSON encoder fails, which plain numbers do not.
  public mutating func show(_ event: LaneEvent, in session: LaneSession) throws {
    if let line = event.warningLine { print(line, to: &warnings) }
    switch (event.kind, form) {
    case (.scored(let throwScored), .json):
      scored.append(throwScored)
    case (.status(.sensorEnded), _), (.status(.stopped), _):
      switch form {
      case .scoreboards(let colour):
        print(Self.scoreboards(of: session, colour: colour), to: &output)
      case .json:
        print(try SimulationReport(throws: scored, session: session).jsonText(), to: &output)
      }
    default:
      break
    }
  }

  /// Every game's scoreboard, each headed with its number when there are several, and with
  /// its bowler's name when there are several bowlers.
  static func scoreboards(of session: LaneSession, colour: Bool) -> String {
    if session.bowlers == [""] { return scoreboards(of: session.series[0], colour: colour) }
    return session.bowlers.indices.flatMap { index in
      session.series[index].games.enumerated().filter { !$1.frames.isEmpty }.map { number, game in
        "\(session.bowlers[index]), game \(number + 1)\n" + Scoreboard(colour: colour).render(game)
      }
    }.joined(separator: "\n")
  }

  /// Every game's scoreboard, each headed with its number when there are several.
  static func scoreboards(of series: GameSeries, colour: Bool) -> String {
    let games = series.games.filter { !$0.frames.isEmpty }
    guard games.count > 1 else { return Scoreboard(colour: colour).render(series.current) }
    return games.enumerated().map { index, game in
      "Game \(index + 1)\n" + Scoreboard(colour: colour).render(game)
    }.joined(separator: "\n")
  }
}
