import Bowling
import LaneSensing

/// Something on the lane that needs the operator's attention, with the time it happened.
public enum LaneWarning: Hashable, Sendable {
  /// The throw detector met something its rules do not settle cleanly.
  case detector(ThrowDetector.Warning)
  /// The deck reported pins down that the game had not set for this ball; they were not
  /// credited.
  case pinsAlreadyDown(PinSet, at: SensorInstant)
  /// The scoring engine refused a detected delivery.
  case notScored(ScoringError, at: SensorInstant)
}

extension LaneWarning: CustomStringConvertible {
  /// One line for the operator: when, what happened and what was done about it.
  public var description: String {
    switch self {
    case .detector(let warning):
      warning.description
    case .pinsAlreadyDown(let pins, let time):
      // One interpolation, not three joined: a replay can warn thousands of times.
      """
      at \(time.secondsText)s: the deck reported \(pins.count == 1 ? "pin" : "pins") \(pins) \
      down, but the game had not set \(pins.count == 1 ? "it" : "them") for this ball; \
      not credited (check that sensor)
      """
    case .notScored(let error, let time):
      "at \(time.secondsText)s: the throw was not scored: \(error)"
    }
  }
}
