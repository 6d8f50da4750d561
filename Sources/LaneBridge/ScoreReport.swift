import Bowling
import Scoreboard

/// What `lane score` does: reads ROLL tokens and renders the scored game.
public struct ScoreReport: Sendable {
  /// How the game is written out.
  public enum Format: Hashable, Sendable {
    /// The console scoreboard, coloured or plain.
    case scoreboard(colour: Bool)
    /// One JSON object, a ``GameReport``.
    case json
  }

  /// The scored game.
  public let game: Game

  /// Scores the tokens.
  ///
  /// - Throws: ``ScoreInputError`` when the tokens are malformed or impossible.
  public init(tokens: [String]) throws(ScoreInputError) {
    game = try RollParser.game(tokens)
  }

  /// The game in the format, without a trailing newline.
  ///
  /// - Throws: `EncodingError` from the JSON encoder, which a game report does not raise.
  public func render(_ format: Format) throws -> String {
    switch format {
    case .scoreboard(let colour): Scoreboard(colour: colour).render(game)
    case .json: try GameReport(game).jsonText()
    }
  }
}
