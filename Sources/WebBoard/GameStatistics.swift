import Bowling

/// What a desk tells a bowler about a game: strikes, spares, open frames, splits made and
/// converted, fouls and the first-ball average.
public struct GameStatistics: Codable, Hashable, Sendable {
  public var strikes: Int
  public var spares: Int
  /// Complete frames with neither a strike nor a spare.
  public var openFrames: Int
  /// First balls that left a split.
  public var splits: Int
  /// Splits whose frame was spared.
  public var splitsConverted: Int
  public var fouls: Int
  /// The pins credited to first balls at fresh racks, averaged, to one decimal.
  public var firstBallAverage: Double

  public init(_ game: Game) {
    let balls = game.balls
    strikes = balls.count { $0.mark == .strike }
    spares = balls.count { $0.mark == .spare }
    fouls = balls.count { $0.delivery.isFoul }
    openFrames = game.frames.count { frame in
      frame.isComplete && !frame.balls.contains { $0.mark == .strike || $0.mark == .spare }
    }
    var splits = 0
    var converted = 0
    for (index, ball) in balls.enumerated() where ball.isSplit {
      splits += 1
      if index + 1 < balls.count, balls[index + 1].mark == .spare { converted += 1 }
    }
    self.splits = splits
    splitsConverted = converted
    let first = balls.filter(\.standingBefore.isFresh)
    let pins = first.reduce(0) { $0 + $1.credited }
    firstBallAverage =
      first.isEmpty ? 0 : (Double(pins) / Double(first.count) * 10).rounded() / 10
  }
}
