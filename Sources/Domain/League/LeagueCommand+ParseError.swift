extension LeagueCommand {
  /// Why a typed line is not a league command: what is wrong, and the right form.
  public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing but blanks before the reason.
    case empty
    /// The command, its reason left out, is longer than ``LeagueCommand/maximumLength``
    /// characters; it has this many.
    case tooLong(Int)
    /// The line holds a control character (a terminal escape would take over the screens
    /// that show the journal).
    case controlCharacter
    /// A double quote opens a name and nothing closes it.
    case unclosedQuote
    /// The first word is not a verb.
    case unknownVerb(String)
    /// The words after the verb, as typed, do not fit its form.
    case wrongForm(Verb, found: String)
    /// Not a delivery number: a whole number from 1.
    case badDelivery(Verb, String)
    /// A delivery given twice in one move.
    case repeatedDelivery(Int)
    /// Not a pin number from 1 to 10.
    case badPin(String)
    /// A pin given twice.
    case repeatedPin(Int)
    /// Not a whole number where the verb takes one.
    case badNumber(Verb, String)
    /// A place the night does not have; `lineups` holds each team's number of places.
    case noSuchPlace(String, lineups: [Int])
    /// A name nobody bowling tonight goes by; `candidates` are those who do, with their
    /// places (`1.1 Ana`).
    case unknownName(String, candidates: [String])
    /// A name more than one place goes by; `candidates` are those places (`1.1 Ana`).
    case ambiguousName(String, candidates: [String])
    /// A substitute's name the night cannot hold: blank, or with a comma.
    case badName(String)
    /// No reason where one is required.
    case missingReason
    /// A reason that is blank, longer than ``LeagueCommand/maximumReasonLength`` characters
    /// or holds a control character.
    case badReason
    /// A reason typed after the command where it is given apart (the `why` of a request).
    case reasonTwice

    public var description: String {
      switch self {
      case .empty:
        "no command given; \(LeagueCommand.summary)"
      case .tooLong(let count):
        "the command is \(count) characters long; a command is at most \(LeagueCommand.maximumLength)"
      case .controlCharacter:
        "the line holds a control character (a terminal escape?); type the command as plain text"
      case .unclosedQuote:
        "a double quote opens a name and nothing closes it; write a quoted name as \"Ana Maria\""
      case .unknownVerb(let word):
        "'\(word)' is not a league command; \(LeagueCommand.summary)"
      case .wrongForm(let verb, let found):
        (found.isEmpty ? "\(verb.rawValue) needs more" : "'\(verb.rawValue) \(found)' does not fit")
          + Self.rightForm(verb)
      case .badDelivery(let verb, let text):
        "'\(text)' is not a delivery number (1 for the night's first ball, and so on)" + Self.rightForm(verb)
      case .repeatedDelivery(let number):
        "delivery \(number) is given twice" + Self.rightForm(.move)
      case .badPin(let text):
        "'\(text)' is not a pin number from 1 to 10" + Self.rightForm(.pins)
      case .repeatedPin(let number):
        "pin \(number) is given twice" + Self.rightForm(.pins)
      case .badNumber(let verb, let text):
        "'\(text)' is not a whole number" + Self.rightForm(verb)
      case .noSuchPlace(let text, let lineups):
        "the night has no place \(text): "
          + lineups.enumerated().map { "team \($0.offset + 1) has places \($0.offset + 1).1 to \($0.offset + 1).\($0.element)" }
          .joined(separator: ", ")
      case .unknownName(let name, let candidates):
        "nobody bowling tonight is called '\(name)'; "
          + (candidates.isEmpty ? "name the place, e.g. 1.2" : "the bowlers are \(candidates.joined(separator: ", "))")
      case .ambiguousName(let name, let candidates):
        "'\(name)' could be \(candidates.joined(separator: " or ")); name the place, e.g. "
          + (candidates.first.map { String($0.prefix { $0 != " " }) } ?? "1.2")
      case .badName(let name):
        "'\(name)' cannot be a substitute's name: a name is not blank and holds no comma"
          + Self.rightForm(.substitute)
      case .missingReason:
        "say why: a league correction is journalled with its reason, e.g. 'foul 12; the foul light missed it'"
      case .badReason:
        "a reason is 1 to \(LeagueCommand.maximumReasonLength) characters, not all blank, without control characters"
      case .reasonTwice:
        "the reason goes in why alone; give the command without '; …'"
      }
    }

    /// The verb's form and an example, as the end of a message.
    private static func rightForm(_ verb: Verb) -> String {
      "; write \(verb.form), e.g. \(verb.example)"
    }
  }
}
