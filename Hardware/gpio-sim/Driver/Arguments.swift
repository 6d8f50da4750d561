import LaneSensing

/// The command line: `--name value` options, then one operand at most.
struct Arguments {
  var options: [String: String] = [:]
  var operands: [String] = []

  init(_ words: ArraySlice<String>, allowed: Set<String>) {
    var words = words
    while let word = words.popFirst() {
      if word.hasPrefix("--") {
        let name = String(word.dropFirst(2))
        guard allowed.contains(name) else { fail(64, "unknown option \(word)") }
        guard let value = words.popFirst() else { fail(64, "\(word) wants a value") }
        options[name] = value
      } else {
        operands.append(word)
      }
    }
  }

  func seconds(_ name: String, default value: Duration) -> Duration {
    guard let text = options[name] else { return value }
    guard let instant = SensorInstant(seconds: text) else {
      fail(64, "--\(name) wants seconds such as 0.03, got '\(text)'")
    }
    return instant - .zero
  }

  var trace: String {
    guard operands.count == 1 else { fail(64, "give exactly one trace file") }
    return operands[0]
  }
}
