/// The games bowled on a lane one after another: a delivery after a finished game starts the next.
///
/// Finished games are kept, so a lane can show and report every game of its session; a
/// ``LaneSession`` that lasts a season summarises its oldest finished games (``earlier``) so
/// that it holds only what its open games need.
public struct GameSeries: Hashable, Sendable {
  /// A finished game reduced to what reports need: its score and its statistics.
  ///
  /// Held in 10 bytes (a season-long session keeps one per game bowled, tens of thousands):
  /// the total and first-ball pinfall in 16 bits, the counts in 8; values no game can reach
  /// (a total over 65 535, a count over 255) are clamped, as the journal's checkpoint
  /// stores them.
  public struct Summary: Hashable, Sendable {
    private let packedTotal: UInt16
    private let packedFirstBallPinfall: UInt16
    private let strikes, spares, opens, splits, splitConversions, firstBalls: UInt8

    public var total: Int { Int(packedTotal) }

    public var statistics: GameStatistics {
      GameStatistics(
        strikes: Int(strikes), spares: Int(spares), opens: Int(opens), splits: Int(splits),
        splitConversions: Int(splitConversions),
        firstBallPinfall: Int(packedFirstBallPinfall), firstBalls: Int(firstBalls))
    }

    public init(total: Int, statistics: GameStatistics) {
      packedTotal = UInt16(clamping: total)
      packedFirstBallPinfall = UInt16(clamping: statistics.firstBallPinfall)
      strikes = UInt8(clamping: statistics.strikes)
      spares = UInt8(clamping: statistics.spares)
      opens = UInt8(clamping: statistics.opens)
      splits = UInt8(clamping: statistics.splits)
      splitConversions = UInt8(clamping: statistics.splitConversions)
      firstBalls = UInt8(clamping: statistics.firstBalls)
    }

    /// The summary of a finished `game`.
    public init(_ game: Game) {
      self.init(total: game.total, statistics: GameStatistics(game))
    }
  }

  /// Where a recorded ball landed: which game (from 1) and which frame and ball in it.
  public struct Recorded: Hashable, Sendable {
    public let game: Int
    public let position: BallPosition

    public init(game: Int, position: BallPosition) {
      self.game = game
      self.position = position
    }
  }

  /// The games before ``games``, finished and summarised, oldest first: game 1 up to
  /// game `earlier.count`. Empty unless a ``LaneSession`` summarised them.
  public internal(set) var earlier: [Summary] = []

  /// The games kept whole, the last one being bowled or just finished: games
  /// `earlier.count + 1` to ``gameCount``. Never empty.
  public private(set) var games: [Game] = [Game()]

  public init() {}

  /// The number of the current game: how many games the series holds, summarised or whole.
  public var gameCount: Int { earlier.count + games.count }

  /// The series' statistics: the summarised games and those kept whole, games not yet
  /// started left out.
  public var statistics: SeriesStatistics {
    SeriesStatistics(earlier: earlier, games: games.filter { !$0.frames.isEmpty })
  }

  /// Game `number` (from 1) when it is kept whole; `nil` when it is summarised or not bowled.
  public func game(_ number: Int) -> Game? {
    let index = number - earlier.count - 1
    return games.indices.contains(index) ? games[index] : nil
  }

  /// Game `number` as an event about it shows it: whole, or the current game when it was
  /// summarised meanwhile (events name a game just bowled, which is kept whole).
  public func wholeGame(_ number: Int) -> Game { game(number) ?? current }

  /// Summarises the oldest game kept whole; call only when it is finished and not the last.
  mutating func summariseOldest() {
    precondition(games.count > 1 && games[0].isComplete, "only a finished, earlier game is summarised")
    earlier.append(Summary(games.removeFirst()))
  }

  /// The game being bowled, or the one just finished until the next delivery starts another.
  public var current: Game { games[games.count - 1] }

  /// The pins set for the next ball: a fresh rack once the current game is over.
  public var standing: Rack { current.standing ?? .fresh }

  /// Records the next delivery, in a new game when the current one is over.
  ///
  /// - Throws: ``ScoringError`` when the ball cannot have happened; the series is unchanged.
  @discardableResult
  public mutating func record(_ delivery: Throw) throws(ScoringError) -> Recorded {
    let isNewGame = current.isComplete
    guard let position = (isNewGame ? Game() : current).nextBall else {
      preconditionFailure("a new game takes a ball")
    }
    // The current game in place: recording in a copy of it would copy its frames and balls.
    if isNewGame {
      var game = Game()
      try game.record(delivery)
      games.append(game)
    } else {
      try games[games.count - 1].record(delivery)
    }
    return Recorded(game: gameCount, position: position)
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
