import Bowling
import Foundation

/// One correction asked of a running lane over its control socket (``ControlSocket``): one
/// JSON object on one line, for example
/// `{"v":1,"id":"7f3a","by":"Ana","action":"pins","pins":[1,2,4]}`.
///
/// `action` is `pins` (with `pins`, the pin numbers the last ball knocked down, `[]` for
/// none), `foul`, `no-foul`, `dead-ball` or `undo`. ``parse(_:)`` checks everything before the
/// lane does anything with it; the lane answers every line with a ``ControlReply``.
public struct ControlRequest: Hashable, Sendable {
  /// The protocol version this lane speaks; a request of another version is refused.
  public static let version = 1
  /// The longest request line read, newline included; a longer one is refused unread.
  public static let maximumLength = 1024
  /// The longest request id and author name.
  public static let maximumNameLength = 64

  /// Chosen by the client, echoed in the reply so it knows the reply is its own.
  public var id: String
  /// Who makes the correction, for the journal.
  public var by: String
  public var correction: Correction

  public init(id: String, by: String, correction: Correction) {
    self.id = id
    self.by = by
    self.correction = correction
  }

  /// Why a request line was refused before the lane looked at its session.
  public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request's id when it could be read, for the reply.
    public var id: String?
    public var description: String
  }

  private struct Wire: Codable {
    var v: Int?
    var id: String?
    var by: String?
    var action: String?
    var pins: [Int]?
  }

  /// Reads and checks one request line (without its newline).
  public static func parse(_ line: some Collection<UInt8>) -> Result<ControlRequest, Refusal> {
    guard line.count < maximumLength else {
      return .failure(Refusal(description: "the request is longer than \(maximumLength) bytes"))
    }
    guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(line)) else {
      return .failure(Refusal(description: "the request is not a JSON object with v, id, by and action"))
    }
    guard let id = wire.id, isName(id) else {
      return .failure(Refusal(
        description: "id must be 1 to \(maximumNameLength) printable characters"))
    }
    func refuse(_ reason: String) -> Result<ControlRequest, Refusal> {
      .failure(Refusal(id: id, description: reason))
    }
    guard wire.v == version else {
      return refuse("this lane speaks version \(version) of the control protocol, not \(wire.v.map(String.init) ?? "none")")
    }
    guard let by = wire.by, isName(by) else {
      return refuse("by must be 1 to \(maximumNameLength) printable characters")
    }
    let correction: Correction
    switch wire.action {
    case "pins":
      guard let numbers = wire.pins else { return refuse("pins needs \"pins\": [1, 2, 4] ([] for none)") }
      var pins = PinSet.empty
      for number in numbers {
        guard let pin = Pin(rawValue: number) else { return refuse("\(number) is not a pin number from 1 to 10") }
        guard !pins.contains(pin) else { return refuse("pin \(number) is given twice") }
        pins.insert(pin)
      }
      correction = .setPins(pins)
    case "foul": correction = .foul(true)
    case "no-foul": correction = .foul(false)
    case "dead-ball": correction = .deadBall
    case "undo": correction = .undo
    default:
      return refuse("action must be pins, foul, no-foul, dead-ball or undo")
    }
    if wire.pins != nil, wire.action != "pins" { return refuse("only pins takes pins") }
    return .success(ControlRequest(id: id, by: by, correction: correction))
  }

  /// The request as one line, newline included.
  public var line: String {
    var wire = Wire(v: Self.version, id: id, by: by)
    switch correction {
    case .setPins(let pins):
      wire.action = "pins"
      wire.pins = pins.map(\.rawValue)
    case .foul(true): wire.action = "foul"
    case .foul(false): wire.action = "no-foul"
    case .deadBall: wire.action = "dead-ball"
    case .undo: wire.action = "undo"
    }
    return Self.encode(wire)
  }

  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Strings and numbers always encode; an empty object would be refused by the reader.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// A short name without control characters (they could redraw an operator's terminal).
  static func isName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= maximumNameLength
      && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
