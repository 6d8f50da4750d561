import Bowling

/// Reads `lane score` ROLL tokens into a scored game.
public enum RollParser {
  /// The balls the tokens name, in order.
  ///
  /// - Throws: ``RollError`` for no tokens or a token that is not a count or marks.
  public static func rolls(_ tokens: [String]) throws(RollError) -> [Roll] {
    guard !tokens.isEmpty else { throw .noRolls }
    var rolls: [Roll] = []
    for token in tokens {
      rolls += try Roll.balls(in: token)
    }
    return rolls
  }

  /// The game the tokens describe, each `/` read as the rest of the rack it follows.
  ///
  /// - Throws: ``ScoreInputError/usage(_:)`` for malformed tokens or a misplaced `/`,
  ///   ``ScoreInputError/impossible(_:token:)`` for balls that cannot have happened.
  public static func game(_ tokens: [String]) throws(ScoreInputError) -> Game {
    let rolls: [Roll]
    do { rolls = try self.rolls(tokens) } catch { throw .usage(error) }
    var game = Game()
    for roll in rolls {
      let delivery: Throw
      do {
        delivery = try roll.delivery(at: game.standing, position: game.nextBall)
      } catch {
        throw .usage(error)
      }
      do { try game.record(delivery) } catch { throw .impossible(error, token: roll.token) }
    }
    return game
  }
}
