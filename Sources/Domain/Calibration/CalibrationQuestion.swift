import Wiring

/// A yes-or-no question calibration asks the technician.
public enum CalibrationQuestion: Hashable, Sendable {
  /// Whether a full rack stands and nothing on the lane moves, so idle levels can be read.
  case fullRackStanding

  /// Whether the lane has this signal (ball, foul or cycle) wired to the chip.
  case hasSignal(Wiring.Role)

  /// Whether to ask for `role` again after nothing changed; no stops (a pin) or leaves the
  /// signal out.
  case tryAgain(Wiring.Role)

  /// Whether to keep waiting for the lines that moved to be put back as they were.
  case keepWaitingForPutBack

  /// Whether to keep going with a measurement or the deck view that has not finished yet.
  case keepGoing(CalibrationStep)

  /// Whether the deck on screen matched the lane every time.
  case deckMatched
}

extension CalibrationQuestion: CustomStringConvertible {
  /// The question as the technician reads it, ending in `[y/n]`.
  public var description: String {
    let text = switch self {
    case .fullRackStanding:
      "Is a full rack standing, with nothing on the lane moving?"
    case .hasSignal(let role):
      "Does this lane have \(role.article) wired to this chip?"
    case .tryAgain(.pin(let pin)):
      "Try pin \(pin.rawValue) again? (no stops the calibration)"
    case .tryAgain(let role):
      "Try the \(role.signalName) again? (no leaves it out of the wiring)"
    case .keepWaitingForPutBack:
      "Keep waiting for them to be put back? (no stops the calibration)"
    case .keepGoing(let step):
      "Keep going with the \(step.title.lowercased()) step? (no ends it with what it has so far)"
    case .deckMatched:
      "Did the deck on screen match the lane every time?"
    }
    return text + " [y/n]"
  }
}

extension Wiring.Role {
  /// The signal's name in a sentence: `ball detector`, `foul-line detector`, `pinsetter cycle signal`.
  var signalName: String {
    switch self {
    case .pin(let pin): "pin \(pin.rawValue)"
    case .ball: "ball detector"
    case .foul: "foul-line detector"
    case .cycle: "pinsetter cycle signal"
    }
  }

  /// The signal's name with its article: `a ball detector`.
  var article: String {
    if case .pin = self { return signalName }
    return "a \(signalName)"
  }

  /// The name that starts a sentence: `Pin 3`, `The ball detector`.
  var subject: String {
    if case .pin(let pin) = self { return "Pin \(pin.rawValue)" }
    return "The \(signalName)"
  }
}
