import Bowling
import Scoreboard

/// The lane as a log (`lane run` under systemd, `lane simulate --log`): one line per throw,
/// the bowler's scoreboard when a frame completes, each correction with the session's
/// boards; warnings on their own stream.
public struct LogDisplay<Output: TextOutputStream, Warnings: TextOutputStream>: LaneDisplay {
  public var output: Output
  public var warnings: Warnings

  public init(output: Output, warnings: Warnings) {
    self.output = output
    self.warnings = warnings
  }

  public mutating func show(_ event: LaneEvent, in session: LaneSession) {
    if let line = event.warningLine { return print(line, to: &warnings) }
    switch event.kind {
    case .scored(let scored):
      print(Self.line(for: scored), to: &output)
    case .frameCompleted(let bowler, let game, _):
      let name = session.bowlers[bowler]
      print(
        Scoreboard(bowler: name.isEmpty ? nil : name).render(session.series[bowler].wholeGame(game)),
        to: &output)
    case .corrected(let correction, let change, let author):
      print("correction by \(author): \(correction): \(change)", to: &output)
      print(SessionScoreboard().render(session), to: &output)
    case .sessionStarted(let by, _):
      print(SessionStartedText.line(by: by, session: session), to: &output)
    default:
      break
    }
  }

  /// One line for a log: `game 1, frame 3, ball 1: 8 pins (1-2-3-4-5-6-8-9), leave 7-10`.
  public static func line(for scored: ScoredThrow) -> String {
    let detected = scored.detected
    let leave = detected.standingBefore.subtracting(detected.knocked)
    var line = scored.bowlerName.isEmpty ? "" : "\(scored.bowlerName), "
    line += "game \(scored.recorded.game), \(scored.recorded.position): "
    line += scored.delivery.isFoul ? "foul" : "\(scored.delivery.credited) pins"
    line += " (\(detected.knocked)), leave \(leave)"
    if !detected.ballDetected { line += ", no ball detected" }
    if detected.isCutShort { line += ", read at the delivery bound" }
    return line
  }
}
