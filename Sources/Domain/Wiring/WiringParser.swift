import Bowling
import TOMLKit

/// Turns a parsed TOML document into a ``Wiring``, collecting every problem on the way.
///
/// Each `read…` method reports what is wrong with its part and returns `nil` (or a default)
/// so the walk goes on and the user sees all the problems of the file at once.
struct WiringParser {
  private let locator: KeyLocator
  private(set) var problems: [WiringError.Problem] = []

  /// The keys a wiring file's top level may have.
  static let topLevelKeys = ["chip", "defaults", "pins", "signals", "detector"]
  static let chipKeys = ["path", "label"]
  static let settingKeys = ["active-low", "bias"]
  static let inputKeys = ["line", "active-low", "bias"]
  static let signalKeys = ["ball", "foul", "cycle"]
  static let detectorKeys = Wiring.Window.allCases.map(\.rawValue)

  init(locator: KeyLocator) {
    self.locator = locator
  }

  /// Reads the whole document; `nil` when there were problems.
  mutating func wiring(from root: TOMLTable) -> Wiring? {
    checkKeys(of: root, at: "", allowed: Self.topLevelKeys)
    let chip = readChip(root["chip"])
    let defaults = readDefaults(root["defaults"])
    let pins = readPins(root["pins"], defaults: defaults)
    let signals = readSignals(root["signals"], defaults: defaults)
    let detector = readDetector(root["detector"])
    let inputs = Wiring.Role.allCases.compactMap { role in
      switch role {
      case .pin(let pin): pins[pin].map { (role, $0) }
      default: signals[role].map { (role, $0) }
      }
    }
    reportDuplicateLines(inputs)

    let pinInputs = Pin.allCases.compactMap { pins[$0] }
    guard problems.isEmpty, let chip, pinInputs.count == Pin.allCases.count else { return nil }
    return Wiring(
      chip: chip,
      pins: { pinInputs[$0.rawValue - 1] },
      ball: signals[.ball],
      foul: signals[.foul],
      cycle: signals[.cycle],
      detector: detector
    )
  }

  // MARK: - Sections

  private mutating func readChip(_ value: TOMLValueConvertible?) -> Wiring.Chip? {
    guard let table = table(value, at: "chip") else { return nil }
    checkKeys(of: table, at: "chip", allowed: Self.chipKeys)
    let path = nonEmptyString(table["path"], at: "chip.path")
    let label = nonEmptyString(table["label"], at: "chip.label")
    switch (path, label) {
    case (.some, .some):
      report("chip", .conflictingKeys(["chip.path", "chip.label"]))
      return nil
    case (let path?, nil):
      guard path.hasPrefix("/") else {
        report("chip.path", .relativeChipPath(path))
        return nil
      }
      return .path(path)
    case (nil, let label?):
      return .label(label)
    case (nil, nil):
      if table["path"] == nil && table["label"] == nil { report("chip", .missingKey) }
      return nil
    }
  }

  private mutating func readDefaults(_ value: TOMLValueConvertible?) -> Wiring.Input {
    let standard = Wiring.Input(line: .offset(0))
    guard let value else { return standard }
    guard let table = table(value, at: "defaults") else { return standard }
    checkKeys(of: table, at: "defaults", allowed: Self.settingKeys)
    return Wiring.Input(
      line: standard.line,
      activeLow: bool(table["active-low"], at: "defaults.active-low") ?? standard.activeLow,
      bias: bias(table["bias"], at: "defaults.bias") ?? standard.bias
    )
  }

  private mutating func readPins(
    _ value: TOMLValueConvertible?, defaults: Wiring.Input
  ) -> [Pin: Wiring.Input] {
    guard let table = table(value, at: "pins") else { return [:] }
    var pins: [Pin: Wiring.Input] = [:]
    var named: Set<Pin> = []
    for (key, value) in table.sortedByPin() {
      guard let number = Int(key), let pin = Pin(rawValue: number) else {
        report("pins.\(key)", .pinOutOfRange(key))
        continue
      }
      named.insert(pin)
      pins[pin] = input(value, at: "pins.\(key)", defaults: defaults)
    }
    let missing = Pin.allCases.filter { !named.contains($0) }
    if !missing.isEmpty { report("pins", .missingPins(missing)) }
    return pins
  }

  private mutating func readSignals(
    _ value: TOMLValueConvertible?, defaults: Wiring.Input
  ) -> [Wiring.Role: Wiring.Input] {
    guard let value, let table = table(value, at: "signals") else { return [:] }
    checkKeys(of: table, at: "signals", allowed: Self.signalKeys)
    var signals: [Wiring.Role: Wiring.Input] = [:]
    for role in [Wiring.Role.ball, .foul, .cycle] {
      guard let value = table[role.description] else { continue }
      signals[role] = input(value, at: role.keyPath, defaults: defaults)
    }
    return signals
  }

  private mutating func readDetector(_ value: TOMLValueConvertible?) -> Wiring.Detector {
    var detector = Wiring.Detector()
    guard let value, let table = table(value, at: "detector") else { return detector }
    checkKeys(of: table, at: "detector", allowed: Self.detectorKeys)
    if let bounce = window(table, .bounce) { detector.bounce = bounce }
    if let settle = window(table, .settle) { detector.settle = settle }
    detector.maximumDelivery = window(table, .maximumDelivery)
    if let bound = detector.maximumDelivery, bound <= detector.settle {
      report(Wiring.Window.maximumDelivery.keyPath, .deliveryNotLongerThanSettle)
    }
    return detector
  }

  // MARK: - Values

  private mutating func input(
    _ value: TOMLValueConvertible, at keyPath: String, defaults: Wiring.Input
  ) -> Wiring.Input? {
    guard value.type == .table, let table = value.table else {
      return line(value, at: keyPath).map {
        Wiring.Input(line: $0, activeLow: defaults.activeLow, bias: defaults.bias)
      }
    }
    checkKeys(of: table, at: keyPath, allowed: Self.inputKeys)
    let activeLow = bool(table["active-low"], at: "\(keyPath).active-low")
    let bias = bias(table["bias"], at: "\(keyPath).bias")
    guard let lineValue = table["line"] else {
      report("\(keyPath).line", .missingKey)
      return nil
    }
    guard let line = line(lineValue, at: "\(keyPath).line") else { return nil }
    return Wiring.Input(
      line: line,
      activeLow: activeLow ?? defaults.activeLow,
      bias: bias ?? defaults.bias
    )
  }

  private mutating func line(_ value: TOMLValueConvertible, at keyPath: String) -> Wiring.Line? {
    if let offset = value.int {
      guard offset >= 0 else {
        report(keyPath, .negativeOffset(offset))
        return nil
      }
      return .offset(offset)
    }
    if let name = value.string {
      let trimmed = name.trimmingSpaces
      if trimmed.isEmpty {
        report(keyPath, .emptyString)
        return nil
      }
      if trimmed.allSatisfy(\.isASCIIDigit) {
        report(keyPath, .quotedOffset(String(trimmed)))
        return nil
      }
      return .name(name)
    }
    report(keyPath, .wrongType(
      expected: "a line offset such as 17 or a line name such as \"GPIO17\"",
      found: WiringError.Problem.describe(value)
    ))
    return nil
  }

  private mutating func window(_ table: TOMLTable, _ window: Wiring.Window) -> Duration? {
    guard let value = table[window.rawValue] else { return nil }
    let number: Double
    let written: String
    if let integer = value.int {
      number = Double(integer)
      written = String(integer)
    } else if let double = value.double {
      number = double
      written = String(double)
    } else {
      report(window.keyPath, .wrongType(
        expected: "a number of \(window == .bounce ? "milliseconds" : "seconds")",
        found: WiringError.Problem.describe(value)
      ))
      return nil
    }
    let microseconds = (number * window.microsecondsPerUnit).rounded()
    guard microseconds.isFinite, microseconds > 0,
      microseconds <= Double(window.limit.wholeMicroseconds)
    else {
      report(window.keyPath, .windowOutOfRange(window, value: written))
      return nil
    }
    return .microseconds(Int64(microseconds))
  }

  private mutating func bool(_ value: TOMLValueConvertible?, at keyPath: String) -> Bool? {
    guard let value else { return nil }
    guard let bool = value.bool else {
      report(keyPath, .wrongType(expected: "true or false", found: WiringError.Problem.describe(value)))
      return nil
    }
    return bool
  }

  private mutating func bias(_ value: TOMLValueConvertible?, at keyPath: String) -> Wiring.Bias? {
    guard let value else { return nil }
    guard let word = value.string else {
      report(keyPath, .wrongType(expected: "a bias in quotes", found: WiringError.Problem.describe(value)))
      return nil
    }
    guard let bias = Wiring.Bias(rawValue: word) else {
      report(keyPath, .unknownBias(word))
      return nil
    }
    return bias
  }

  private mutating func nonEmptyString(
    _ value: TOMLValueConvertible?, at keyPath: String
  ) -> String? {
    guard let value else { return nil }
    guard let string = value.string else {
      report(keyPath, .wrongType(expected: "a string in quotes", found: WiringError.Problem.describe(value)))
      return nil
    }
    guard !string.trimmingSpaces.isEmpty else {
      report(keyPath, .emptyString)
      return nil
    }
    return string
  }

  /// The value as a table, reporting a missing key or a wrong type at `keyPath`.
  private mutating func table(_ value: TOMLValueConvertible?, at keyPath: String) -> TOMLTable? {
    guard let value else {
      report(keyPath, .missingKey)
      return nil
    }
    guard value.type == .table, let table = value.table else {
      report(keyPath, .wrongType(expected: "a table", found: WiringError.Problem.describe(value)))
      return nil
    }
    return table
  }

  // MARK: - Checks across values

  private mutating func checkKeys(of table: TOMLTable, at keyPath: String, allowed: [String]) {
    for key in table.keys.sorted() where !allowed.contains(key) {
      let path = keyPath.isEmpty ? key : "\(keyPath).\(key)"
      report(path, .unknownKey(key, suggestion: Self.closest(to: key, in: allowed), allowed: allowed))
    }
  }

  private mutating func reportDuplicateLines(_ inputs: [(Wiring.Role, Wiring.Input)]) {
    var keysByLine: [Wiring.Line: [String]] = [:]
    var order: [Wiring.Line] = []
    for (role, input) in inputs {
      if keysByLine[input.line] == nil { order.append(input.line) }
      keysByLine[input.line, default: []].append(role.keyPath)
    }
    for line in order {
      guard let keys = keysByLine[line], keys.count > 1 else { continue }
      report(keys[1], .duplicateLine(line, keys: keys))
    }
  }

  private mutating func report(_ keyPath: String, _ kind: WiringError.Kind) {
    problems.append(.init(keyPath: keyPath, line: locator.line(of: keyPath), kind: kind))
  }

  // MARK: - Words

  /// The allowed key closest to a mistyped one, if it is close enough to be a typo.
  static func closest(to key: String, in allowed: [String]) -> String? {
    let typed = key.lowercased()
    let scored = allowed.map { ($0, editDistance(typed, $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(1, min(2, key.count / 3)) ? best.0 : nil
  }

  /// The Levenshtein distance between two words, counting a swap of neighbours as one edit.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }
}

extension TOMLTable {
  /// The table's entries with pin numbers in numeric order, then other keys alphabetically.
  fileprivate func sortedByPin() -> [(String, TOMLValueConvertible)] {
    map { ($0, $1) }.sorted { lhs, rhs in
      switch (Int(lhs.0), Int(rhs.0)) {
      case (let left?, let right?): left < right
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): lhs.0 < rhs.0
      }
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[first...last]
  }
}

extension Character {
  /// Whether the character is one of the ASCII digits 0-9.
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension WiringError.Problem {
  /// A TOML value as a user would name it in a message: `the string "x"` (clipped like
  /// ``clipped(_:)``), `the number 17.5`, `true`, `a table`, `a list`, `a date or time`.
  /// The wiring file's and the lane config file's readers both say what they found with it.
  public static func describe(_ value: TOMLValueConvertible) -> String {
    switch value.type {
    case .string: "the string \(excerpt(value.string ?? ""))"
    case .int: "the number \(value.int ?? 0)"
    case .double: "the number \(value.double ?? 0)"
    case .bool: "\(value.bool ?? false)"
    case .table: "a table"
    case .array: "a list"
    case .date, .time, .dateTime: "a date or time"
    }
  }
}
