import Bowling
import Scoreboard

/// The lane on a terminal (`lane run`, `lane simulate --realtime`): the games and the pin deck
/// redrawn in place after every change, the last message under them; warnings on their own
/// stream.
public struct ConsoleBoardDisplay<Output: TextOutputStream, Warnings: TextOutputStream>: LaneDisplay {
  public var output: Output
  public var warnings: Warnings
  public var colour: Bool
  /// The pins standing, as the deck last showed them.
  public private(set) var standing = PinSet.full
  /// The message under the deck (a correction, a refused command), until the next throw.
  public private(set) var notice: String?

  /// Moves the cursor home and clears the terminal: each screen starts with it.
  public static var clearScreen: String { "\u{1B}[H\u{1B}[2J" }

  public init(output: Output, warnings: Warnings, colour: Bool) {
    self.output = output
    self.warnings = warnings
    self.colour = colour
  }

  public mutating func show(_ event: LaneEvent, in session: LaneSession) {
    switch event.kind {
    case .deckChanged(let standing):
      self.standing = standing
    case .scored(let scored):
      standing = scored.detected.standingBefore.subtracting(scored.detected.knocked)
      notice = nil
    case .corrected(let correction, let change, let author):
      notice = "correction by \(author): \(correction): \(change)"
    case .notice(let message):
      notice = message
    case .sessionStarted(let by, _):
      notice = SessionStartedText.line(by: by, session: session)
    default:
      if let line = event.warningLine { print(line, to: &warnings) }
      return
    }
    redraw(session)
  }

  private mutating func redraw(_ session: LaneSession) {
    let games =
      session.bowlers == [""]
      ? "Game \(session.series[0].gameCount)\n" + Scoreboard(colour: colour).render(session.series[0].current)
      : SessionScoreboard(colour: colour).render(session)
    var screen = Self.clearScreen + games + "\n\n" + PinDeck(colour: colour).render(standing: standing)
    if let notice { screen += "\n" + notice }
    print(screen, to: &output)
  }
}
