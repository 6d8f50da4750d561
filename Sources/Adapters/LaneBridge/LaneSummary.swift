import Bowling

/// One line saying where the games stand, for the operator when a lane stops.
public struct LaneSummary: CustomStringConvertible, Sendable {
  public let series: GameSeries
  /// Every bowler's name and games, when several bowl.
  public let bowlers: [(name: String, series: GameSeries)]

  public init(_ series: GameSeries) {
    self.series = series
    self.bowlers = []
  }

  /// Where a session stands: the lone bowler's games, or each bowler's.
  public init(_ session: LaneSession) {
    self.series = session.series[0]
    self.bowlers = session.bowlers == [""] ? [] : Array(zip(session.bowlers, session.series))
  }

  public var description: String {
    guard !bowlers.isEmpty else { return Self.describe(series) }
    return bowlers.map { "\($0.name): \(Self.describe($0.series))" }.joined(separator: "; ")
  }

  private static func describe(_ series: GameSeries) -> String {
    let game = series.current
    let number = series.gameCount
    if game.isComplete { return "game \(number) complete, total \(game.total)" }
    guard let next = game.nextBall, !game.frames.isEmpty else { return "game \(number) not started" }
    return "game \(number) at \(next), total so far \(game.total)"
  }
}
