import Bowling
import Foundation
import League

/// One correction or change of session asked of a running lane over its control socket
/// (`LaneControl`'s `ControlSocket`): one JSON object on one line, for example
/// `{"v":1,"id":"7f3a","by":"Ana","action":"pins","pins":[1,2,4]}`.
///
/// `action` is `pins` (with `pins`, the pin numbers the last ball knocked down, `[]` for
/// none), `foul`, `no-foul`, `dead-ball` or `undo`; or `end-session`, or `start-session`
/// with `bowlers` (1 to 8 names of 1 to 32 characters); or `league` with `command`, one
/// ``LeagueCommand`` as typed at the pair, and `why`, its reason, for a lane scoring a
/// league night: `{"v":1,"id":"7f3b","by":"desk","action":"league","command":"move 12 to
/// Ana","why":"bowled out of turn"}`; or `start-league` with `night`, a night file's text,
/// for a lane of a pair in open play (a night file rarely fits the line's limit: the desk
/// sends it over the broker). ``parse(_:)`` checks everything it can before the
/// lane does anything with it (a league command's names and places are checked by the lane,
/// against its night); the lane answers every line with a ``ControlReply``.
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
  public var action: Action

  /// What is asked.
  public enum Action: Hashable, Sendable {
    case correct(Correction)
    /// End the session; the lane opens the next with one unnamed bowler.
    case endSession
    /// Open a session for these bowlers, when the open one has no deliveries.
    case startSession(bowlers: [String])
    /// Correct the league night the lane scores: `command` as ``LeagueCommand`` reads it,
    /// journalled with `why` (USBC: every correction with who, when and why). A lane not
    /// scoring a league night refuses it.
    case league(command: String, why: String)
    /// Start a league night on the pair the lane is one of: `night`, a night file's text
    /// (docs/league.md). The pair ends both lanes' sessions, which must have no
    /// deliveries; a lane alone, or a pair already on a night, refuses it.
    case startLeague(night: String)
  }

  /// The most bowlers a `start-session` names, and the longest name: the desk's limits.
  public static let maximumBowlers = 8
  public static let maximumBowlerName = 32

  /// The correction asked for, if one is.
  public var correction: Correction? {
    guard case .correct(let correction) = action else { return nil }
    return correction
  }

  public init(id: String, by: String, correction: Correction) {
    self.init(id: id, by: by, action: .correct(correction))
  }

  public init(id: String, by: String, action: Action) {
    self.id = id
    self.by = by
    self.action = action
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
    var bowlers: [String]?
    var command: String?
    var why: String?
    var night: String?
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
    if wire.bowlers != nil, wire.action != "start-session" { return refuse("only start-session takes bowlers") }
    if wire.command != nil || wire.why != nil, wire.action != "league" {
      return refuse("only league takes command and why")
    }
    if wire.night != nil, wire.action != "start-league" { return refuse("only start-league takes night") }
    switch wire.action {
    case "league":
      guard wire.pins == nil else { return refuse("only pins takes pins") }
      guard let command = wire.command, isLeagueCommand(command) else {
        return refuse(
          "league needs \"command\": a league command of 1 to \(LeagueCommand.maximumLength) characters"
            + " without control characters, e.g. \"move 12 to Ana\"")
      }
      guard let why = wire.why, LeagueCommand.isReason(why) else {
        return refuse(
          "league needs \"why\": the reason, 1 to \(LeagueCommand.maximumReasonLength) characters"
            + " without control characters, e.g. \"bowled out of turn\"")
      }
      return .success(ControlRequest(id: id, by: by, action: .league(command: command, why: why)))
    case "start-league":
      guard wire.pins == nil else { return refuse("only pins takes pins") }
      guard let night = wire.night, !night.allSatisfy(\.isWhitespace) else {
        return refuse("start-league needs \"night\": a league night file's text (docs/league.md)")
      }
      return .success(ControlRequest(id: id, by: by, action: .startLeague(night: night)))
    case "end-session":
      guard wire.pins == nil else { return refuse("only pins takes pins") }
      return .success(ControlRequest(id: id, by: by, action: .endSession))
    case "start-session":
      guard wire.pins == nil else { return refuse("only pins takes pins") }
      guard let bowlers = wire.bowlers, (1...maximumBowlers).contains(bowlers.count),
        bowlers.allSatisfy({
          isName($0) && $0.count <= maximumBowlerName && !$0.trimmingCharacters(in: .whitespaces).isEmpty
        })
      else {
        return refuse(
          "start-session needs \"bowlers\": 1 to \(maximumBowlers) names of 1 to \(maximumBowlerName)"
            + " printable characters")
      }
      return .success(ControlRequest(id: id, by: by, action: .startSession(bowlers: bowlers)))
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
      return refuse(
        "action must be pins, foul, no-foul, dead-ball, undo, end-session, start-session, league or"
          + " start-league")
    }
    if wire.pins != nil, wire.action != "pins" { return refuse("only pins takes pins") }
    return .success(ControlRequest(id: id, by: by, correction: correction))
  }

  /// The request as one line, newline included.
  public var line: String {
    var wire = Wire(v: Self.version, id: id, by: by)
    let correction: Correction
    switch action {
    case .correct(let asked): correction = asked
    case .endSession:
      wire.action = "end-session"
      return Self.encode(wire)
    case .startSession(let bowlers):
      wire.action = "start-session"
      wire.bowlers = bowlers
      return Self.encode(wire)
    case .league(let command, let why):
      wire.action = "league"
      wire.command = command
      wire.why = why
      return Self.encode(wire)
    case .startLeague(let night):
      wire.action = "start-league"
      wire.night = night
      return Self.encode(wire)
    }
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

  /// A league command's text as the wire may carry it: not blank, at most
  /// ``LeagueCommand/maximumLength`` characters, without control characters. Its words are
  /// read by the lane, against the night it scores.
  static func isLeagueCommand(_ text: String) -> Bool {
    !text.allSatisfy(\.isWhitespace) && text.count <= LeagueCommand.maximumLength
      && !NameText.hasControlCharacters(text)
  }

  /// A short name without control characters (they could redraw an operator's terminal).
  static func isName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= maximumNameLength
      && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
