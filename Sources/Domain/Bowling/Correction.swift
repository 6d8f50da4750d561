/// A lane operator's fix to the scores: what the sensors or the bowler got wrong.
///
/// Every correction but ``undo`` acts on the last delivery that counts; to fix an earlier
/// one, undo back to it first.
public enum Correction: Hashable, Sendable {
  /// The last delivery knocked down exactly these pins (a sensor misread them).
  case setPins(PinSet)
  /// The last delivery was a foul (`true`) or was not (`false`).
  case foul(Bool)
  /// The last delivery does not count at all and is bowled again (USBC Rule 8): the pins
  /// are respotted as they stood before it.
  case deadBall
  /// Takes back the last delivery or correction that changed the scores.
  case undo
}

extension Correction: CustomStringConvertible {
  /// What the operator asked for, in a few words: `pins 1-2-3`, `foul`, `dead ball`, `undo`.
  public var description: String {
    switch self {
    case .setPins(let pins): "pins \(pins)"
    case .foul(true): "foul"
    case .foul(false): "no foul"
    case .deadBall: "dead ball"
    case .undo: "undo"
    }
  }
}
