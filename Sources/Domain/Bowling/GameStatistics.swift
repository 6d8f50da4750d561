/// The numbers a centre prints under a game: marks, opens, splits and the first-ball average.
///
/// Counted from the balls bowled so far, so a game in progress has statistics too.
public struct GameStatistics: Hashable, Sendable {
  /// Balls marked `X`, the tenth frame's bonus strikes included.
  public let strikes: Int
  /// Balls marked `/`, the tenth frame's included.
  public let spares: Int
  /// Finished frames that left pins standing: neither a strike nor a spare (in the tenth,
  /// judged on its first two balls).
  public let opens: Int
  /// Balls that left a split (only known when the pins were sensed).
  public let splits: Int
  /// Splits whose leave the next ball cleared, marked `/`.
  public let splitConversions: Int
  /// The pins credited to the first ball of each frame, summed.
  public let firstBallPinfall: Int
  /// How many frames have a first ball.
  public let firstBalls: Int

  /// Statistics as counted elsewhere (a checkpoint's summary of a finished game).
  public init(
    strikes: Int, spares: Int, opens: Int, splits: Int, splitConversions: Int,
    firstBallPinfall: Int, firstBalls: Int
  ) {
    self.strikes = strikes
    self.spares = spares
    self.opens = opens
    self.splits = splits
    self.splitConversions = splitConversions
    self.firstBallPinfall = firstBallPinfall
    self.firstBalls = firstBalls
  }

  /// The statistics of the balls bowled so far in `game`.
  public init(_ game: Game) {
    var strikes = 0, spares = 0, opens = 0, splits = 0, conversions = 0
    var firstBallPinfall = 0, firstBalls = 0
    for frame in game.frames {
      let balls = frame.balls
      if let first = balls.first {
        firstBalls += 1
        firstBallPinfall += first.credited
      }
      for (index, ball) in balls.enumerated() {
        switch ball.mark {
        case .strike: strikes += 1
        case .spare: spares += 1
        default: break
        }
        if ball.isSplit {
          splits += 1
          if index + 1 < balls.count, balls[index + 1].mark == .spare { conversions += 1 }
        }
      }
      if Self.isOpen(frame) { opens += 1 }
    }
    self.strikes = strikes
    self.spares = spares
    self.opens = opens
    self.splits = splits
    self.splitConversions = conversions
    self.firstBallPinfall = firstBallPinfall
    self.firstBalls = firstBalls
  }

  /// Pins per first ball, or `nil` before the first ball.
  public var firstBallAverage: Double? {
    firstBalls == 0 ? nil : Double(firstBallPinfall) / Double(firstBalls)
  }

  /// Whether the frame's first two balls are in and neither struck nor spared.
  private static func isOpen(_ frame: Frame) -> Bool {
    frame.balls.count >= 2 && !frame.isStrike && !frame.isSpare
  }
}
