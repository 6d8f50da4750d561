import Centre
import Foundation
import PropertyBased
import Testing

/// Choices read in turn from a generated list, each taken modulo what is asked: the value
/// made from a list shrinks when the list does.
private struct Tape {
  var choices: [Int]
  var next = 0

  mutating func pick(_ count: Int) -> Int {
    defer { next += 1 }
    return choices.isEmpty ? 0 : choices[next % choices.count] % count
  }

  mutating func element<T>(_ options: [T]) -> T { options[pick(options.count)] }
}

/// The hand-written JSON of events and records must be JSONEncoder's, byte for byte: the
/// store keeps it, the desk prints it, and both were JSONEncoder's before.
@Suite("JSONWriter writes what CentreMessage.encode writes")
struct JSONWriterTests {
  /// A random value up to `depth` levels deep: keys and strings from a set with escapes,
  /// non-ASCII and keys that sort differently by bytes than by case; numbers whole, fractional,
  /// tiny and huge.
  private static func value(_ tape: inout Tape, depth: Int) -> JSONValue {
    let strings = ["", "a", "B", "_", "a10", "a9", "é", "😀", "q\"uote", "back\\slash", "/path", "line\nbreak",
      "tab\t", "\u{1}\u{1f}\u{7f}", "\r\u{8}\u{c}", "\u{2028}", "Ana", "Pin Pals"]
    let numbers: [Double] = [0, -0.0, 1, -1, 4.23, 0.1 + 0.2, 1e-7, 1e21, 1e16, 2.5e15, 1e15 + 0.5, 123456789012345, 1_764_000_000_123.5]
    switch tape.pick(depth > 0 ? 7 : 5) {
    case 0: return .null
    case 1: return .bool(tape.pick(2) == 1)
    case 2: return .number(tape.element(numbers))
    case 3: return .number(Double(tape.pick(200_001) - 100_000) / 100)
    case 4: return .string(tape.element(strings))
    case 5: return .array((0..<tape.pick(5)).map { _ in value(&tape, depth: depth - 1) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<tape.pick(6) { members[tape.element(strings)] = value(&tape, depth: depth - 1) }
      return .object(members)
    }
  }

  @Test("When random events (with and without pair, sentAt, ahead, record) are written, then each is JSONEncoder's bytes and reads back as itself")
  func randomEvents() async throws {
    let lanes = try ["lane1", "7", "lane-12"].map { try LaneID($0) }
    await propertyCheck(count: 2_000, input: Gen.int(in: 0...1_000_000).array(of: 0...120)) { choices in
      var tape = Tape(choices: choices)
      let event = Payload.Event(
        lane: tape.element(lanes),
        session: tape.element(["2026-11-27T07:00:00Z", "s\"1", "é"]),
        seq: tape.pick(1_000_000) + 1,
        type: tape.element(Payload.Event.Kind.allCases),
        // A record is an object, as every journal record is (a null one would read back as none).
        record: tape.pick(2) == 1 ? .object(["at": Self.value(&tape, depth: 3)]) : nil,
        sentAt: tape.pick(2) == 1 ? Double(tape.pick(1_000_000)) / 10 + 1_764_000_000_000 : nil,
        ahead: tape.element([nil, true, false]),
        pair: tape.pick(2) == 1 ? Payload.Pair(left: lanes[1], right: tape.element(lanes)) : nil)

      let written = try? event.jsonBytes

      #expect(written == (try? CentreMessage.encode(event)), "\(String(decoding: written ?? [], as: UTF8.self))")
      #expect(written.flatMap { try? JSONDecoder().decode(Payload.Event.self, from: Data($0)) } == event)
    }
  }

  @Test("When a record holds a number JSON cannot carry, then writing it is refused, as JSONEncoder refuses it")
  func notFinite() throws {
    let event = Payload.Event(lane: try LaneID("lane1"), session: "s", seq: 1, type: .throw, record: .array([.number(.infinity)]))

    #expect(throws: JSONWriter.Unencodable.self) { try event.jsonBytes }
    #expect(throws: (any Error).self) { try CentreMessage.encode(event) }
  }
}
