import Bowling

/// A game as JSON: each frame's credited pins and running total, the total and completion.
///
/// Encodes as `{"frames": [{"rolls": [7, 3], "cumulative": 19, "marks": ["7", "/"],
/// "splits": [false, false]}, ...], "total": 19, "complete": false, "statistics": {...}}`.
/// `cumulative` is `null`, never missing, while it cannot be computed yet.
public struct GameReport: Codable, Hashable, Sendable {
  /// One bowled frame.
  public struct Frame: Codable, Hashable, Sendable {
    /// The pins credited to each ball of the frame (a foul credits 0).
    public var rolls: [Int]
    /// The running total through this frame, or `nil` until it can be computed.
    public var cumulative: Int?
    /// Each ball's score-sheet mark: `X`, `/`, `-`, `F` or its count.
    public var marks: [String]
    /// For each ball, whether it left a split (known only when pins were sensed).
    public var splits: [Bool]

    public init(rolls: [Int], cumulative: Int?, marks: [String], splits: [Bool]) {
      self.rolls = rolls
      self.cumulative = cumulative
      self.marks = marks
      self.splits = splits
    }

    public init(_ frame: Bowling.Frame) {
      self.init(
        rolls: frame.balls.map(\.credited),
        cumulative: frame.cumulative,
        marks: frame.balls.map(\.mark.symbol),
        splits: frame.balls.map(\.isSplit)
      )
    }

    private enum CodingKeys: String, CodingKey {
      case rolls, cumulative, marks, splits
    }

    /// Writes every key, `cumulative` as `null` when unknown rather than leaving it out.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(rolls, forKey: .rolls)
      try container.encode(cumulative, forKey: .cumulative)
      try container.encode(marks, forKey: .marks)
      try container.encode(splits, forKey: .splits)
    }
  }

  /// The frames bowled so far, in order.
  public var frames: [Frame]
  /// The score so far: the last running total that can be computed, 0 if none.
  public var total: Int
  /// Whether the game is over.
  public var complete: Bool
  /// Marks, opens, splits and the first-ball average of the balls so far.
  public var statistics: Statistics

  public init(frames: [Frame], total: Int, complete: Bool, statistics: Statistics) {
    self.frames = frames
    self.total = total
    self.complete = complete
    self.statistics = statistics
  }

  /// The report of a game.
  public init(_ game: Game) {
    self.init(
      frames: game.frames.map(Frame.init), total: game.total, complete: game.isComplete,
      statistics: Statistics(GameStatistics(game)))
  }
}

extension GameReport {
  /// A game's statistics as JSON: `{"strikes": 3, "spares": 2, "opens": 4, "splits": 1,
  /// "splitConversions": 0, "firstBallAverage": 7.83}`, the average `null` before any ball
  /// and rounded to two decimals.
  public struct Statistics: Codable, Hashable, Sendable {
    public var strikes: Int
    public var spares: Int
    public var opens: Int
    public var splits: Int
    public var splitConversions: Int
    public var firstBallAverage: Double?

    public init(_ statistics: GameStatistics) {
      strikes = statistics.strikes
      spares = statistics.spares
      opens = statistics.opens
      splits = statistics.splits
      splitConversions = statistics.splitConversions
      firstBallAverage = statistics.firstBallAverage.map(Self.hundredths)
    }

    private enum CodingKeys: String, CodingKey {
      case strikes, spares, opens, splits, splitConversions, firstBallAverage
    }

    /// Writes every key, `firstBallAverage` as `null` before any ball.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(strikes, forKey: .strikes)
      try container.encode(spares, forKey: .spares)
      try container.encode(opens, forKey: .opens)
      try container.encode(splits, forKey: .splits)
      try container.encode(splitConversions, forKey: .splitConversions)
      try container.encode(firstBallAverage, forKey: .firstBallAverage)
    }

    /// A value rounded to two decimals, as JSON shows averages.
    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
  }
}
