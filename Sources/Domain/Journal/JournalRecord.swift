import Bowling
import Foundation

/// How one ``JournalEntry`` is framed on disk: a line `<crc32> <json>\n`.
///
/// The CRC-32 (eight lowercase hex digits) covers the JSON text exactly, so a record that a
/// power cut left half-written, or filled with zeros, is told apart from a good one. The JSON
/// is flat with sorted keys:
/// `{"at":"2025-05-01T19:04:11Z","by":"lane","event":"throw","foul":false,"knocked":[1,2,3],...,"seq":2}`;
/// a league night's records nest the night and its corrections (`JournalRecord+Night`).
enum JournalRecord {
  /// Why a line is not a good record.
  struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    var description: String
    /// The checksum matched, so the line was written whole: its content is impossible,
    /// which no torn write explains.
    var isContent = false

    /// The words every impossible content's description starts with.
    static let impossiblePrefix = "its checksum matches but it holds "
  }

  /// The most bowlers a session may have, the longest name or author, and the longest
  /// description of a change, beyond which a record is refused as impossible.
  static let maximumBowlers = 32
  static let maximumNameLength = 100
  static let maximumChangeLength = 2000
  /// The longest reason given for a league night's correction or undo.
  static let maximumReasonLength = 500
  /// Sensor times are seconds on the sensor's monotonic clock: at most about 30 years.
  static let maximumSensorTime = 1e9

  /// The record's bytes, newline included.
  static func bytes(of entry: JournalEntry) -> [UInt8] {
    // Plain strings and finite numbers always encode; a non-finite time is left out.
    var wire = Wire(entry)
    if wire.start?.isFinite == false { wire.start = nil }
    if wire.end?.isFinite == false { wire.end = nil }
    let json = (try? encoder.encode(wire)) ?? Data()
    return Array((checksumText(of: json) + " ").utf8) + Array(json) + [UInt8(ascii: "\n")]
  }

  /// The CRC-32 of `bytes` as eight lowercase hex digits.
  static func checksumText(of bytes: some Sequence<UInt8>) -> String {
    let checksum = String(CRC32.checksum(bytes), radix: 16)
    return String(repeating: "0", count: 8 - checksum.count) + checksum
  }

  /// Whether `text` holds a control character (``NameText/hasControlCharacters(_:)``).
  static func hasControlCharacters(_ text: String) -> Bool { NameText.hasControlCharacters(text) }

  /// Decodes a `<crc32> <json>` text, the checksum checked first.
  static func decoded<Value: Decodable>(
    _ type: Value.Type, from line: ArraySlice<UInt8>
  ) throws(Problem) -> Value {
    guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: " "),
      let stored = UInt32(String(decoding: line.prefix(8), as: UTF8.self), radix: 16)
    else {
      throw Problem(description: "it does not start with a checksum")
    }
    let json = line.dropFirst(9)
    guard CRC32.checksum(json) == stored else {
      throw Problem(description: "its checksum does not match its text")
    }
    do {
      return try decoder.decode(Value.self, from: Data(json))
    } catch {
      throw Problem(
        description: "its checksum matches but its text is not a journal entry", isContent: true)
    }
  }

  /// The entry a line holds, the newline left off.
  ///
  /// - Throws: ``Problem`` saying what is wrong: framing, checksum, or content.
  static func entry(from line: ArraySlice<UInt8>) throws(Problem) -> JournalEntry {
    try decoded(Wire.self, from: line).entry()
  }

  /// What keeps `entry`'s record from being read back, if anything: a writer's check before
  /// it appends, so that nothing is written that the journal would refuse as damage.
  static func unreadable(_ entry: JournalEntry) -> String? {
    var numbered = entry
    numbered.sequence = max(entry.sequence, 1)  // the store numbers it when it appends
    do {
      _ = try self.entry(from: bytes(of: numbered).dropLast())
      return nil
    } catch {
      // `a reason with control characters`, rather than how a reader tells damage.
      let prefix = Problem.impossiblePrefix
      let text = error.description
      return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
  }

  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()

  /// The JSON object as written: every field of every kind of entry, those unused left out.
  /// A night's fields (`lane`, `night`, `fix`, `reason`) are in `JournalRecord+Night`.
  struct Wire: Codable {
    var seq: Int
    var at: Date
    var by: String
    var event: String
    var bowlers: [String]?
    var knocked: [Int]?
    var foul: Bool?
    var deck: [Int]?
    var start: Double?
    var end: Double?
    var correction: String?
    var pins: [Int]?
    var change: String?
    var next: [String]?
    var session: String?
    var lane: String?
    var night: NightWire?
    var fix: FixWire?
    var reason: String?

    init(_ entry: JournalEntry) {
      seq = entry.sequence
      at = entry.time
      by = entry.author
      session = entry.session
      switch entry.event {
      case .started(let names):
        event = "start"
        bowlers = names
      case .delivered(let delivery):
        event = "throw"
        record(delivery)
      case .night(let happened):
        event = Self.event(of: happened)
        record(happened)
      case .ended(let names):
        event = "end"
        next = names
      case .corrected(let fix, let text):
        event = "correct"
        change = text
        switch fix {
        case .setPins(let set):
          correction = "pins"
          pins = set.map(\.rawValue)
        case .foul(let isFoul): correction = isFoul ? "foul" : "no-foul"
        case .deadBall: correction = "dead-ball"
        case .undo: correction = "undo"
        }
      }
    }

    /// Sets the fields of a delivery.
    mutating func record(_ delivery: JournalEntry.Delivery) {
      knocked = delivery.knocked.map(\.rawValue)
      foul = delivery.isFoul
      deck = delivery.deck?.map(\.rawValue)
      start = delivery.start
      end = delivery.end
    }

    func entry() throws(Problem) -> JournalEntry {
      guard seq >= 1 else { throw Self.impossible("a sequence number below 1 (\(seq))") }
      let seconds = at.timeIntervalSince1970
      guard seconds >= 0, seconds < 7_258_118_400 else {  // 1970 to 2200
        throw Self.impossible("a date outside 1970-2200")
      }
      try Self.checkName(by, what: "an author")
      for time in [start, end].compactMap({ $0 }) {
        guard time.isFinite, time >= 0, time <= maximumSensorTime else {
          throw Self.impossible("a sensor time of \(time) seconds")
        }
      }
      if let start, let end, end < start {
        throw Self.impossible("a delivery that ends before it starts")
      }
      if let change {
        guard change.count <= maximumChangeLength, !hasControlCharacters(change) else {
          throw Self.impossible("a change text that is too long or holds control characters")
        }
      }
      if let reason, let problem = JournalRecord.reasonProblem(reason) {
        throw Self.impossible(problem)
      }
      let event = try decodedEvent()
      if let session {
        switch event {
        case .started, .night(.started): break
        default: throw Self.impossible("a session id on a record that starts nothing")
        }
        guard SessionRotation.isID(session) else { throw Self.impossible("a session id that is not a time in UTC") }
      }
      return JournalEntry(sequence: seq, time: at, author: by, event: event, session: session)
    }

    static func impossible(_ what: String) -> Problem {
      Problem(description: Problem.impossiblePrefix + what, isContent: true)
    }

    static func checkName(_ name: String, what: String) throws(Problem) {
      guard name.count <= maximumNameLength else { throw impossible("\(what) over \(maximumNameLength) characters") }
      guard !hasControlCharacters(name) else {
        throw impossible("\(what) with control characters (a terminal escape?)")
      }
    }

    private func decodedEvent() throws(Problem) -> JournalEntry.Event {
      switch event {
      case "start":
        guard let bowlers else { throw Self.impossible("a start without bowlers") }
        return .started(bowlers: try Self.checkBowlers(bowlers))
      case "end":
        guard let next else { throw Self.impossible("an end without the next session's bowlers") }
        return .ended(next: try Self.checkBowlers(next))
      case "throw":
        guard let knocked, let foul else {
          throw Self.impossible("a throw without its pins or foul")
        }
        let delivery = JournalEntry.Delivery(
          knocked: try Self.pinSet(knocked), isFoul: foul, deck: try deck.map(Self.pinSet),
          start: start, end: end)
        guard let lane else { return .delivered(delivery) }
        return .night(.delivered(delivery, on: try Self.side(lane)))
      case "correct":
        return .corrected(try decodedCorrection(), change: change ?? "")
      case "night-start", "night-correct", "night-undo":
        return .night(try decodedNightEvent())
      default:
        throw Self.impossible("an unknown event")
      }
    }

    private static func checkBowlers(_ bowlers: [String]) throws(Problem) -> [String] {
      guard bowlers.count <= maximumBowlers else {
        throw impossible("\(bowlers.count) bowlers (at most \(maximumBowlers))")
      }
      for name in bowlers { try checkName(name, what: "a bowler's name") }
      return bowlers
    }

    private func decodedCorrection() throws(Problem) -> Correction {
      switch correction {
      case "pins":
        guard let pins else { throw Self.impossible("a pins correction without pins") }
        return .setPins(try Self.pinSet(pins))
      case "foul": return .foul(true)
      case "no-foul": return .foul(false)
      case "dead-ball": return .deadBall
      case "undo": return .undo
      default: throw Self.impossible("an unknown correction")
      }
    }

    static func pinSet(_ numbers: [Int]) throws(Problem) -> PinSet {
      var set = PinSet.empty
      for number in numbers {
        guard let pin = Pin(rawValue: number) else {
          throw impossible("\(number), which is not a pin number")
        }
        guard !set.contains(pin) else { throw impossible("pin \(number) twice") }
        set.insert(pin)
      }
      return set
    }
  }
}
