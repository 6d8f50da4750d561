extension LeagueCommand: CustomStringConvertible {
  /// The command as a scorer would type it, places as `1.2` and the reason after `; `, so
  /// that ``parse(_:in:reason:)`` reads it back as the same command on a night that has
  /// its places.
  ///
  /// That holds for every command `parse` can return: deliveries from 1 (a move's each
  /// once and at least one), a substitute's name not blank and without a comma, a reason
  /// without blanks at its ends. A substitute's name that typed plainly would read back
  /// otherwise (a quote, a semicolon, blanks other than single spaces between words) is
  /// written in double quotes, a quote inside doubled.
  public var description: String {
    let command: String
    switch action {
    case .undo:
      command = "undo"
    case .correct(let correction):
      command = Self.text(of: correction)
    }
    return reason.map { "\(command); \($0)" } ?? command
  }

  /// A correction's command, without a reason.
  private static func text(of correction: LeagueCorrection) -> String {
    switch correction {
    case .pins(let delivery, let pins):
      let listed =
        pins.isEmpty ? "-" : pins == .full ? "X" : pins.map { String($0.rawValue) }.joined(separator: ",")
      return "pins \(delivery) \(listed)"
    case .foul(let delivery, let isFoul): return "\(isFoul ? "foul" : "no-foul") \(delivery)"
    case .deadBall(let delivery): return "dead-ball \(delivery)"
    case .move(let deliveries, let slot):
      return "move \(deliveries.map(String.init).joined(separator: ",")) to \(text(of: slot))"
    case .wrongLane(let delivery, let slot, let rebowl):
      return "wrong-lane \(delivery) \(text(of: slot)) \(rebowl ? "rebowl" : "keep")"
    case .provisional(let delivery): return "provisional \(delivery)"
    case .decide(let delivery, let provisionalCounts):
      return "decide \(delivery) \(provisionalCounts ? "provisional" : "first")"
    case .late(let slot): return "late \(text(of: slot))"
    case .arrived(let slot): return "arrived \(text(of: slot))"
    case .absent(let slot, let isAbsent): return "\(isAbsent ? "absent" : "present") \(text(of: slot))"
    case .average(let slot, let average): return "average \(text(of: slot)) \(average)"
    case .handicap(let slot, let handicap):
      return "handicap \(text(of: slot)) \(handicap.map(String.init) ?? "formula")"
    case .substitute(let slot, let name, let average):
      return "substitute \(text(of: slot)) \(typed(name)) \(average)"
    }
  }

  /// `name` as typed: plain when it reads back as itself, otherwise quoted.
  private static func typed(_ name: String) -> String {
    let plain =
      !name.contains("\"") && !name.contains(";")
      && name.split(whereSeparator: \.isWhitespace).joined(separator: " ") == name
    return plain ? name : quoted(name)
  }

  /// `text` in double quotes, each quote inside doubled.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingQuotes + "\""
  }
}

extension String {
  /// The text with each double quote doubled.
  fileprivate var replacingQuotes: String {
    var doubled = ""
    for character in self {
      doubled.append(character)
      if character == "\"" { doubled.append("\"") }
    }
    return doubled
  }
}

extension LeagueCommand.Action: CustomStringConvertible {
  /// What the action asks, in a few words for a reply or a log: the correction's own words
  /// (``LeagueCorrection/description``), or `undo`.
  public var description: String {
    switch self {
    case .correct(let correction): "\(correction)"
    case .undo: "undo"
    }
  }
}
