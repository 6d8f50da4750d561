/// Finds the line a key is written on in a TOML text, so problems found after parsing can
/// point at their line.
///
/// TOMLKit reports positions only for syntax errors, so this scans the text itself. It knows
/// the shapes the project's files use: `[table]` headers; `[[array]]` headers, whose n-th
/// table is `array[n]`; `key = value` lines with bare, quoted or dotted keys; inline tables;
/// and arrays, whose n-th element is `key[n]` on the line it starts on, even when the array
/// spans lines. A key it cannot place is looked up through its parent (`pins.7.bias` falls
/// back to `pins.7`, then `pins`; `teams[2].bowlers[3]` to `teams[2].bowlers`). The lane's
/// config file and a league night file use it too.
public struct KeyLocator: Sendable {
  private var lineOfKeyPath: [String: Int] = [:]

  /// Scans `text` for the lines its keys are written on.
  public init(text: String) {
    var scanner = Scanner(text.unicodeScalars[...])
    var table: [String] = []
    // How many tables each array of tables has so far, by its path (`teams`).
    var arrayTableCounts: [String: Int] = [:]
    while !scanner.isAtEnd {
      scanner.skipSpaces()
      let line = scanner.line
      if scanner.skip("[") {
        let isArray = scanner.skip("[")
        if let keys = scanner.dottedKey(), scanner.skip("]"), !isArray || scanner.skip("]") {
          table = Self.resolved(keys, isArray: isArray, counts: &arrayTableCounts)
          record(table, at: line)
          // The first `[[teams]]` is also where `teams` is.
          if isArray { record(Array(table.dropLast()) + [keys[keys.count - 1]], at: line) }
        }
      } else if let keys = scanner.dottedKey(), scanner.skip("=") {
        let path = table + keys
        record(path, at: line)
        recordValue(&scanner, at: path)
      }
      scanner.skipLine()
    }
  }

  /// The line `keyPath` (or its nearest parent that was found) is written on.
  ///
  /// An element's parent is its array: `teams[2].bowlers[3]`, then `teams[2].bowlers`, then
  /// `teams[2]`, then `teams`.
  public func line(of keyPath: String) -> Int? {
    var components = keyPath.split(separator: ".").map(String.init)
    while let last = components.last {
      if let line = lineOfKeyPath[components.joined(separator: ".")] { return line }
      if last.hasSuffix("]"), let bracket = last.lastIndex(of: "["), bracket != last.startIndex {
        components[components.count - 1] = String(last[..<bracket])
      } else {
        components.removeLast()
      }
    }
    return nil
  }

  /// A header's keys as a path, each array of tables in it naming its latest table
  /// (`[[teams.bowlers]]` after a second `[[teams]]` is `teams[2].bowlers[1]`).
  private static func resolved(
    _ keys: [String], isArray: Bool, counts: inout [String: Int]
  ) -> [String] {
    var path: [String] = []
    for (index, key) in keys.enumerated() {
      let plain = (path + [key]).joined(separator: ".")
      if isArray && index == keys.count - 1 {
        let count = counts[plain, default: 0] + 1
        counts[plain] = count
        path.append("\(key)[\(count)]")
      } else if let count = counts[plain] {
        path.append("\(key)[\(count)]")
      } else {
        path.append(key)
      }
    }
    return path
  }

  private mutating func record(_ keys: [String], at line: Int) {
    let path = keys.joined(separator: ".")
    if lineOfKeyPath[path] == nil { lineOfKeyPath[path] = line }
  }

  /// Skips the value after `path =`, recording the keys of inline tables and the elements
  /// of arrays in it.
  private mutating func recordValue(_ scanner: inout Scanner, at path: [String]) {
    scanner.skipSpaces()
    if scanner.skip("{") {
      recordInlineTable(&scanner, under: path)
    } else if scanner.skip("[") {
      recordArray(&scanner, at: path)
    } else if !scanner.skipString() {
      scanner.skipBareValue()
    }
  }

  private mutating func recordInlineTable(_ scanner: inout Scanner, under path: [String]) {
    while true {
      scanner.skipBlanks()
      if scanner.skip("}") { return }
      let line = scanner.line
      guard let keys = scanner.dottedKey(), scanner.skip("=") else { return }
      record(path + keys, at: line)
      recordValue(&scanner, at: path + keys)
      scanner.skipBlanks()
      // Each round takes at least its `=` and `,`, so this ends.
      guard scanner.skip(",") else {
        _ = scanner.skip("}")
        return
      }
    }
  }

  private mutating func recordArray(_ scanner: inout Scanner, at path: [String]) {
    var count = 0
    while true {
      scanner.skipBlanks()
      if scanner.isAtEnd || scanner.skip("]") { return }
      count += 1
      let element = Array(path.dropLast()) + ["\(path[path.count - 1])[\(count)]"]
      record(element, at: scanner.line)
      recordValue(&scanner, at: element)
      scanner.skipBlanks()
      // Each round takes at least its `,`, so this ends.
      guard scanner.skip(",") else {
        _ = scanner.skip("]")
        return
      }
    }
  }
}

extension KeyLocator {
  /// Reads a TOML text just far enough to find its keys, counting lines.
  struct Scanner {
    private var rest: Substring.UnicodeScalarView
    /// The line of the next scalar, counting from 1.
    private(set) var line = 1

    init(_ text: Substring.UnicodeScalarView) { rest = text }

    var isAtEnd: Bool { rest.isEmpty }

    private mutating func advance() {
      if rest.popFirst() == "\n" { line += 1 }
    }

    /// Skips spaces and tabs.
    mutating func skipSpaces() {
      while let scalar = rest.first, scalar == " " || scalar == "\t" { advance() }
    }

    /// Skips spaces, line ends and comments, as between an array's elements.
    mutating func skipBlanks() {
      while let scalar = rest.first {
        if scalar == "#" {
          while let next = rest.first, next != "\n" { advance() }
        } else if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
          advance()
        } else {
          return
        }
      }
    }

    /// Skips the rest of the line and its line end.
    mutating func skipLine() {
      while let scalar = rest.first {
        advance()
        if scalar == "\n" { return }
      }
    }

    /// Skips `scalar` (after spaces) and says whether it was there.
    mutating func skip(_ scalar: Unicode.Scalar) -> Bool {
      skipSpaces()
      guard rest.first == scalar else { return false }
      advance()
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
        guard let end = body.firstIndex(where: { $0 == quote || $0 == "\n" }), body[end] == quote
        else { return nil }
        rest = body[body.index(after: end)...]
        return String(String.UnicodeScalarView(body[..<end]))
      }
      let bare = rest.prefix { Self.isBareKeyScalar($0) }
      guard !bare.isEmpty else { return nil }
      rest = rest.dropFirst(bare.count)
      return String(String.UnicodeScalarView(bare))
    }

    private static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || scalar == "-" || scalar.properties.isAlphabetic
        || scalar.properties.numericType != nil
    }

    /// Skips a string that starts here, basic or literal, on one line or several; false when
    /// none starts here.
    mutating func skipString() -> Bool {
      guard let quote = rest.first, quote == "\"" || quote == "'" else { return false }
      let isMultiline = rest.starts(with: [quote, quote, quote])
      for _ in 0..<(isMultiline ? 3 : 1) { advance() }
      while let scalar = rest.first {
        if scalar == "\\" && quote == "\"" {
          advance()
          advance()
        } else if isMultiline && rest.starts(with: [quote, quote, quote]) {
          for _ in 0..<3 { advance() }
          // Up to two more quotes may close the string (`""""` ends in a quote).
          while rest.first == quote { advance() }
          return true
        } else if scalar == quote {
          advance()
          return true
        } else if scalar == "\n" && !isMultiline {
          return true
        } else {
          advance()
        }
      }
      return true
    }

    /// Skips a number, boolean, date or time: up to the `,`, `]`, `}`, comment or line end
    /// after it.
    mutating func skipBareValue() {
      while let scalar = rest.first, !",]}#\n".unicodeScalars.contains(scalar) { advance() }
    }
  }
}
