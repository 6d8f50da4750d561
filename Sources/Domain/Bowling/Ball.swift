/// One ball as scored: the throw, the pins it earned, the rack it met and how it is marked.
public struct Ball: Hashable, Sendable {
  /// The delivery as it was recorded.
  public let delivery: Throw
  /// The pins standing when the ball was bowled.
  public let standingBefore: Rack
  /// The pins standing once the ball had done its work, before any new rack was set.
  public let standingAfter: Rack
  /// Where the ball falls in the game.
  public let position: BallPosition

  /// The pins this ball scores: none for a foul.
  public var credited: Int { delivery.credited }

  /// How a score sheet marks this ball.
  public var mark: Mark {
    if delivery.isFoul { return .foul }
    if standingAfter.isCleared { return standingBefore.isFresh ? .strike : .spare }
    return credited == 0 ? .miss : .count(credited)
  }

  /// Whether this ball left a split (USBC rule 2h as documented in `docs/scoring.md`).
  ///
  /// Only the first, legal ball at a fresh rack can leave a split, and only when the pins left
  /// standing are known exactly.
  public var isSplit: Bool {
    guard standingBefore.isFresh, !delivery.isFoul, let leave = standingAfter.pins else {
      return false
    }
    return leave.isSplit
  }
}
