/// `lane score`'s command line read in one linear pass: its options and its roll tokens.
///
/// swift-argument-parser's catch-all positional array costs quadratic time in the number of
/// values (16k tokens took 6 s), so `lane` hands `score`'s arguments here instead.
public struct ScoreArguments: Hashable, Sendable {
  /// `--json`: one JSON object instead of the boards.
  public var json = false
  /// `-h` or `--help`: show the help instead.
  public var wantsHelp = false
  /// The roll tokens in order, `--game` separators included.
  public var rolls: [String] = []

  /// No options and no rolls.
  public init() {}

  /// Sorts the arguments after `score` into options and rolls.
  ///
  /// - Throws: ``ScoreInputError`` (usage, 64) for an option `lane score` does not know.
  public init(_ arguments: [String]) throws(ScoreInputError) {
    rolls.reserveCapacity(arguments.count)
    for argument in arguments {
      switch argument {
      case "--json": json = true
      case "-h", "--help": wantsHelp = true
      default:
        if Self.isOption(argument) && argument != RollParser.gameOption {
          throw ScoreInputError(.usage(.unknownOption(argument)), game: nil, position: nil)
        }
        rolls.append(argument)
      }
    }
  }

  /// `--` followed by a letter: an option, not dashes (misses).
  private static func isOption(_ argument: String) -> Bool {
    let utf8 = argument.utf8
    guard utf8.count > 2, utf8.starts(with: "--".utf8) else { return false }
    let third = utf8[utf8.index(utf8.startIndex, offsetBy: 2)]
    return (third | 0x20) >= UInt8(ascii: "a") && (third | 0x20) <= UInt8(ascii: "z")
  }
}
