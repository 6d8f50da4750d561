import Bowling
import Foundation

/// How one ``JournalEntry`` is framed on disk: a line `<crc32> <json>\n`.
///
/// The CRC-32 (eight lowercase hex digits) covers the JSON text exactly, so a record that a
/// power cut left half-written, or filled with zeros, is told apart from a good one. The JSON
/// is flat with sorted keys:
/// `{"at":"2025-05-01T19:04:11Z","by":"lane","event":"throw","foul":false,"knocked":[1,2,3],...,"seq":2}`.
enum JournalRecord {
  /// Why a line is not a good record.
  struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    var description: String
  }

  /// The record's bytes, newline included.
  static func bytes(of entry: JournalEntry) -> [UInt8] {
    let json = try! encoder.encode(Wire(entry))  // plain strings and numbers always encode
    let checksum = String(CRC32.checksum(json), radix: 16)
    let padded = String(repeating: "0", count: 8 - checksum.count) + checksum
    return Array((padded + " ").utf8) + Array(json) + [UInt8(ascii: "\n")]
  }

  /// The entry a line holds, the newline left off.
  ///
  /// - Throws: ``Problem`` saying what is wrong: framing, checksum, or content.
  static func entry(from line: ArraySlice<UInt8>) throws(Problem) -> JournalEntry {
    guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: " "),
      let stored = UInt32(String(decoding: line.prefix(8), as: UTF8.self), radix: 16)
    else {
      throw Problem(description: "it does not start with a checksum")
    }
    let json = line.dropFirst(9)
    guard CRC32.checksum(json) == stored else {
      throw Problem(description: "its checksum does not match its text")
    }
    let wire: Wire
    do {
      wire = try decoder.decode(Wire.self, from: Data(json))
    } catch {
      throw Problem(description: "its checksum matches but its text is not a journal entry")
    }
    return try wire.entry()
  }

  private static let encoder: JSONEncoder = {
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
  private struct Wire: Codable {
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

    init(_ entry: JournalEntry) {
      seq = entry.sequence
      at = entry.time
      by = entry.author
      switch entry.event {
      case .started(let names):
        event = "start"
        bowlers = names
      case .delivered(let delivery):
        event = "throw"
        knocked = delivery.knocked.map(\.rawValue)
        foul = delivery.isFoul
        deck = delivery.deck?.map(\.rawValue)
        start = delivery.start
        end = delivery.end
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

    func entry() throws(Problem) -> JournalEntry {
      JournalEntry(sequence: seq, time: at, author: by, event: try decodedEvent())
    }

    private func decodedEvent() throws(Problem) -> JournalEntry.Event {
      switch event {
      case "start":
        guard let bowlers else { throw Problem(description: "a start without bowlers") }
        return .started(bowlers: bowlers)
      case "throw":
        guard let knocked, let foul else {
          throw Problem(description: "a throw without its pins or foul")
        }
        return .delivered(JournalEntry.Delivery(
          knocked: try Self.pinSet(knocked), isFoul: foul, deck: try deck.map(Self.pinSet),
          start: start, end: end))
      case "correct":
        return .corrected(try decodedCorrection(), change: change ?? "")
      default:
        throw Problem(description: "an unknown event '\(event)'")
      }
    }

    private func decodedCorrection() throws(Problem) -> Correction {
      switch correction {
      case "pins":
        guard let pins else { throw Problem(description: "a pins correction without pins") }
        return .setPins(try Self.pinSet(pins))
      case "foul": return .foul(true)
      case "no-foul": return .foul(false)
      case "dead-ball": return .deadBall
      case "undo": return .undo
      default: throw Problem(description: "an unknown correction '\(correction ?? "")'")
      }
    }

    private static func pinSet(_ numbers: [Int]) throws(Problem) -> PinSet {
      var set = PinSet.empty
      for number in numbers {
        guard let pin = Pin(rawValue: number) else {
          throw Problem(description: "\(number) is not a pin number")
        }
        set.insert(pin)
      }
      return set
    }
  }
}
