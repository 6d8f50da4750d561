import Bowling

/// Renders every bowler of a lane session, each above their current game, with the bowler
/// who is up marked `>` (and in reverse video when colour is on).
///
/// A session with one unnamed bowler renders exactly as ``Scoreboard`` renders its game.
public struct SessionScoreboard: Sendable {
  /// Whether to highlight with ANSI colour; the command decides from the terminal.
  public var isColoured: Bool

  public init(colour: Bool = false) {
    self.isColoured = colour
  }

  /// The scoreboards of every bowler's current game, lines joined by newlines.
  public func render(_ session: LaneSession) -> String {
    let board = Scoreboard(colour: isColoured)
    guard session.bowlers.count > 1 || !session.bowlers[0].isEmpty else {
      return board.render(session.series[0].current)
    }
    let style = TextStyle(isEnabled: isColoured)
    let up = session.currentBowler
    return session.bowlers.indices.map { index in
      let series = session.series[index]
      let name = "\(session.bowlers[index]), game \(series.gameCount)"
      let header = index == up ? "> " + style.apply(.reverse, to: name) : "  " + name
      return header + "\n" + board.render(series.current)
    }.joined(separator: "\n")
  }
}
