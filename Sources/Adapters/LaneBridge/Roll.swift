import Bowling

/// One ball as typed on the `lane score` command line: a pin count or a score-sheet mark.
public struct Roll: Hashable, Sendable {
  /// What the ball says happened.
  public enum Kind: Hashable, Sendable {
    /// A pin count, 0 to 10.
    case count(Int)
    /// `X` or `x`: all ten pins.
    case strike
    /// `/`: the rest of the rack, after a first ball in the frame.
    case spare
    /// `-`: no pins.
    case miss
    /// `F`: a foul, crediting no pins.
    case foul
  }

  public let kind: Kind
  /// The word the ball came from, for error messages.
  public let token: String

  public init(_ kind: Kind, token: String) {
    self.kind = kind
    self.token = token
  }

  /// The delivery this roll records at a rack.
  ///
  /// - Parameter rack: The pins set for this ball, or `nil` after the game is over.
  /// - Throws: ``RollError/spareWithoutFirstBall(token:)`` for `/` at a fresh rack.
  func delivery(at rack: Rack?) throws(RollError) -> Throw {
    switch kind {
    case .count(let pins): return .count(pins)
    case .strike: return .count(10)
    case .miss: return .count(0)
    case .foul: return Throw(.count(0), isFoul: true)
    case .spare:
      // After the game is over any ball is refused by the game itself, with its position.
      guard let rack else { return .count(0) }
      guard !rack.isFresh else { throw .spareWithoutFirstBall(token: token) }
      return .count(rack.count)
    }
  }
}

extension Roll.Kind {
  /// The mark a single character stands for, or `nil` when it is not a mark or digit.
  init?(_ character: Character) {
    switch character {
    case "X", "x": self = .strike
    case "/": self = .spare
    case "-": self = .miss
    case "F", "f": self = .foul
    default:
      guard character.isASCIIDigit, let digit = character.wholeNumberValue else { return nil }
      self = .count(digit)
    }
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
