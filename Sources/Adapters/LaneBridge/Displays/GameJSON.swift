import Bowling

/// A game's ``GameReport`` JSON written straight from the game, without building the report
/// or running `JSONEncoder`: the same text `GameReport(game).jsonText()` gives.
///
/// The end-of-run report writes thousands of games; through the encoder they were a tenth
/// of a replay's time. Keys are written sorted, as ``JSONLine`` sorts them; every value is
/// a number, a boolean, `null` or a mark's symbol (`X`, `/`, `-`, `F` or a digit), none of
/// which JSON escapes. A caller may add members of its own (``Members``), which land among
/// the report's in key order, as `lane run --json`'s frame and game lines need.
enum GameJSON {
  /// Appends the JSON of `game`'s report to `text`, with `extra` members among its own.
  static func append(_ game: Game, to text: inout String, adding extra: Members = Members()) {
    var members = extra
    members.open(to: &text)
    members.key("complete", to: &text)
    text.append(game.isComplete ? "true" : "false")
    members.key("frames", to: &text)
    text.append("[")
    for (index, frame) in game.frames.enumerated() {
      if index > 0 { text.append(",") }
      append(frame, to: &text)
    }
    text.append("]")
    members.key("statistics", to: &text)
    append(GameStatistics(game), to: &text)
    members.key("total", to: &text)
    text.append(String(game.total))
    members.close(to: &text)
  }

  /// Appends the JSON of `frame`'s ``GameReport/Frame``, with `extra` members among its own.
  static func append(_ frame: Frame, to text: inout String, adding extra: Members = Members()) {
    var members = extra
    members.open(to: &text)
    members.key("cumulative", to: &text)
    text.append(frame.cumulative.map { String($0) } ?? "null")
    members.key("marks", to: &text)
    text.append("[")
    for (index, ball) in frame.balls.enumerated() {
      if index > 0 { text.append(",") }
      text.append("\"")
      text.append(ball.mark.symbol)
      text.append("\"")
    }
    text.append("]")
    members.key("rolls", to: &text)
    text.append("[")
    for (index, ball) in frame.balls.enumerated() {
      if index > 0 { text.append(",") }
      text.append(String(ball.credited))
    }
    text.append("]")
    members.key("splits", to: &text)
    text.append("[")
    for (index, ball) in frame.balls.enumerated() {
      if index > 0 { text.append(",") }
      text.append(ball.isSplit ? "true" : "false")
    }
    text.append("]")
    members.close(to: &text)
  }

  private static func append(_ statistics: GameStatistics, to text: inout String) {
    text.append(#"{"firstBallAverage":"#)
    text.append(
      statistics.firstBallAverage.map { number(GameReport.Statistics.hundredths($0)) } ?? "null")
    text.append(#","opens":"#)
    text.append(String(statistics.opens))
    text.append(#","spares":"#)
    text.append(String(statistics.spares))
    text.append(#","splitConversions":"#)
    text.append(String(statistics.splitConversions))
    text.append(#","splits":"#)
    text.append(String(statistics.splits))
    text.append(#","strikes":"#)
    text.append(String(statistics.strikes))
    text.append("}")
  }

  /// A `Double` as `JSONEncoder` writes it: its `description`, less any `.0`.
  static func number(_ value: Double) -> String {
    let description = value.description
    return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
  }

  /// A string as `JSONEncoder` writes it (without escaping slashes): in quotes, with `"`,
  /// `\\` and control characters escaped, everything else as it is.
  static func string(_ value: String) -> String {
    var text = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text.append("\\\"")
      case "\\": text.append("\\\\")
      case "\u{08}": text.append("\\b")
      case "\u{0C}": text.append("\\f")
      case "\n": text.append("\\n")
      case "\r": text.append("\\r")
      case "\t": text.append("\\t")
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        text.append("\\u00")
        if hex.count < 2 { text.append("0") }
        text.append(hex)
      default: text.unicodeScalars.append(scalar)
      }
    }
    text.append("\"")
    return text
  }

  /// Members a caller adds to an object it has `GameJSON` write, or writes whole: each
  /// a key and its value's JSON text, written before the first key that sorts after it.
  struct Members {
    private var pending: ArraySlice<(key: String, value: String)>
    private var started = false

    /// - Parameter members: keys and JSON values, in any order; they are written sorted.
    init(_ members: [(key: String, value: String)] = []) {
      pending = members.sorted { $0.key < $1.key }[...]
    }

    mutating func open(to text: inout String) { text.append("{") }

    /// Writes the added members whose keys sort before `key`, then `key`'s name and colon.
    mutating func key(_ key: String, to text: inout String) {
      while let next = pending.first, next.key < key {
        name(next.key, to: &text)
        text.append(next.value)
        pending.removeFirst()
      }
      name(key, to: &text)
    }

    /// Writes the added members left and ends the object.
    mutating func close(to text: inout String) {
      for member in pending {
        name(member.key, to: &text)
        text.append(member.value)
      }
      pending = []
      text.append("}")
    }

    /// The object of the added members alone.
    func object() -> String {
      var text = ""
      var members = self
      members.open(to: &text)
      members.close(to: &text)
      return text
    }

    private mutating func name(_ key: String, to text: inout String) {
      if started { text.append(",") }
      started = true
      text.append("\"")
      text.append(key)
      text.append("\":")
    }
  }
}
