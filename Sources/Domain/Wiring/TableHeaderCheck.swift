/// Finds a table header with no name after its `[`, which the TOML parser cannot be given.
///
/// toml++ 3.x (inside TOMLKit) asserts that a key follows a header's `[`: on `[!]`, `[#pins]`,
/// `[ .detector]`, `[é]` or a lone `[` ending a line it aborts the process in a debug build
/// and has undefined behaviour in a release one, instead of reporting a syntax error.
/// libFuzzer found this (docs/robustness.md). The check runs first and turns such a header
/// into an ordinary syntax problem with its line and column.
///
/// It reads the text just far enough to know where headers can be: at the start of a line,
/// outside strings, comments, arrays and inline tables. The lane's config file is checked
/// the same way.
public enum TableHeaderCheck {
  /// A header that toml++ cannot parse: where it is and what stands where its name should be.
  public struct Finding: Equatable, Sendable {
    public var line: Int
    public var column: Int
    /// The character after the `[` (and spaces) that cannot start a key, or "the end of the line".
    var found: String

    /// The problem as the syntax reason a ``WiringError`` carries.
    public var reason: String {
      "a table header needs a name after '[', such as [pins] or [\"pins\"], found \(found)"
    }
  }

  /// The first header in `text` with no name after its `[`, or `nil` when every header has one.
  public static func firstUnnamedHeader(in text: String) -> Finding? {
    var scanner = Scanner(Array(text.unicodeScalars))
    return scanner.run()
  }

  private struct Scanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// How many arrays and inline tables of values are open.
    private var depth = 0
    /// Only spaces and tabs so far on this line, outside any value.
    private var atLineStart = true

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func starts(with text: String) -> Bool {
      let pattern = Array(text.unicodeScalars)
      guard index + pattern.count <= scalars.count else { return false }
      return Array(scalars[index..<(index + pattern.count)]) == pattern
    }

    private mutating func advance() {
      if current == "\n" {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }

    mutating func run() -> Finding? {
      while let scalar = current {
        switch scalar {
        case "\n":
          advance()
          atLineStart = true
        case " ", "\t", "\r":
          advance()
        case "#":
          while let next = current, next != "\n" { advance() }
        case "[" where atLineStart && depth == 0:
          if let finding = checkHeader() { return finding }
          while let next = current, next != "\n" { advance() }
        case "[", "{":
          depth += 1
          atLineStart = false
          advance()
        case "]", "}":
          depth = max(0, depth - 1)
          atLineStart = false
          advance()
        case "\"", "'":
          skipString(quote: scalar)
          atLineStart = false
        default:
          atLineStart = false
          advance()
        }
      }
      return nil
    }

    /// Checks the header whose `[` is at `index`, the way toml++ reads one.
    private mutating func checkHeader() -> Finding? {
      advance()
      let hadSpace = skipSpaces()
      if current == "[" && !hadSpace {
        advance()
        skipSpaces()
      }
      guard let next = current else { return nil }
      if Self.canStartKey(next) || next == "]" || (next == "[" && hadSpace) { return nil }
      let found = next == "\n" || next == "\r" ? "the end of the line" : Self.quoted(next)
      return Finding(line: line, column: index - lineStart + 1, found: found)
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
      var skipped = false
      while current == " " || current == "\t" {
        advance()
        skipped = true
      }
      return skipped
    }

    /// Skips a string starting at `index`: basic or literal, on one line or multi-line.
    private mutating func skipString(quote: Unicode.Scalar) {
      let triple = String(repeating: String(quote), count: 3)
      let isMultiline = starts(with: triple)
      for _ in 0..<(isMultiline ? 3 : 1) { advance() }
      while let scalar = current {
        if scalar == "\\" && quote == "\"" {
          advance()
          advance()
        } else if isMultiline && starts(with: triple) {
          for _ in 0..<3 { advance() }
          // Up to two more quotes may close the string (`""""` ends in a quote).
          while current == quote { advance() }
          return
        } else if !isMultiline && (scalar == quote || scalar == "\n") {
          if scalar == quote { advance() }
          return
        } else {
          advance()
        }
      }
    }

    /// Whether toml++ reads `scalar` as the start of a key: a bare key character or a quote.
    private static func canStartKey(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar {
      case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "\"", "'": true
      default: false
      }
    }

    private static func quoted(_ scalar: Unicode.Scalar) -> String {
      scalar.properties.generalCategory == .control
        ? "the control character U+" + hex(scalar.value)
        : "'\(Character(scalar))'"
    }

    private static func hex(_ value: UInt32) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
  }
}
