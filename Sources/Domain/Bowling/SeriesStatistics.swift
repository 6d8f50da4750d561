/// A bowler's series: several games, their total and their average, as a league sheet shows it.
public struct SeriesStatistics: Hashable, Sendable {
  /// How many games the series holds, finished or not.
  public let games: Int
  /// How many of them are finished.
  public let completeGames: Int
  /// The sum of every game's score so far (its last known running total).
  public let total: Int
  /// The sum of the finished games' scores, from which the average is taken.
  public let completeTotal: Int
  /// The statistics of each game, in order.
  public let perGame: [GameStatistics]

  /// The series of these games, in the order bowled.
  public init(_ games: [Game]) {
    self.init(earlier: [], games: games)
  }

  /// The series of the finished games `earlier`, summarised, followed by `games`.
  public init(earlier: [GameSeries.Summary], games: [Game]) {
    self.games = earlier.count + games.count
    let complete = games.filter(\.isComplete)
    completeGames = earlier.count + complete.count
    let earlierTotal = earlier.reduce(0) { $0 + $1.total }
    total = earlierTotal + games.reduce(0) { $0 + $1.total }
    completeTotal = earlierTotal + complete.reduce(0) { $0 + $1.total }
    perGame = earlier.map(\.statistics) + games.map(GameStatistics.init)
  }

  /// The average of the finished games, or `nil` while none is finished; unfinished games
  /// would pull it down, so they do not count.
  public var average: Double? {
    completeGames == 0 ? nil : Double(completeTotal) / Double(completeGames)
  }
}
