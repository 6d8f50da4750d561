/// Why a ball cannot be scored where it was bowled.
///
/// Every case names the frame and ball, so a lane operator can find and fix the entry.
public enum ScoringError: Error, Hashable, Sendable {
  /// A pin count below zero.
  case negativeCount(Int, at: BallPosition)
  /// A pin count above the ten pins of a full rack.
  case countAboveTen(Int, at: BallPosition)
  /// More pins knocked down than were standing.
  case moreThanStanding(knocked: Int, standing: Int, at: BallPosition)
  /// Pins reported down that were not standing when the ball was bowled.
  case pinsNotStanding(PinSet, standing: PinSet, at: BallPosition)
  /// A ball after the tenth frame was finished.
  case gameOver(at: BallPosition)

  /// Where the rejected ball would have fallen.
  public var position: BallPosition {
    switch self {
    case .negativeCount(_, let position),
      .countAboveTen(_, let position),
      .moreThanStanding(_, _, let position),
      .pinsNotStanding(_, _, let position),
      .gameOver(let position):
      position
    }
  }
}

extension ScoringError: CustomStringConvertible {
  /// A message for the lane operator: where, what is wrong and what would be right.
  public var description: String {
    "\(position): " + reason
  }

  private var reason: String {
    switch self {
    case .negativeCount(let count, _):
      "\(count) is not a pin count; a ball knocks down 0 to 10 pins"
    case .countAboveTen(let count, _):
      "\(count) pins is more than a full rack of 10"
    case .moreThanStanding(let knocked, let standing, _):
      "\(knocked) \(knocked == 1 ? "pin is" : "pins is") more than the \(standing) standing"
    case .pinsNotStanding(let pins, let standing, _):
      "\(pins.count == 1 ? "pin \(pins) was" : "pins \(pins) were") not standing"
        + " (standing: \(standing))"
    case .gameOver:
      "the game is already over; start a new game for this ball"
    }
  }
}
