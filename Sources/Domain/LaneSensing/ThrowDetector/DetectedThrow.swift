import Bowling

/// One delivery the throw detector found on the deck: when, what stood, what fell.
public struct DetectedThrow: Hashable, Sendable {
  /// When the delivery started: the ball event, or the first counted pin-down without one.
  public var start: SensorInstant
  /// When the delivery ended: the deck settled, the pinsetter cycled, or the bound ran out.
  public var end: SensorInstant
  /// The pins standing when the delivery started.
  public var standingBefore: PinSet
  /// The pins standing before that were down when the delivery ended.
  public var knocked: PinSet
  /// The foul line was tripped during the delivery or while the deck waited for it.
  public var isFoul: Bool
  /// The ball detector fired for this delivery; `false` when only falling pins revealed it.
  public var ballDetected: Bool
  /// The deck never settled and the delivery was ended at the configured bound.
  public var isCutShort: Bool

  public init(
    start: SensorInstant, end: SensorInstant, standingBefore: PinSet, knocked: PinSet,
    isFoul: Bool = false, ballDetected: Bool = true, isCutShort: Bool = false
  ) {
    self.start = start
    self.end = end
    self.standingBefore = standingBefore
    self.knocked = knocked
    self.isFoul = isFoul
    self.ballDetected = ballDetected
    self.isCutShort = isCutShort
  }

  /// The delivery as the scoring engine takes it: the pins that fell, and the foul.
  public var `throw`: Throw {
    Throw(.pins(knocked), isFoul: isFoul)
  }
}
