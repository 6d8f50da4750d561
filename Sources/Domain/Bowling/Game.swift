/// A game of ten-pin bowling scored by USBC rules, one ball at a time.
///
/// Balls are validated as they are recorded; an impossible ball is rejected and leaves the
/// game unchanged.
public struct Game: Hashable, Sendable {
  /// The frames bowled so far, the last one possibly still in progress.
  public private(set) var frames: [Frame] = []
  /// The pins set for the next ball, or `nil` once the game is over.
  public private(set) var standing: Rack? = .fresh

  /// An empty game waiting for its first ball.
  public init() {}

  /// A game with these deliveries recorded in order.
  ///
  /// - Throws: The first ``ScoringError`` a delivery raises.
  public init(_ deliveries: [Throw]) throws(ScoringError) {
    for delivery in deliveries {
      try record(delivery)
    }
  }

  /// Whether the tenth frame is finished.
  public var isComplete: Bool { standing == nil }

  /// Where the next ball falls, or `nil` once the game is over.
  public var nextBall: BallPosition? {
    guard let last = frames.last else { return BallPosition(frame: 1, ball: 1) }
    if !last.isComplete { return BallPosition(frame: last.number, ball: last.balls.count + 1) }
    return last.isTenth ? nil : BallPosition(frame: last.number + 1, ball: 1)
  }

  /// The score so far: the last running total that can be computed, 0 if none can.
  public var total: Int { frames.last { $0.cumulative != nil }?.cumulative ?? 0 }

  /// Every ball recorded so far, in order.
  public var balls: [Ball] { frames.flatMap(\.balls) }

  /// The deliveries recorded so far, in order.
  public var deliveries: [Throw] { balls.map(\.delivery) }

  /// Records the next ball.
  ///
  /// - Throws: ``ScoringError`` when the ball cannot have happened: a count outside 0 to 10,
  ///   more pins than were standing, pins that were not standing, or a ball after the game.
  public mutating func record(_ delivery: Throw) throws(ScoringError) {
    let (position, rack) = try nextBall(for: delivery)
    let ball = Ball(
      delivery: delivery,
      standingBefore: rack,
      standingAfter: rack.leave(after: delivery),
      position: position
    )
    if position.ball == 1 { frames.append(Frame(number: position.frame)) }
    frames[frames.count - 1].balls.append(ball)
    standing = isCompleteAfterRecording ? nil : Self.rack(after: ball)
    updateRunningTotals()
  }

  /// Checks that the next ball could be `delivery`, recording nothing: ``record(_:)``
  /// throws exactly this for it.
  ///
  /// - Throws: ``ScoringError`` when the ball cannot have happened.
  func check(_ delivery: Throw) throws(ScoringError) {
    _ = try nextBall(for: delivery)
  }

  /// Where `delivery` would fall and the rack it would meet, once checked against both.
  private func nextBall(for delivery: Throw) throws(ScoringError) -> (BallPosition, Rack) {
    guard let position = nextBall, let rack = standing else {
      let tenth = frames.last?.balls.count ?? 0
      throw .gameOver(at: BallPosition(frame: 10, ball: tenth + 1))
    }
    try Self.validate(delivery, against: rack, at: position)
    return (position, rack)
  }

  private var isCompleteAfterRecording: Bool {
    guard let last = frames.last else { return false }
    return last.isTenth && last.isComplete
  }

  /// The rack set for the ball after this one.
  ///
  /// A cleared rack, or a frame's last ball, brings a fresh rack; a first-ball foul brings a
  /// full rack again for the second ball; otherwise the leave stays for the next ball.
  private static func rack(after ball: Ball) -> Rack {
    if ball.standingAfter.isCleared && !ball.delivery.isFoul { return .fresh }
    guard ball.standingBefore.isFresh else { return .fresh }
    return ball.delivery.isFoul ? .reset : ball.standingAfter
  }

  private static func validate(
    _ delivery: Throw, against rack: Rack, at position: BallPosition
  ) throws(ScoringError) {
    let down = delivery.pinsDown
    if down < 0 { throw .negativeCount(down, at: position) }
    if down > 10 { throw .countAboveTen(down, at: position) }
    if let standing = rack.pins, let knocked = delivery.knockedPins,
      !knocked.isSubset(of: standing)
    {
      throw .pinsNotStanding(knocked.subtracting(standing), standing: standing, at: position)
    }
    if down > rack.count {
      throw .moreThanStanding(knocked: down, standing: rack.count, at: position)
    }
  }

  /// Recomputes every frame's running total from the credited pins of all balls.
  ///
  /// Reads each bonus ball where it lies, in the frames after, rather than listing every
  /// ball first: a replay records a ball per delivery, and the list was most of the cost.
  private mutating func updateRunningTotals() {
    var runningTotal: Int? = 0
    for index in frames.indices {
      let score = self.score(ofFrameAt: index)
      runningTotal = runningTotal.flatMap { total in score.map { total + $0 } }
      frames[index].cumulative = runningTotal
    }
  }

  /// The points of the frame at `index` with its bonus, or `nil` while a ball it needs is
  /// still to come.
  private func score(ofFrameAt index: Int) -> Int? {
    let frame = frames[index]
    guard frame.isComplete else { return nil }
    var needed = frame.isTenth ? 0 : frame.isStrike ? 2 : frame.isSpare ? 1 : 0
    var points = frame.pinfall
    var next = index + 1
    while needed > 0 {
      guard next < frames.count else { return nil }
      for ball in frames[next].balls.prefix(needed) {
        points += ball.credited
        needed -= 1
      }
      next += 1
    }
    return points
  }
}
