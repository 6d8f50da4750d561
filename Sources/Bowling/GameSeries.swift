/// The games bowled on a lane one after another: a delivery after a finished game starts the next.
///
/// Finished games are kept, so a lane can show and report every game of its session.
public struct GameSeries: Hashable, Sendable {
  /// Where a recorded ball landed: which game (from 1) and which frame and ball in it.
  public struct Recorded: Hashable, Sendable {
    public let game: Int
    public let position: BallPosition

    public init(game: Int, position: BallPosition) {
      self.game = game
      self.position = position
    }
  }

  /// Every game so far, the last one being bowled or just finished. Never empty.
  public private(set) var games: [Game] = [Game()]

  public init() {}

  /// The game being bowled, or the one just finished until the next delivery starts another.
  public var current: Game { games[games.count - 1] }

  /// The pins set for the next ball: a fresh rack once the current game is over.
  public var standing: Rack { current.standing ?? .fresh }

  /// Records the next delivery, in a new game when the current one is over.
  ///
  /// - Throws: ``ScoringError`` when the ball cannot have happened; the series is unchanged.
  @discardableResult
  public mutating func record(_ delivery: Throw) throws(ScoringError) -> Recorded {
    var game = current.isComplete ? Game() : current
    guard let position = game.nextBall else { preconditionFailure("a new game takes a ball") }
    try game.record(delivery)
    if current.isComplete { games.append(game) } else { games[games.count - 1] = game }
    return Recorded(game: games.count, position: position)
  }

  /// Takes back the last delivery recorded, rebuilding only the game it was in.
  ///
  /// Call only when a delivery was recorded; a game that only it started is dropped.
  mutating func removeLast() {
    let kept = Array(current.deliveries.dropLast())
    if kept.isEmpty && games.count > 1 {
      games.removeLast()
      return
    }
    do {
      games[games.count - 1] = try Game(kept)
    } catch {
      preconditionFailure("the deliveries before the last of a game were recorded, so they replay")
    }
  }
}
