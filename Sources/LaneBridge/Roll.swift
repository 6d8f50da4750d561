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
  /// The command-line token the ball came from, for error messages.
  public let token: String

  public init(_ kind: Kind, token: String) {
    self.kind = kind
    self.token = token
  }

  /// The balls in one token: digits alone are one count (`10`); any other token is one ball per
  /// character (`7/`, `9-`, `F5`, `XX`).
  ///
  /// - Throws: ``RollError`` for an empty token, a count above 10 or an unknown character.
  public static func balls(in token: String) throws(RollError) -> [Roll] {
    if token.isEmpty { throw .emptyToken }
    if token.allSatisfy(\.isASCIIDigit) {
      guard let count = Int(token), count <= 10 else { throw .countAboveTen(token: token) }
      return [Roll(.count(count), token: token)]
    }
    var rolls: [Roll] = []
    for character in token {
      guard let kind = Kind(character) else {
        throw .unknownCharacter(character, token: token)
      }
      rolls.append(Roll(kind, token: token))
    }
    return rolls
  }

  /// The delivery this roll records at a rack.
  ///
  /// - Parameter rack: The pins set for this ball, or `nil` after the game is over.
  /// - Throws: ``RollError/spareWithoutFirstBall(token:at:)`` for `/` at a fresh rack.
  func delivery(at rack: Rack?, position: BallPosition?) throws(RollError) -> Throw {
    switch kind {
    case .count(let pins): return .count(pins)
    case .strike: return .count(10)
    case .miss: return .count(0)
    case .foul: return Throw(.count(0), isFoul: true)
    case .spare:
      // After the game is over any ball is rejected by the game itself, with its position.
      guard let rack, let position else { return .count(0) }
      guard !rack.isFresh else { throw .spareWithoutFirstBall(token: token, at: position) }
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
