import Bowling

/// A game as JSON: each frame's credited pins and running total, the total and completion.
///
/// Encodes as `{"frames": [{"rolls": [7, 3], "cumulative": 19, "marks": ["7", "/"],
/// "splits": [false, false]}, ...], "total": 19, "complete": false}`. `cumulative` is `null`,
/// never missing, while it cannot be computed yet.
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

  public init(frames: [Frame], total: Int, complete: Bool) {
    self.frames = frames
    self.total = total
    self.complete = complete
  }

  /// The report of a game.
  public init(_ game: Game) {
    self.init(frames: game.frames.map(Frame.init), total: game.total, complete: game.isComplete)
  }
}
