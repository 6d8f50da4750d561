import Bowling

extension Wiring {
  /// The wiring as the text of a wiring file, with comments, that reads back to this value.
  ///
  /// The most common active level and bias become `[defaults]`; inputs that differ carry their
  /// own. Calibration uses this to save measured windows with a dated comment.
  ///
  /// - Parameters:
  ///   - header: Comment lines for the top of the file, such as the lane and the date.
  ///   - notes: A comment for an input's line, such as the header pin it is wired to.
  public func fileText(header: [String] = [], notes: [Role: String] = [:]) -> String {
    let defaults = commonSettings()
    var text = ""
    for line in header.flatMap({ $0.split(separator: "\n", omittingEmptySubsequences: false) }) {
      text += line.isEmpty ? "#\n" : "# \(line)\n"
    }
    text += "# A LaneBridge wiring file; docs/wiring.md describes every key.\n\n"

    text += "[chip]\n"
    switch chip {
    case .path(let path): text += "path = \(Self.quoted(path))\n"
    case .label(let label): text += "label = \(Self.quoted(label))\n"
    }

    text += "\n# What every input below is unless its own entry says otherwise.\n"
    text += "[defaults]\n"
    text += "active-low = \(defaults.activeLow)\n"
    text += "bias = \(Self.quoted(defaults.bias.rawValue))\n"

    text += "\n# The line of each pin: an offset (17) or a line name (\"GPIO17\").\n"
    text += "[pins]\n"
    text += Self.aligned(Pin.allCases.map { pin in
      ("\(pin.rawValue) = \(Self.entry(self[pin], defaults: defaults))", notes[.pin(pin)])
    })

    let signals = inputs.filter { if case .pin = $0.role { false } else { true } }
    if signals.isEmpty {
      text += "\n# No ball, foul or pinsetter-cycle signals are wired.\n"
    } else {
      text += "\n# The lane's other signals; a lane without one leaves it out.\n"
      text += "[signals]\n"
      text += Self.aligned(signals.map { role, input in
        ("\(role) = \(Self.entry(input, defaults: defaults))", notes[role])
      })
    }

    text += "\n# The throw detector's windows.\n"
    text += "[detector]\n"
    var windows = [
      ("bounce = \(Window.bounce.written(detector.bounce))",
       "milliseconds a pin's new level must hold to count" as String?),
      ("settle = \(Window.settle.written(detector.settle))",
       "seconds the deck must stay still after the last pin fell"),
    ]
    if let bound = detector.maximumDelivery {
      windows.append((
        "max-delivery = \(Window.maximumDelivery.written(bound))",
        "seconds a delivery may last before it is read anyway"
      ))
    }
    text += Self.aligned(windows)
    return text
  }

  /// The active level and bias most inputs share; the standard ones on a tie.
  private func commonSettings() -> Input {
    let standard = Input(line: .offset(0))
    var counts: [Input: Int] = [:]
    for (_, input) in inputs {
      counts[Input(line: standard.line, activeLow: input.activeLow, bias: input.bias), default: 0] += 1
    }
    let most = counts.values.max() ?? 0
    if counts[standard] == most { return standard }
    return inputs.lazy
      .map { Input(line: standard.line, activeLow: $0.input.activeLow, bias: $0.input.bias) }
      .first { counts[$0] == most } ?? standard
  }

  /// An input's value: its bare line, or an inline table when its settings differ.
  private static func entry(_ input: Input, defaults: Input) -> String {
    let line = switch input.line {
    case .offset(let offset): String(offset)
    case .name(let name): quoted(name)
    }
    var fields: [String] = []
    if input.activeLow != defaults.activeLow { fields.append("active-low = \(input.activeLow)") }
    if input.bias != defaults.bias { fields.append("bias = \(quoted(input.bias.rawValue))") }
    guard !fields.isEmpty else { return line }
    return "{ line = \(line), \(fields.joined(separator: ", ")) }"
  }

  /// Lines with their comments lined up in one column.
  private static func aligned(_ lines: [(String, String?)]) -> String {
    let width = lines.filter { $0.1 != nil }.map(\.0.count).max() ?? 0
    return lines.map { line, note in
      guard let note else { return line + "\n" }
      let padding = String(repeating: " ", count: width - line.count)
      let flat = note.split(whereSeparator: \.isNewline).joined(separator: " ")
      return "\(line)\(padding)  # \(flat)\n"
    }.joined()
  }

  /// A TOML basic string: in double quotes, with quotes, backslashes and controls escaped.
  /// Every TOML file LaneBridge writes quotes its strings with this (a league night file too).
  public static func quoted(_ string: String) -> String {
    var escaped = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}

extension Wiring.Window {
  /// A duration as this window's number in a file: `5` or `2.5` (ms), `3.0` or `0.25` (s).
  ///
  /// Exact to the microsecond, so reading the number back gives the same duration.
  public func written(_ duration: Duration) -> String {
    let microseconds = duration.wholeMicroseconds
    let perUnit = Int64(microsecondsPerUnit)
    let sign = microseconds < 0 ? "-" : ""
    let magnitude = microseconds.magnitude
    let whole = magnitude / UInt64(perUnit)
    let fraction = magnitude % UInt64(perUnit)
    let digits = String(perUnit).count - 1
    var decimals = String(fraction)
    decimals = String(repeating: "0", count: digits - decimals.count) + decimals
    while decimals.hasSuffix("0") { decimals.removeLast() }
    if decimals.isEmpty && self != .bounce { decimals = "0" }
    return decimals.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(decimals)"
  }
}
