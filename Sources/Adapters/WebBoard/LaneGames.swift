import Bowling
import LaneBridge

/// A lane's finished games with their statistics, for `/lanes/<lane>/games`: every
/// bowler's complete games, in the order they were finished.
public struct LaneGames: Codable, Hashable, Sendable {
  /// One finished game.
  public struct Finished: Codable, Hashable, Sendable {
    public var bowler: String
    public var game: LaneBoard.Game
    /// The same statistics `lane score --json` and `lane simulate --json` print
    /// (docs/scoring.md).
    public var statistics: GameReport.Statistics
  }

  public var schema = LaneBoard.schema
  public var lane: String
  /// The journal sequence number the list is up to.
  public var sequence: Int
  public var games: [Finished]

  /// The finished games of a session.
  ///
  /// Games are listed by game number, then in bowling order: the order a lane finishes them.
  public init(lane: String, session: LaneSession, sequence: Int) {
    self.lane = lane
    self.sequence = sequence
    var games: [Finished] = []
    // Games a long session summarised (GameSeries.earlier) are not listed: only whole ones.
    let rounds = session.series.map(\.gameCount).max() ?? 0
    for round in 0..<rounds {
      for (name, series) in zip(session.bowlers, session.series) {
        guard let game = series.game(round + 1) else { continue }
        guard game.isComplete else { continue }
        games.append(
          Finished(
            bowler: name, game: LaneBoard.Game(game, number: round + 1),
            statistics: GameReport.Statistics(GameStatistics(game))))
      }
    }
    self.games = games
  }
}
