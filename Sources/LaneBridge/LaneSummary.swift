import Bowling

/// One line saying where the games stand, for the operator when a lane stops.
public struct LaneSummary: CustomStringConvertible, Sendable {
  public let series: GameSeries

  public init(_ series: GameSeries) { self.series = series }

  public var description: String {
    let game = series.current
    let number = series.games.count
    if game.isComplete { return "game \(number) complete, total \(game.total)" }
    guard let next = game.nextBall, !game.frames.isEmpty else { return "game \(number) not started" }
    return "game \(number) at \(next), total so far \(game.total)"
  }
}
