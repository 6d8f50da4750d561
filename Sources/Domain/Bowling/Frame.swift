/// One of a game's ten frames: its balls and, once it can be computed, the running total.
public struct Frame: Hashable, Sendable {
  /// The frame number, 1 to 10.
  public let number: Int
  /// The balls bowled in this frame so far, in order.
  public internal(set) var balls: [Ball]
  /// The game's running total through this frame, or `nil` while a bonus ball or a ball of
  /// this frame is still to come.
  public internal(set) var cumulative: Int?

  init(number: Int) {
    self.number = number
    self.balls = []
    self.cumulative = nil
  }

  /// Whether this is the tenth frame, which holds its own bonus balls.
  public var isTenth: Bool { number == 10 }

  /// Whether the first ball cleared the rack.
  public var isStrike: Bool { balls.first?.mark == .strike }

  /// Whether the second ball cleared what the first ball left.
  public var isSpare: Bool { balls.count >= 2 && balls[1].mark == .spare }

  /// The pins credited to this frame's own balls, without any bonus from later frames.
  public var pinfall: Int { balls.reduce(0) { $0 + $1.credited } }

  /// Whether no further ball belongs to this frame.
  ///
  /// Frames 1 to 9 end with a strike or a second ball. The tenth ends after two balls unless
  /// they strike or spare, and after a third ball otherwise.
  public var isComplete: Bool {
    if !isTenth { return isStrike || balls.count == 2 }
    if balls.count == 3 { return true }
    return balls.count == 2 && !isStrike && !isSpare
  }
}
