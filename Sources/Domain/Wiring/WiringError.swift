import Bowling
import LaneSensing

/// Everything wrong with one wiring file, each problem with its key, its line and its fix.
///
/// Reading a file reports all the problems it can find at once, so a user fixes them in one
/// pass rather than one per run.
public struct WiringError: Error, Sendable, Equatable {
  /// The file's name as the user gave it, such as `/etc/lanebridge/lane7.toml`.
  public var file: String

  /// The problems, in the order they appear in the file; never empty.
  public var problems: [Problem]

  /// Creates an error for `file` from its problems.
  public init(file: String, problems: [Problem]) {
    self.file = file
    self.problems = problems
  }

  /// The kinds of problem, without where they are.
  public var kinds: [Kind] { problems.map(\.kind) }
}

extension WiringError {
  /// One thing wrong with a wiring file.
  public struct Problem: Sendable, Equatable {
    /// The key the problem is about, such as `pins.7` or `detector.settle`; empty for the
    /// whole file.
    public var keyPath: String

    /// The file's line the problem is on, counting from 1, when it is known.
    public var line: Int?

    /// The column on that line, counting from 1, when the TOML parser reports one.
    public var column: Int?

    /// What is wrong.
    public var kind: Kind

    /// Creates a problem about `keyPath`.
    public init(keyPath: String, line: Int? = nil, column: Int? = nil, kind: Kind) {
      self.keyPath = keyPath
      self.line = line
      self.column = column
      self.kind = kind
    }
  }

  /// What can be wrong with a wiring file.
  public enum Kind: Sendable, Equatable {
    /// The file could not be read; `reason` is the system's word for why.
    case unreadable(reason: String)

    /// The file is not valid TOML; `reason` is the TOML parser's description.
    case syntax(reason: String)

    /// A key the format does not have (often a typo), with the closest valid key if any.
    case unknownKey(String, suggestion: String?, allowed: [String])

    /// A key the format requires is absent.
    case missingKey

    /// Pins with no line in `[pins]`: every one of 1 to 10 needs one.
    case missingPins([Pin])

    /// A key in `[pins]` that is not a pin number from 1 to 10.
    case pinOutOfRange(String)

    /// Two or more inputs are wired to the same line.
    case duplicateLine(Wiring.Line, keys: [String])

    /// Two or more inputs whose lines resolve to the same offset on the chip.
    case sharedOffset(Int, keys: [String], chip: String)

    /// A value of the wrong TOML type; `expected` says what fits, `found` what was there.
    case wrongType(expected: String, found: String)

    /// A bias that is not one of the four the kernel knows.
    case unknownBias(String)

    /// A detector window outside its sane range; `value` is the number as written.
    case windowOutOfRange(Wiring.Window, value: String)

    /// `detector.max-delivery` is not longer than `detector.settle`.
    case deliveryNotLongerThanSettle

    /// Keys that exclude each other were both given.
    case conflictingKeys([String])

    /// A line offset below zero.
    case negativeOffset(Int)

    /// A line name written in quotes that is only digits, which is probably an offset.
    case quotedOffset(String)

    /// An empty string where a name, label or path belongs.
    case emptyString

    /// A chip path that is not absolute.
    case relativeChipPath(String)

    /// An offset the chip does not have.
    case noSuchOffset(Int, chip: String, lineCount: Int)

    /// A line name the chip does not have.
    case noSuchName(String, chip: String)
  }
}

extension WiringError.Problem {
  /// What is wrong, in one sentence.
  public var message: String {
    switch kind {
    case .unreadable(let reason):
      return "cannot read the file: \(reason)."
    case .syntax(let reason):
      return "not valid TOML: \(reason)."
    case .unknownKey(let key, _, _):
      return "unknown key \(Self.excerpt(key))."
    case .missingKey:
      return "\(keyPath) is missing."
    case .missingPins(let pins):
      let list = pins.map(String.init(describing:)).joined(separator: ", ")
      return pins.count == 1 ? "pin \(list) has no line." : "pins \(list) have no line."
    case .pinOutOfRange(let key):
      return "\(Self.excerpt(key)) is not a pin: pins are numbered 1 to 10."
    case .duplicateLine(let line, let keys):
      return "\(Self.list(keys)) are \(Self.bothOrAll(keys)) wired to \(line)."
    case .sharedOffset(let offset, let keys, let chip):
      return "\(Self.list(keys)) \(Self.bothOrAll(keys)) resolve to line \(offset) of \(chip)."
    case .wrongType(let expected, let found):
      return "expected \(expected), found \(found)."
    case .unknownBias(let bias):
      return "unknown bias \(Self.excerpt(bias))."
    case .windowOutOfRange(let window, let value):
      return "\(value) \(window.unit) is out of range for \(window.rawValue)."
    case .deliveryNotLongerThanSettle:
      return "max-delivery is not longer than settle, so every delivery would be cut short."
    case .conflictingKeys(let keys):
      return "\(Self.list(keys)) exclude each other."
    case .negativeOffset(let offset):
      return "line offset \(offset) is negative."
    case .quotedOffset(let text):
      return "\(Self.excerpt(text)) is in quotes, so it is a line name, "
        + "and no line is named by digits."
    case .emptyString:
      return "\(keyPath) is empty."
    case .relativeChipPath(let path):
      return "chip path \(Self.excerpt(path)) is not absolute."
    case .noSuchOffset(let offset, let chip, let count):
      let lines = count == 0 ? "no lines" : "\(count) lines (0-\(count - 1))"
      return "line \(offset) does not exist on \(chip), which has \(lines)."
    case .noSuchName(let name, let chip):
      return "no line named \(Self.clipped(name)) on \(chip)."
    }
  }

  /// What to do about it, in one or two sentences.
  public var fix: String {
    switch kind {
    case .unreadable:
      return "Check the wiring file's path and that the user running lane may read it."
    case .syntax:
      return "Fix the TOML at that position (strings in double quotes, one key = value per line)."
    case .unknownKey(_, let suggestion, let allowed):
      let valid = "Valid keys here: \(allowed.joined(separator: ", "))."
      return suggestion.map { "Did you mean \"\($0)\"? \(valid)" } ?? "Remove it. \(valid)"
    case .missingKey:
      return Self.missingKeyFix(keyPath)
    case .missingPins(let pins):
      let first = pins.first?.rawValue ?? 1
      return "Add a line for each under [pins], e.g. \(first) = \"GPIO17\" or \(first) = 17."
    case .pinOutOfRange:
      return "Use the keys 1 to 10 under [pins]; put ball, foul and cycle under [signals]."
    case .duplicateLine:
      return "Give each input its own line; check which line each sensor is wired to."
    case .sharedOffset(_, _, let chip):
      return "A name and an offset point at the same line; give each input its own line "
        + "(list them with gpioinfo \(chip))."
    case .wrongType:
      return Self.wrongTypeFix(keyPath)
    case .unknownBias:
      let valid = Wiring.Bias.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      return "Use one of \(valid); \"pull-up\" suits opto-isolated inputs."
    case .windowOutOfRange(let window, _):
      return "Set \(window.rawValue) to \(window.saneRange)."
    case .deliveryNotLongerThanSettle:
      return "Make max-delivery longer than settle, or remove it to use the detector's bound."
    case .conflictingKeys:
      return "Keep only one of them."
    case .negativeOffset:
      return "Offsets count from 0; see gpioinfo for the chip's lines."
    case .quotedOffset(let text):
      let offset = Self.clipped(text)
      return "Write the offset without quotes (\(offset)), or use the line's name such as "
        + "\"GPIO\(offset)\"."
    case .emptyString:
      return Self.missingKeyFix(keyPath)
    case .relativeChipPath:
      return "Write the device path in full, e.g. \"/dev/gpiochip0\", or name the chip by label."
    case .noSuchOffset(_, let chip, _):
      return "Check the offset against gpioinfo \(chip), or use the line's name."
    case .noSuchName(_, let chip):
      return "Names are case-sensitive; list the chip's line names with gpioinfo \(chip)."
    }
  }

  private static func missingKeyFix(_ keyPath: String) -> String {
    switch keyPath {
    case "chip", "chip.path", "chip.label":
      "Name the chip under [chip] by label = \"pinctrl-bcm2711\" (gpiodetect lists labels) "
        + "or by path = \"/dev/gpiochip0\"."
    case "pins":
      "Add a [pins] table with a line for each pin 1 to 10, e.g. 1 = \"GPIO17\"."
    default:
      "Give the input its line, e.g. line = \"GPIO17\" or line = 17."
    }
  }

  private static func wrongTypeFix(_ keyPath: String) -> String {
    let key = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
    switch key {
    case "active-low": return "Write active-low = true or active-low = false."
    case "bias": return "Write bias = \"pull-up\" (or \"pull-down\", \"disabled\", \"as-is\")."
    case "bounce": return "Write the window in milliseconds as a number, e.g. bounce = 5."
    case "settle": return "Write the window in seconds as a number, e.g. settle = 3.0."
    case "max-delivery": return "Write the bound in seconds as a number, e.g. max-delivery = 15."
    case "path": return "Write the device path in quotes, e.g. path = \"/dev/gpiochip0\"."
    case "label": return "Write the label in quotes, e.g. label = \"pinctrl-bcm2711\"."
    case "chip", "defaults", "pins", "signals", "detector":
      return "Make \(key) a table: put [\(key)] on its own line with its keys below."
    default:
      return "Write an offset (\(key) = 17), a name (\(key) = \"GPIO17\") "
        + "or a table (\(key) = { line = \"GPIO17\", bias = \"pull-up\" })."
    }
  }

  private static func bothOrAll(_ keys: [String]) -> String {
    keys.count == 2 ? "both" : "all"
  }

  private static func list(_ keys: [String]) -> String {
    let keys = keys.map(clipped)
    guard keys.count > 1 else { return keys.first ?? "" }
    return keys.dropLast().joined(separator: ", ") + " and " + keys[keys.count - 1]
  }
}

extension WiringError.Problem {
  /// The problem as `line:column: key: what is wrong. What to do.`, without the file name.
  public var description: String {
    var location = ""
    if let line {
      location = column.map { "\(line):\($0): " } ?? "\(line): "
    }
    let key = keyPath.isEmpty ? "" : "\(Self.clipped(keyPath)): "
    return "\(location)\(key)\(message) \(fix)"
  }
}

extension WiringError.Problem {
  /// The text in double quotes, clipped like ``clipped(_:)``.
  static func excerpt(_ text: String) -> String { "\"\(clipped(text))\"" }

  /// At most `InputExcerpt.limit` characters of the text, invisible characters escaped
  /// (`\u{1B}`), and the full length named when it is cut.
  public static func clipped(_ text: String) -> String { InputExcerpt.clipped(text) }
}

extension WiringError: CustomStringConvertible {
  /// The most problems listed; the rest are counted, `and 12 more`.
  public static let listedProblems = 20

  /// Every problem on its own line (at most ``listedProblems``), prefixed with the file, as
  /// compilers print them.
  public var description: String {
    let lines = problems.prefix(Self.listedProblems).map { problem in
      let separator = problem.line == nil ? ": " : ":"
      return "\(file)\(separator)\(problem.description)"
    }
    guard problems.count > 1 else { return lines.joined() }
    let more = problems.count - lines.count
    return "\(file) has \(problems.count) problems:\n" + lines.joined(separator: "\n")
      + (more > 0 ? "\nand \(more) more" : "")
  }
}
