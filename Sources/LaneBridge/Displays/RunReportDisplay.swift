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

  /// Every game's scoreboard with its statistics line, each headed with its number when
  /// there are several and with its bowler's name when there are several bowlers; then the
  /// series (per bowler) when there is more than one game.
  static func scoreboards(of session: LaneSession, colour: Bool) -> String {
    let board = Scoreboard(colour: colour)
    func block(_ heading: String?, _ game: Game) -> String {
      (heading.map { $0 + "\n" } ?? "") + board.render(game) + "\n"
        + board.render(GameStatistics(game))
    }
    if session.bowlers == [""] {
      let games = session.series[0].games.filter { !$0.frames.isEmpty }
      guard games.count > 1 else { return block(nil, session.series[0].current) }
      return (games.enumerated().map { block("Game \($0 + 1)", $1) }
        + [board.render(SeriesStatistics(games))]).joined(separator: "\n")
    }
    let blocks = session.bowlers.indices.flatMap { index in
      session.series[index].games.enumerated().filter { !$1.frames.isEmpty }.map { number, game in
        block("\(session.bowlers[index]), game \(number + 1)", game)
      }
    }
    return (blocks + [SessionScoreboard(colour: colour).renderSeries(session)])
      .joined(separator: "\n")
  }
}
