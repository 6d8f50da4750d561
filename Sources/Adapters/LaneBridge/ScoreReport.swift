import Bowling
import Scoreboard

/// What `lane score` does: reads ROLL tokens and renders the scored games and their series.
public struct ScoreReport: Sendable {
  /// How the games are written out.
  public enum Format: Hashable, Sendable {
    /// The console scoreboards with statistics, coloured or plain.
    case scoreboard(colour: Bool)
    /// One JSON object: a ``GameReport`` for one game, games and series for several.
    case json
  }

  /// The scored games, in order.
  public let games: [Game]

  /// Scores the tokens.
  ///
  /// - Throws: ``ScoreInputError`` when the tokens are malformed or impossible.
  public init(tokens: [String]) throws(ScoreInputError) {
    games = try RollParser.games(tokens)
  }

  /// The first game.
  public var game: Game { games[0] }

  /// The games in the format, without a trailing newline.
  ///
  /// - Throws: `EncodingError` from the JSON encoder, which a game report does not raise.
  public func render(_ format: Format) throws -> String {
    switch format {
    case .scoreboard(let colour): boards(colour: colour)
    case .json: try json()
    }
  }

  /// Each game's board and statistics line; for several games each headed `Game N` and the
  /// series line last.
  private func boards(colour: Bool) -> String {
    let board = Scoreboard(colour: colour)
    let single = games.count == 1
    var blocks = games.enumerated().map { index, game in
      (single ? "" : "Game \(index + 1)\n") + board.render(game) + "\n"
        + board.render(GameStatistics(game))
    }
    if !single { blocks.append(board.render(SeriesStatistics(games))) }
    return blocks.joined(separator: "\n\n")
  }

  private func json() throws -> String {
    guard games.count > 1 else { return try GameReport(game).jsonText() }
    return try JSONLine.text(SeriesReport(games))
  }
}

extension ScoreReport {
  /// Several games as JSON: `{"games": [<GameReport>, ...], "series": {"games": 3,
  /// "completeGames": 3, "total": 450, "average": 150}}`.
  struct SeriesReport: Encodable {
    struct Series: Encodable {
      let games: Int
      let completeGames: Int
      let total: Int
      let average: Double?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(games, forKey: .games)
        try container.encode(completeGames, forKey: .completeGames)
        try container.encode(total, forKey: .total)
        try container.encode(average, forKey: .average)
      }

      enum CodingKeys: String, CodingKey { case games, completeGames, total, average }
    }

    let games: [GameReport]
    let series: Series

    init(_ games: [Game]) {
      self.games = games.map(GameReport.init)
      let statistics = SeriesStatistics(games)
      series = Series(
        games: statistics.games, completeGames: statistics.completeGames,
        total: statistics.total,
        average: statistics.average.map(GameReport.Statistics.hundredths))
    }
  }
}
