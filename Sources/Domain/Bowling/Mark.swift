/// How a ball is marked on a score sheet.
public enum Mark: Hashable, Sendable {
  /// All ten pins of a fresh rack with one ball.
  case strike
  /// The rest of a rack with the second ball at it.
  case spare
  /// A legal ball that knocked no pins down.
  case miss
  /// A foul: the ball counts, its pins do not.
  case foul
  /// A legal ball that knocked down this many pins (1 to 9) without striking or sparing.
  case count(Int)

  /// The symbol a score sheet shows: `X`, `/`, `-`, `F` or the pin count.
  public var symbol: String {
    switch self {
    case .strike: "X"
    case .spare: "/"
    case .miss: "-"
    case .foul: "F"
    case .count(let pins): String(pins)
    }
  }
}

extension Mark: CustomStringConvertible {
  public var description: String { symbol }
}
