import Bowling

/// Why `lane score` could not read its command line: the input is malformed, not impossible.
public enum RollError: Error, Hashable, Sendable {
  /// No rolls were given.
  case noRolls
  /// An empty argument.
  case emptyToken
  /// Digits that make a number above 10.
  case countAboveTen(token: String)
  /// A character that is neither a digit nor one of `X x / - F`.
  case unknownCharacter(Character, token: String)
  /// A `/` where no earlier ball in the frame left pins to spare.
  case spareWithoutFirstBall(token: String, at: BallPosition)
}

extension RollError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .noRolls:
      "no rolls given; pass the balls in order, e.g. lane score X 7/ 9- F5"
    case .emptyToken:
      "an empty roll; each roll is a pin count 0-10 or marks X / - F"
    case .countAboveTen(let token):
      "roll '\(token)' is not a pin count; counts run from 0 to 10"
    case .unknownCharacter(let character, let token):
      "roll '\(token)': '\(character)' is not a pin count or a mark (X, /, -, F)"
    case .spareWithoutFirstBall(let token, let position):
      "roll '\(token)' at \(position): '/' needs a first ball in the frame to spare"
    }
  }
}
