/// Finds the line a key is written on in a TOML text, so problems found after parsing can
/// point at their line.
///
/// TOMLKit reports positions only for syntax errors, so this scans the text itself. It knows
/// the shapes a wiring file uses: `[table]` headers, `key = value` lines with bare, quoted or
/// dotted keys, and one level of inline table. A key it cannot place is looked up through its
/// parent (`pins.7.bias` falls back to `pins.7`, then `pins`). The lane's config file uses
/// it too.
public struct KeyLocator: Sendable {
  private var lineOfKeyPath: [String: Int] = [:]

  /// Scans `text` for the lines its keys are written on.
  public init(text: String) {
    var table: [String] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let lineNumber = index + 1
      var scanner = Scanner(Substring(line))
      scanner.skipSpaces()
      if scanner.skip("[") {
        let isArray = scanner.skip("[")
        scanner.skipSpaces()
        guard let keys = scanner.dottedKey(), scanner.skip("]") else { continue }
        if isArray && !scanner.skip("]") { continue }
        table = keys
        record(table, at: lineNumber)
      } else if let keys = scanner.dottedKey(), scanner.skip("=") {
        let path = table + keys
        record(path, at: lineNumber)
        scanner.skipSpaces()
        if scanner.skip("{") {
          recordInlineTable(&scanner, under: path, at: lineNumber)
        }
      }
    }
  }

  /// The line `keyPath` (or its nearest parent that was found) is written on.
  public func line(of keyPath: String) -> Int? {
    var components = keyPath.split(separator: ".").map(String.init)
    while !components.isEmpty {
      if let line = lineOfKeyPath[components.joined(separator: ".")] { return line }
      components.removeLast()
    }
    return nil
  }

  private mutating func record(_ keys: [String], at line: Int) {
    let path = keys.joined(separator: ".")
    if lineOfKeyPath[path] == nil { lineOfKeyPath[path] = line }
  }

  private mutating func recordInlineTable(
    _ scanner: inout Scanner, under path: [String], at line: Int
  ) {
    while true {
      scanner.skipSpaces()
      guard let keys = scanner.dottedKey(), scanner.skip("=") else { return }
      record(path + keys, at: line)
      guard scanner.skipValue() else { return }
    }
  }
}

extension KeyLocator {
  /// Reads the pieces of one line of TOML, just far enough to find its keys.
  struct Scanner {
    private var rest: Substring

    init(_ text: Substring) { rest = text }

    mutating func skipSpaces() {
      rest = rest.drop { $0 == " " || $0 == "\t" }
    }

    /// Skips `character` (after spaces) and says whether it was there.
    mutating func skip(_ character: Character) -> Bool {
      skipSpaces()
      guard rest.first == character else { return false }
      rest = rest.dropFirst()
      return true
    }

    /// Reads a key such as `pins`, `"7"` or `detector.settle`, split at its dots.
    mutating func dottedKey() -> [String]? {
      var keys: [String] = []
      repeat {
        skipSpaces()
        guard let key = simpleKey() else { return nil }
        keys.append(key)
        skipSpaces()
      } while skip(".")
      return keys
    }

    private mutating func simpleKey() -> String? {
      if let quote = rest.first, quote == "\"" || quote == "'" {
        let body = rest.dropFirst()
        guard let end = body.firstIndex(of: quote) else { return nil }
        rest = body[body.index(after: end)...]
        return String(body[..<end])
      }
      let bare = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
      guard !bare.isEmpty else { return nil }
      rest = rest.dropFirst(bare.count)
      return String(bare)
    }

    /// Skips an inline table's value up to and including its `,`; false at its `}` or the end.
    mutating func skipValue() -> Bool {
      var quote: Character?
      while let character = rest.popFirst() {
        if let open = quote {
          if character == "\\" && open == "\"" {
            _ = rest.popFirst()
          } else if character == open {
            quote = nil
          }
        } else if character == "\"" || character == "'" {
          quote = character
        } else if character == "," {
          return true
        } else if character == "}" || character == "#" {
          return false
        }
      }
      return false
    }
  }
}
