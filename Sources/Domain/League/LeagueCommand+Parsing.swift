import Bowling

extension LeagueCommand {
  /// Reads one typed line against the night it corrects (names and places are the night's).
  ///
  /// The line is a verb and its arguments, then, after the first semicolon outside double
  /// quotes, the reason (blanks around it are dropped). Only the places and names are
  /// checked against `play`: whether the correction can be made (a delivery the night has,
  /// a ball that stays possible) is ``LeaguePlay/correct(_:)``'s to say.
  /// - Parameters:
  ///   - line: What was typed, without its newline.
  ///   - play: The night as it stands.
  ///   - rule: Whether a reason is required, or given apart from the line.
  /// - Throws: ``ParseError`` saying what is wrong and showing the right form.
  public static func parse(
    _ line: String, in play: LeaguePlay, reason rule: ReasonRule = .optional
  ) throws(ParseError) -> LeagueCommand {
    guard !NameText.hasControlCharacters(line) else { throw .controlCharacter }
    let (words, commandLength, typed) = try Lexer.split(line)
    guard commandLength <= maximumLength else { throw .tooLong(commandLength) }
    let reason = try Self.reason(typed: typed, rule: rule)
    guard let first = words.first else { throw .empty }
    guard !first.isQuoted, let verb = Verb(word: first.text) else { throw .unknownVerb(first.text) }
    let action = try Arguments(verb: verb, words: words.dropFirst(), play: play).action()
    return LeagueCommand(action, reason: reason)
  }

  /// The reason the command is journalled with, by `rule`, from what followed the
  /// semicolon (`nil` when nothing did).
  private static func reason(typed: String?, rule: ReasonRule) throws(ParseError) -> String? {
    let typed = typed.map { $0.trimmingWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
    let reason: String?
    switch rule {
    case .optional:
      reason = typed
    case .required:
      guard let typed else { throw .missingReason }
      reason = typed
    case .given(let why):
      guard typed == nil else { throw .reasonTwice }
      let trimmed = why.trimmingWhitespace
      guard !trimmed.isEmpty else { throw .missingReason }
      reason = trimmed
    }
    if let reason, !isReason(reason) { throw .badReason }
    return reason
  }

  /// `1.2` for team 1, place 2: how a command names a place, counting from 1.
  public static func text(of slot: SlotID) -> String { "\(slot.team + 1).\(slot.place + 1)" }
}

/// A word of a command: its text, and whether it was typed in double quotes (then it is a
/// name, never a place or the `to` of a move).
private struct CommandWord: Hashable {
  var text: String
  var isQuoted: Bool
}

/// Splits a line into the command's words and the reason.
private enum Lexer {
  /// The words before the first semicolon outside quotes, the command's length in
  /// characters, and the text after that semicolon, if there is one.
  static func split(_ line: String) throws(LeagueCommand.ParseError) -> ([CommandWord], Int, String?) {
    var words: [CommandWord] = []
    var current: CommandWord?
    var inQuotes = false
    var index = line.startIndex
    var length = 0
    while index < line.endIndex {
      let character = line[index]
      index = line.index(after: index)
      if inQuotes {
        length += 1
        if character != "\"" {
          current?.text.append(character)
        } else if index < line.endIndex, line[index] == "\"" {
          current?.text.append("\"")
          index = line.index(after: index)
          length += 1
        } else {
          inQuotes = false
        }
        continue
      }
      if character == ";" {
        if let current { words.append(current) }
        return (words, length, String(line[index...]))
      }
      length += 1
      if character.isWhitespace {
        if let word = current { words.append(word) }
        current = nil
      } else if character == "\"" && current == nil {
        current = CommandWord(text: "", isQuoted: true)
        inQuotes = true
      } else {
        current = current ?? CommandWord(text: "", isQuoted: false)
        current?.text.append(character)
      }
    }
    guard !inQuotes else { throw .unclosedQuote }
    if let current { words.append(current) }
    return (words, length, nil)
  }
}

/// The words after a verb, read into the command's action against the night.
private struct Arguments {
  let verb: LeagueCommand.Verb
  let words: ArraySlice<CommandWord>
  let play: LeaguePlay

  /// The words do not fit the verb's form.
  var wrongForm: LeagueCommand.ParseError {
    .wrongForm(verb, found: words.map { $0.isQuoted ? LeagueCommand.quoted($0.text) : $0.text }.joined(separator: " "))
  }

  func action() throws(LeagueCommand.ParseError) -> LeagueCommand.Action {
    let correction: LeagueCorrection
    switch verb {
    case .undo:
      guard words.isEmpty else { throw wrongForm }
      return .undo
    case .pins:
      guard words.count >= 2 else { throw wrongForm }
      correction = .pins(delivery: try delivery(words.first), try pins(words.dropFirst()))
    case .foul, .noFoul, .deadBall, .provisional:
      guard words.count == 1 else { throw wrongForm }
      let number = try delivery(words.first)
      correction =
        switch verb {
        case .foul: .foul(delivery: number, true)
        case .noFoul: .foul(delivery: number, false)
        case .deadBall: .deadBall(delivery: number)
        default: .provisional(delivery: number)
        }
    case .decide:
      guard words.count == 2, let counts = keyword(words.last, ["provisional": true, "first": false]) else {
        throw wrongForm
      }
      correction = .decide(delivery: try delivery(words.first), provisionalCounts: counts)
    case .move:
      guard let to = words.firstIndex(where: { !$0.isQuoted && $0.text.lowercased() == "to" }),
        to > words.startIndex, to < words.endIndex - 1
      else { throw wrongForm }
      correction = .move(deliveries: try deliveries(words[..<to]), to: try bowler(words[(to + 1)...]))
    case .wrongLane:
      guard words.count >= 3, let rebowl = keyword(words.last, ["rebowl": true, "keep": false]) else {
        throw wrongForm
      }
      correction = .wrongLane(
        delivery: try delivery(words.first), bowler: try bowler(words.dropFirst().dropLast()), rebowl: rebowl)
    case .late, .arrived, .absent, .present:
      guard !words.isEmpty else { throw wrongForm }
      let slot = try bowler(words)
      correction =
        switch verb {
        case .late: .late(slot)
        case .arrived: .arrived(slot)
        case .absent: .absent(slot, true)
        default: .absent(slot, false)
        }
    case .average:
      guard words.count >= 2 else { throw wrongForm }
      correction = .average(try bowler(words.dropLast()), try number(words.last))
    case .handicap:
      guard words.count >= 2 else { throw wrongForm }
      let slot = try bowler(words.dropLast())
      if keyword(words.last, ["formula": true]) != nil {
        correction = .handicap(slot, nil)
      } else {
        correction = .handicap(slot, try number(words.last))
      }
    case .substitute:
      guard words.count >= 3 else { throw wrongForm }
      let slot = try bowler(words.prefix(1))
      correction = .substitute(
        slot, name: try newName(words.dropFirst().dropLast()), average: try number(words.last))
    }
    return .correct(correction)
  }

  /// The value `word` names among `keywords` (any case), or `nil`.
  func keyword<Value>(_ word: CommandWord?, _ keywords: [String: Value]) -> Value? {
    word.flatMap { keywords[$0.text.lowercased()] }
  }

  /// A delivery's number: digits only, from 1.
  func delivery(_ word: CommandWord?) throws(LeagueCommand.ParseError) -> Int {
    let text = word?.text ?? ""
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), number >= 1 else {
      throw .badDelivery(verb, text)
    }
    return number
  }

  /// A move's deliveries, separated by commas or blanks, each once.
  func deliveries(_ words: ArraySlice<CommandWord>) throws(LeagueCommand.ParseError) -> [Int] {
    var numbers: [Int] = []
    for part in words.map(\.text).joined(separator: ",").split(separator: ",") {
      let number = try delivery(CommandWord(text: String(part), isQuoted: false))
      guard !numbers.contains(number) else { throw .repeatedDelivery(number) }
      numbers.append(number)
    }
    guard !numbers.isEmpty else { throw wrongForm }
    return numbers
  }

  /// Pins separated by commas, dashes or blanks (`1,2,4`, `7-10`); `-` for none, `X` for all.
  func pins(_ words: ArraySlice<CommandWord>) throws(LeagueCommand.ParseError) -> PinSet {
    let text = words.map(\.text).joined(separator: ",")
    if text == "-" { return .empty }
    if text.lowercased() == "x" { return .full }
    var pins = PinSet.empty
    for part in text.split(whereSeparator: { $0 == "," || $0 == "-" }) {
      guard part.allSatisfy({ $0.isASCII && $0.isNumber }), let pin = Int(part).flatMap(Pin.init(rawValue:)) else {
        throw .badPin(String(part))
      }
      guard !pins.contains(pin) else { throw .repeatedPin(pin.rawValue) }
      pins.insert(pin)
    }
    guard !pins.isEmpty else { throw wrongForm }
    return pins
  }

  /// A whole number, signed.
  func number(_ word: CommandWord?) throws(LeagueCommand.ParseError) -> Int {
    guard let text = word?.text, let number = Int(text) else { throw .badNumber(verb, word?.text ?? "") }
    return number
  }

  /// A substitute's name: the words as typed, one blank between them, or a quoted word as
  /// it is.
  func newName(_ words: ArraySlice<CommandWord>) throws(LeagueCommand.ParseError) -> String {
    let name = words.map(\.text).joined(separator: " ")
    guard !name.allSatisfy(\.isWhitespace), !name.contains(",") else { throw .badName(name) }
    return name
  }

  /// The place `words` name: `1.2` (team 1, place 2), or the name of whoever bowls there now,
  /// in any case, when one place only goes by it.
  func bowler(_ words: ArraySlice<CommandWord>) throws(LeagueCommand.ParseError) -> SlotID {
    if words.count == 1, let word = words.first, !word.isQuoted, let numbers = Self.placeNumbers(word.text) {
      guard play.places.indices.contains(numbers.team - 1),
        play.places[numbers.team - 1].indices.contains(numbers.place - 1)
      else { throw .noSuchPlace(word.text, lineups: play.places.map(\.count)) }
      return SlotID(team: numbers.team - 1, place: numbers.place - 1)
    }
    let typed = words.map(\.text).joined(separator: " ")
    var everyone: [(slot: SlotID, name: String)] = []
    for (team, places) in play.places.enumerated() {
      for (place, lineupPlace) in places.enumerated() {
        guard let person = lineupPlace.people.last else { continue }
        everyone.append((SlotID(team: team, place: place), person.name))
      }
    }
    let matches = everyone.filter { Self.key($0.name) == Self.key(typed) }
    let listed = { (people: [(slot: SlotID, name: String)]) in
      people.map { "\(LeagueCommand.text(of: $0.slot)) \($0.name)" }
    }
    guard !matches.isEmpty else { throw .unknownName(typed, candidates: listed(everyone)) }
    guard matches.count == 1 else { throw .ambiguousName(typed, candidates: listed(matches)) }
    return matches[0].slot
  }

  /// The team and place numbers of `1.2`, when `text` is two runs of digits around a dot;
  /// numbers too large for an `Int` are zero, a place no night has.
  static func placeNumbers(_ text: String) -> (team: Int, place: Int)? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    return (Int(parts[0]) ?? 0, Int(parts[1]) ?? 0)
  }

  /// A name as names are compared: lower case, blanks between words made one space.
  static func key(_ name: String) -> String {
    name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

extension String {
  /// The text without blanks at either end.
  fileprivate var trimmingWhitespace: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
