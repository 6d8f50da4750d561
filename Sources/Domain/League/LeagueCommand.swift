import Bowling

/// One line a scorer at the pair or the desk types to correct a league night: a
/// ``LeagueCorrection`` or an undo, and why it was made.
///
/// The syntax is a verb, its arguments and an optional reason after a semicolon:
/// `move 12,13 to Ana; bowled out of turn`. Deliveries are the night's numbers (from 1, in
/// the order they were bowled on either lane, ``LeaguePlay/deliveries``). A bowler is a
/// place, `1.2` for team 1, place 2, counting from 1 as people do, or the name of whoever
/// bowls there now (a substitute's once they came in), matched without regard to case when
/// it names one place only. A name of several words may be typed as it is; in double quotes
/// (`"Ana Maria"`, a quote inside doubled: `""`) it may hold anything, a semicolon included.
///
/// The reason follows the first semicolon outside quotes. A semicolon is the separator
/// because nothing else in a command needs one: numbers, pins and places are digits, commas,
/// dashes and dots, and the verbs and keywords are words, so no reason text can be mistaken
/// for part of the command. A word such as `because` would be (a bowler may be called
/// anything), and a name is the one place a semicolon can appear: it is written in quotes
/// (or as its place), which is how ``description`` writes one.
///
/// USBC asks that every correction be journalled with who, when and why: the control socket
/// and the desk require a reason (``ReasonRule/given(_:)`` or ``ReasonRule/required``); the
/// console at the pair may leave it out (``ReasonRule/optional``).
public struct LeagueCommand: Hashable, Sendable {
  /// What the command does to the night.
  public enum Action: Hashable, Sendable {
    /// Makes the correction (``LeaguePlay/correct(_:)``).
    case correct(LeagueCorrection)
    /// Takes back the latest correction (``LeaguePlay/undo()``).
    case undo
  }

  /// Where a command's reason comes from and whether it must have one.
  public enum ReasonRule: Hashable, Sendable {
    /// The console at the pair: `; reason` may follow the command.
    case optional
    /// A line where a reason is required: `; reason` must follow the command.
    case required
    /// Given apart from the line (the control socket's and the desk's `why`), which then
    /// holds the command alone.
    case given(String)
  }

  /// The longest command, its reason left out, in characters.
  public static let maximumLength = 300
  /// The longest reason, in characters.
  public static let maximumReasonLength = 200

  public var action: Action
  /// Why it was made, as the journal keeps it; `nil` when none was given at the console.
  public var reason: String?

  public init(_ action: Action, reason: String? = nil) {
    self.action = action
    self.reason = reason
  }

  /// The commands in one line, for the console's help.
  public static let summary =
    "league commands: "
    + Verb.allCases.map(\.form).joined(separator: ", ")
    + "; D is a delivery's number in the night, BOWLER a place (1.2: team 1, place 2) or a name;"
    + " add ; REASON at the end"

  /// Whether `text` is a reason the journal can keep: 1 to ``maximumReasonLength``
  /// characters, not all blank, without control characters.
  public static func isReason(_ text: String) -> Bool {
    !text.allSatisfy(\.isWhitespace) && text.count <= maximumReasonLength
      && !NameText.hasControlCharacters(text)
  }
}
