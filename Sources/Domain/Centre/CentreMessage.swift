import Foundation

/// A message received on the centre link, validated: the topic is one of the
/// link's, the payload is version 1, within its size limit, and names the
/// lane its topic names.
public enum CentreMessage: Hashable, Sendable {
  case event(Payload.Event)
  case status(Payload.Status)
  case board(Payload.Board)
  case ack(LaneID, Payload.Ack)
  case command(LaneID, Payload.Command)
  case reply(LaneID, Payload.Reply)
  /// A display's request on `…/display-requests`: always a valid `resend` (nothing else is
  /// decoded there), so a display's credentials can ask a lane for nothing but its events.
  case displayRequest(LaneID, Payload.Command)
  case deskStatus(Payload.DeskStatus)

  /// Why a message was refused; nothing acts on a refused message.
  public enum Invalid: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownTopic(String)
    case oversize(bytes: Int, limit: Int)
    case notJSON(String)
    case unsupportedVersion(Int?)
    /// The payload names another lane than its topic: forged or misrouted.
    case laneMismatch(topic: LaneID, payload: LaneID)
    case badField(String, String)
    /// A display asked for something other than a `resend` on `…/display-requests`: a
    /// display may only ask a lane to publish its events again.
    case notAResend(Payload.Command.Action)

    public var description: String {
      switch self {
      case .unknownTopic(let topic): "not a LaneBridge v1 topic: \(topic)"
      case .oversize(let bytes, let limit): "payload of \(bytes) bytes exceeds the \(limit)-byte limit"
      case .notJSON(let why): "payload is not a valid v1 JSON object: \(why)"
      case .unsupportedVersion(let version):
        "payload schema version \(version.map(String.init) ?? "missing") is not 1; update LaneBridge"
      case .laneMismatch(let topic, let payload):
        "payload names lane \(payload) on lane \(topic)'s topic: forged or misrouted, ignored"
      case .badField(let field, let why): "field \(field) \(why)"
      case .notAResend(let action):
        "a display asked for \(action.rawValue), but may only ask a lane to publish again (resend): refused"
      }
    }
  }

  /// The largest payload accepted on each topic, in bytes.
  public static func sizeLimit(for topic: Topic) -> Int {
    switch topic {
    case .board: 256 * 1024
    case .events: 64 * 1024
    // A `start-league` carries a night file of up to 16 KiB, which JSON may escape to six
    // times its bytes (a control character as `\u0001`).
    case .commands: 6 * Payload.Command.maximumNightLength + 4 * 1024
    default: 4 * 1024
    }
  }

  /// Validates `payload` received on `topic`.
  ///
  /// - Throws: ``Invalid`` saying what is wrong; the message must then be
  ///   ignored (and, for a lane, reported).
  public static func decode(topic name: String, payload: [UInt8]) throws(Invalid) -> CentreMessage {
    guard let topic = Topic(name: name) else { throw .unknownTopic(name) }
    let limit = sizeLimit(for: topic)
    guard payload.count <= limit else { throw .oversize(bytes: payload.count, limit: limit) }
    let data = Data(payload)
    struct Versioned: Decodable { var v: Int? }
    let version: Int?
    do {
      version = try JSONDecoder().decode(Versioned.self, from: data).v
    } catch {
      throw .notJSON(Self.reason(error))
    }
    guard version == Payload.version else { throw .unsupportedVersion(version) }

    switch topic {
    case .events(let lane):
      let event = try decode(Payload.Event.self, data)
      try check(lane, event.lane)
      try checkSession(event.session)
      guard event.seq >= 1 else { throw .badField("seq", "must be 1 or more, not \(event.seq)") }
      if let sentAt = event.sentAt, !(sentAt.isFinite && sentAt >= 0) {
        throw .badField("sentAt", "must be milliseconds since 1970")
      }
      try check(event.pair, of: lane)
      return .event(event)
    case .status(let lane):
      let status = try decode(Payload.Status.self, data)
      try check(lane, status.lane)
      guard status.epoch >= 0 else { throw .badField("epoch", "must not be negative") }
      try validate(status)
      return .status(status)
    case .board(let lane):
      let board = try decode(Payload.Board.self, data)
      try check(lane, board.lane)
      try checkSession(board.session)
      try check(board.pair, of: lane)
      if let league = board.league, !printable(league, 64) {
        throw .badField("league", "must be at most 64 printable characters")
      }
      return .board(board)
    case .ack(let lane):
      let ack = try decode(Payload.Ack.self, data)
      try checkSession(ack.session)
      guard ack.upto >= 0 else { throw .badField("upto", "must not be negative") }
      return .ack(lane, ack)
    case .commands(let lane):
      let command = try decode(Payload.Command.self, data)
      try validate(command)
      return .command(lane, command)
    case .displayRequests(let lane):
      // The action first: a display's credentials reach no other action, however well formed.
      let request = try decode(Payload.Command.self, data)
      guard request.action == .resend else { throw .notAResend(request.action) }
      try validate(request)
      return .displayRequest(lane, request)
    case .replies(let lane):
      let reply = try decode(Payload.Reply.self, data)
      guard Payload.isValidRequestID(reply.id) else { throw .badField("id", "is not a request id") }
      guard reply.message.utf8.count <= 1024 else { throw .badField("message", "is too long") }
      return .reply(lane, reply)
    case .deskStatus:
      return .deskStatus(try decode(Payload.DeskStatus.self, data))
    }
  }

  /// The JSON for a payload, keys sorted so equal payloads are equal bytes.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (a
  ///   ``JSONValue/number(_:)`` that is NaN or infinite).
  public static func encode<Value: Encodable>(_ payload: Value) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(payload))
  }

  private static func decode<Value: Decodable>(_ type: Value.Type, _ data: Data) throws(Invalid) -> Value {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw .notJSON(reason(error))
    }
  }

  private static func reason(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, _)?: "missing field \(key.stringValue)"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?,
      .dataCorrupted(let context)?:
      (context.codingPath.map(\.stringValue).joined(separator: ".") + " "
        + context.debugDescription).trimmingCharacters(in: .whitespaces)
    default: "unreadable JSON"
    }
  }

  private static func check(_ topic: LaneID, _ payload: LaneID) throws(Invalid) {
    guard topic == payload else { throw .laneMismatch(topic: topic, payload: payload) }
  }

  /// A pair names two lanes, the topic's one of them.
  private static func check(_ pair: Payload.Pair?, of lane: LaneID) throws(Invalid) {
    guard let pair else { return }
    guard pair.left != pair.right, pair.contains(lane) else {
      throw .badField("pair", "must name two lanes, \(lane) one of them")
    }
  }

  /// Short and printable: the desk shows it on a terminal, where a control character would
  /// be an escape sequence.
  private static func printable(_ text: String, _ limit: Int) -> Bool {
    text.utf8.count <= limit && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  private static func checkSession(_ session: String) throws(Invalid) {
    guard Payload.isValidSession(session) else {
      throw .badField("session", "must be 1-64 of a-z A-Z 0-9 - _ : .")
    }
  }

  /// A status's texts are short and printable: the desk shows them on a terminal, where a
  /// control character would be an escape sequence.
  private static func validate(_ status: Payload.Status) throws(Invalid) {
    if let version = status.version, !printable(version, 64) {
      throw .badField("version", "must be at most 64 printable characters")
    }
    if let faults = status.faults {
      guard faults.count <= 16, faults.allSatisfy({ printable($0, 256) }) else {
        throw .badField("faults", "must be at most 16 printable sentences of 256 bytes")
      }
    }
    if let wiring = status.wiring {
      guard printable(wiring.chip, 64), wiring.lines.count <= 32,
        wiring.lines.allSatisfy({ printable($0.key, 32) && $0.value >= 0 })
      else { throw .badField("wiring", "must name a chip and at most 32 lines with offsets") }
    }
  }

  /// A command's fields make sense for its action (names, pins, seqs): the check a lane
  /// makes of what arrives, which the desk also makes before it sends.
  public static func validate(_ command: Payload.Command) throws(Invalid) {
    guard Payload.isValidRequestID(command.id) else {
      throw .badField("id", "must be 1-64 of a-z A-Z 0-9 - _")
    }
    if let user = command.user, !Payload.isValidUserName(user) {
      throw .badField("user", "must be 1-32 of a-z 0-9 . _ -, starting with a letter or digit")
    }
    switch command.action {
    case .startSession:
      guard let bowlers = command.bowlers, !bowlers.isEmpty,
        bowlers.count <= Payload.Command.maximumBowlers
      else { throw .badField("bowlers", "must name 1 to \(Payload.Command.maximumBowlers) bowlers") }
      for name in bowlers {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, name.count <= Payload.Command.maximumNameLength,
          !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
          throw .badField("bowlers", "hold a name that is empty, too long or has control characters")
        }
      }
    case .endSession:
      break
    case .correct:
      guard let correction = command.correction else {
        throw .badField("correction", "is missing")
      }
      if correction == .pins {
        guard let pins = command.pins, pins.allSatisfy((1...10).contains),
          Set(pins).count == pins.count
        else { throw .badField("pins", "must be distinct pin numbers 1 to 10") }
      } else if command.pins != nil {
        throw .badField("pins", "only go with the pins correction")
      }
    case .league:
      func text(_ value: String?, _ limit: Int) -> Bool {
        guard let value else { return false }
        return !value.allSatisfy(\.isWhitespace) && value.count <= limit && printable(value, .max)
      }
      guard text(command.command, Payload.Command.maximumCommandLength) else {
        throw .badField(
          "command", "must be a league command of 1 to \(Payload.Command.maximumCommandLength) characters")
      }
      guard text(command.why, Payload.Command.maximumReasonLength) else {
        throw .badField("why", "must say why in 1 to \(Payload.Command.maximumReasonLength) characters")
      }
    case .startLeague:
      guard let night = command.night, !night.allSatisfy(\.isWhitespace),
        night.utf8.count <= Payload.Command.maximumNightLength
      else {
        throw .badField(
          "night", "must be a league night file's text of 1 to \(Payload.Command.maximumNightLength) bytes")
      }
    case .resend:
      guard let from = command.from, from >= 1 else {
        throw .badField("from", "must be a seq of 1 or more")
      }
      if let session = command.session { try checkSession(session) }
    }
  }
}
