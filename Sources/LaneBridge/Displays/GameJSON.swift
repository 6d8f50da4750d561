import Bowling

/// A game's ``GameReport`` JSON written straight from the game, without building the report
/// or running `JSONEncoder`: the same text `GameReport(game).jsonText()` gives.
///
/// The end-of-run report writes thousands of games; through the encoder they were a tenth
/// of a replay's time. Keys are written sorted, as ``JSONLine`` sorts them; every value is
/// a number, a boolean, `null` or a mark's symbol (`X`, `/`, `-`, `F` or a digit), none of
/// which JSON escapes.
enum GameJSON {
  /// Appends the JSON of `game`'s report to `text`.
  static func append(_ game: Game, to text: inout String) {
    text.append(#"{"complete":"#)
    text.append(game.isComplete ? "true" : "false")
    text.append(#","frames":["#)
    for (index, frame) in game.frames.enumerated() {
      if index > 0 { text.append(",") }
      append(frame, to: &text)
    }
    text.append(#"],"statistics":"#)
    append(GameStatistics(game), to: &text)
    text.append(#","total":"#)
    text.append(String(game.total))
    text.append("}")
  }

  private static func append(_ frame: Frame, to text: inout String) {
    text.append(#"{"cumulative":"#)
    text.append(frame.cumulative.map { String($0) } ?? "null")
    text.append(#","marks":["#)
    for (index, ball) in frame.balls.enumerated() {
      if index > 0 { text.append(",") }
      text.append("\"")
      text.append(ball.mark.symbol)
      text.append("\"")
    }
    text.append(#"],"rolls":["#)
    for (index, ball) in frame.balls.enumerated() {
      if index > 0 { text.append(",") }
      text.append(String(ball.credited))
    }
    text.append(#"],"splits":["#)
    for (index, ball) in frame.balls.enumerated() {
      if index > 0 { text.append(",") }
      text.append(ball.isSplit ? "true" : "false")
    }
    text.append("]}")
  }

  private static func append(_ statistics: GameStatistics, to text: inout String) {
    text.append(#"{"firstBallAverage":"#)
    text.append(
      statistics.firstBallAverage.map { number(GameReport.Statistics.hundredths($0)) } ?? "null")
    text.append(#","opens":"#)
    text.append(String(statistics.opens))
    text.append(#","spares":"#)
    text.append(String(statistics.spares))
    text.append(#","splitConversions":"#)
    text.append(String(statistics.splitConversions))
    text.append(#","splits":"#)
    text.append(String(statistics.splits))
    text.append(#","strikes":"#)
    text.append(String(statistics.strikes))
    text.append("}")
  }

  /// A `Double` as `JSONEncoder` writes it: its `description`, less any `.0`.
  static func number(_ value: Double) -> String {
    let description = value.description
    return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
  }
}
