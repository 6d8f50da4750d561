import Bowling

/// Why `lane score` could not read its command line: the input is malformed, not impossible.
public enum RollError: Error, Hashable, Sendable {
  /// No rolls were given.
  case noRolls
  /// A game separator (`,` or `--game`) with no rolls on one side.
  case emptyGame
  /// An empty argument.
  case emptyToken
  /// An option `lane score` does not know.
  case unknownOption(String)
  /// `-` and digits: a negative count or a miss and single digits.
  case negativeNumber(token: String)
  /// Digits that read two ways: `07` (7, or 0 then 7), `X10` (a ten, or 1 then 0).
  case ambiguousDigits(token: String, digits: String)
  /// A character that is neither a digit nor one of `X x / - F f`.
  case unknownCharacter(Character, token: String)
  /// A `/` where no earlier ball in the frame left pins to spare.
  case spareWithoutFirstBall(token: String)
  /// A `|` before the frame it closes is finished.
  case pipeInsideFrame(token: String, frame: Int)
  /// Several games where one was expected.
  case severalGames(Int)
}

extension RollError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .noRolls:
      "no rolls given; pass the balls in order, e.g. lane score X 7/ 9- F5"
    case .emptyGame:
      "a game with no rolls; separate games with ',' or --game, e.g. lane score X X , 9- 7/"
    case .emptyToken:
      "an empty roll; each roll is a pin count 0-10 or marks X / - F"
    case .unknownOption(let option):
      "unknown option \(Self.quoted(option)); lane score takes --json and --game"
    case .negativeNumber(let token):
      "roll \(Self.quoted(token)) reads two ways: a negative count, which no ball makes, or a "
        + "miss then single balls; write them apart, e.g. "
        + Self.quoted(token.map(String.init).joined(separator: " "))
    case .ambiguousDigits(let token, let digits):
      "roll \(Self.quoted(token)) reads two ways: \(Self.quoted(digits)) is one count of "
        + "\(Int(digits) ?? 0) or single balls \(digits.map(String.init).joined(separator: " "))"
        + "; put spaces between the balls you mean"
    case .unknownCharacter(let character, let token):
      "roll \(Self.quoted(token)): \(Self.quoted(String(character))) is not a pin count or a "
        + "mark (X, /, -, F)"
    case .spareWithoutFirstBall(let token):
      "roll \(Self.quoted(token)): '/' needs a first ball in the frame to spare"
    case .pipeInsideFrame(let token, let frame):
      "roll \(Self.quoted(token)): '|' comes before frame \(frame) is finished; a frame ends "
        + "with a strike or its second ball"
    case .severalGames(let count):
      "\(count) games given where one was expected; leave out ',' and --game"
    }
  }

  /// The longest stretch of a user's input quoted in a message, in characters.
  public static let quoteLimit = 40

  /// The text in single quotes, invisible characters escaped (`\u{200B}`), cut to
  /// ``quoteLimit`` characters with the full length named.
  public static func quoted(_ text: String) -> String {
    var shown = ""
    var count = 0
    var isCut = false
    for character in text {
      if count == quoteLimit {
        isCut = true
        break
      }
      shown += escaped(character)
      count += 1
    }
    return isCut ? "'\(shown)…' (\(text.count) characters)" : "'\(shown)'"
  }

  /// A visible character as itself, anything invisible or control as `\u{…}` escapes.
  private static func escaped(_ character: Character) -> String {
    let isVisible = character.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
        .unassigned, .spaceSeparator, .nonspacingMark, .enclosingMark:
        return false
      default:
        return true
      }
    }
    if character == " " || (isVisible && character != "'" && character != "\\") {
      return String(character)
    }
    return character.unicodeScalars.map { scalar in
      "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }.joined()
  }
}
