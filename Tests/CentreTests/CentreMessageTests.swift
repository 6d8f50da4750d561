import Foundation
import Testing

@testable import Centre

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("Validating a message received on the centre link")
struct CentreMessageTests {
  let lane1 = try! LaneID("lane1")

  @Test("When a lane's event is encoded and decoded on its own topic, then it is the same event")
  func eventRoundTrip() throws {
    let event = Payload.Event(
      lane: lane1, session: "2026-11-23.1", seq: 3, type: .throw,
      record: .object(["pins": .array([.number(1), .number(2)])]))

    let decoded = try CentreMessage.decode(
      topic: Topic.events(lane1).name, payload: try CentreMessage.encode(event))

    #expect(decoded == .event(event))
  }

  @Test("When every kind of payload is encoded and decoded on its topic, then it survives")
  func everyKindRoundTrips() throws {
    let cases: [(Topic, [UInt8], CentreMessage)] = [
      try {
        let status = Payload.Status(
          lane: lane1, state: .online, epoch: 4, version: "1.0",
          wiring: .init(chip: "gpiochip0", lines: ["pins.1": 17, "signals.ball": 27]), lastSeq: 9,
          faults: ["the ball detector missed the last 3 deliveries: check it and its line"])
        return (.status(lane1), try CentreMessage.encode(status), .status(status))
      }(),
      try {
        let board = Payload.Board(lane: lane1, session: "s1", seq: 2, games: .array([]))
        return (.board(lane1), try CentreMessage.encode(board), .board(board))
      }(),
      try {
        let ack = Payload.Ack(session: "s1", upto: 7)
        return (.ack(lane1), try CentreMessage.encode(ack), .ack(lane1, ack))
      }(),
      try {
        let command = Payload.Command(id: "r-1", action: .correct, correction: .pins, pins: [1, 2, 4])
        return (.commands(lane1), try CentreMessage.encode(command), .command(lane1, command))
      }(),
      try {
        let reply = Payload.Reply(id: "r-1", ok: true, message: "corrected")
        return (.replies(lane1), try CentreMessage.encode(reply), .reply(lane1, reply))
      }(),
      try {
        let desk = Payload.DeskStatus(state: .offline, epoch: 2)
        return (.deskStatus, try CentreMessage.encode(desk), .deskStatus(desk))
      }(),
    ]
    for (topic, payload, expected) in cases {
      #expect(try CentreMessage.decode(topic: topic.name, payload: payload) == expected)
    }
  }

  @Test("When lane1's topic carries an event naming lane2, then it is refused as forged")
  func forgedLane() {
    let payload = bytes(#"{"v":1,"lane":"lane2","session":"s","seq":1,"type":"throw"}"#)

    #expect(throws: CentreMessage.Invalid.laneMismatch(topic: lane1, payload: try! LaneID("lane2"))) {
      try CentreMessage.decode(topic: "lanebridge/v1/lanes/lane1/events", payload: payload)
    }
  }

  @Test("When a payload has another schema version or none, then it is refused naming the version")
  func wrongVersion() {
    #expect(throws: CentreMessage.Invalid.unsupportedVersion(2)) {
      try CentreMessage.decode(
        topic: "lanebridge/v1/lanes/lane1/events",
        payload: bytes(#"{"v":2,"lane":"lane1","session":"s","seq":1,"type":"throw"}"#))
    }
    #expect(throws: CentreMessage.Invalid.unsupportedVersion(nil)) {
      try CentreMessage.decode(topic: "lanebridge/v1/lanes/lane1/ack", payload: bytes(#"{"upto":1}"#))
    }
  }

  @Test("When a payload is larger than its topic's limit, then it is refused before parsing")
  func oversize() {
    let payload = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024 + 1)

    #expect(throws: CentreMessage.Invalid.oversize(bytes: 64 * 1024 + 1, limit: 64 * 1024)) {
      try CentreMessage.decode(topic: "lanebridge/v1/lanes/lane1/events", payload: payload)
    }
  }

  @Test(
    "When a payload is malformed, then it is refused as not JSON",
    arguments: ["", "not json", "[1,2]", #"{"v":1"#, "\u{0}"])
  func notJSON(text: String) {
    #expect(throws: CentreMessage.Invalid.self) {
      try CentreMessage.decode(topic: "lanebridge/v1/lanes/lane1/events", payload: bytes(text))
    }
  }

  @Test("When a topic is not the link's, then the message is refused naming it")
  func unknownTopic() {
    #expect(throws: CentreMessage.Invalid.unknownTopic("lanebridge/v1/lanes/a+b/events")) {
      try CentreMessage.decode(topic: "lanebridge/v1/lanes/a+b/events", payload: bytes("{}"))
    }
  }

  @Test(
    "When a field is out of range, then the message is refused naming the field",
    arguments: [
      ("events", #"{"v":1,"lane":"lane1","session":"s","seq":0,"type":"throw"}"#, "seq"),
      ("events", #"{"v":1,"lane":"lane1","session":"s/x","seq":1,"type":"throw"}"#, "session"),
      ("events", #"{"v":1,"lane":"lane1","session":"s","seq":1,"type":"explode"}"#, nil),
      ("events", #"{"v":1,"lane":"lane1","session":"s","seq":1,"type":"throw","sentAt":-1}"#, "sentAt"),
      ("ack", #"{"v":1,"session":"s","upto":-1}"#, "upto"),
      ("commands", #"{"v":1,"id":"r 1","action":"end-session"}"#, "id"),
      ("commands", #"{"v":1,"id":"r1","action":"start-session","bowlers":[]}"#, "bowlers"),
      ("commands", #"{"v":1,"id":"r1","action":"start-session","bowlers":["Ana\u0007"]}"#, "bowlers"),
      ("commands", #"{"v":1,"id":"r1","action":"start-session","bowlers":["   "]}"#, "bowlers"),
      ("commands", #"{"v":1,"id":"r1","action":"correct","correction":"pins","pins":[0,11]}"#, "pins"),
      ("commands", #"{"v":1,"id":"r1","action":"correct","correction":"pins","pins":[1,1]}"#, "pins"),
      ("commands", #"{"v":1,"id":"r1","action":"correct","correction":"foul","pins":[1]}"#, "pins"),
      ("commands", #"{"v":1,"id":"r1","action":"correct"}"#, "correction"),
      ("commands", #"{"v":1,"id":"r1","action":"resend","from":0}"#, "from"),
      ("commands", #"{"v":1,"id":"r1","action":"resend","from":1,"session":"a b"}"#, "session"),
      ("commands", #"{"v":1,"id":"r1","action":"league","why":"out of turn"}"#, "command"),
      ("commands", #"{"v":1,"id":"r1","action":"league","command":"  ","why":"out of turn"}"#, "command"),
      ("commands", #"{"v":1,"id":"r1","action":"league","command":"dead 3\u001b[2J","why":"x"}"#, "command"),
      ("commands", #"{"v":1,"id":"r1","action":"league","command":"dead 3"}"#, "why"),
      ("commands", #"{"v":1,"id":"r1","action":"league","command":"dead 3","why":""}"#, "why"),
      ("commands", #"{"v":1,"id":"r1","action":"start-league"}"#, "night"),
      ("commands", #"{"v":1,"id":"r1","action":"start-league","night":" \n "}"#, "night"),
      ("events", #"{"v":1,"lane":"lane1","session":"s","seq":1,"type":"throw","pair":{"left":"l2","right":"l3"}}"#, "pair"),
      ("events", #"{"v":1,"lane":"lane1","session":"s","seq":1,"type":"throw","pair":{"left":"lane1","right":"lane1"}}"#, "pair"),
      ("board", #"{"v":1,"lane":"lane1","session":"s","seq":1,"games":[],"pair":{"left":"l2","right":"l3"}}"#, "pair"),
      ("board", #"{"v":1,"lane":"lane1","session":"s","seq":1,"games":[],"league":"Tue\u001b[2J"}"#, "league"),
      ("status", #"{"v":1,"lane":"lane1","state":"online","epoch":1,"faults":["\u001b[2J"]}"#, "faults"),
      ("status", #"{"v":1,"lane":"lane1","state":"online","epoch":1,"version":"1\u0007"}"#, "version"),
      ("status", #"{"v":1,"lane":"lane1","state":"online","epoch":1,"wiring":{"chip":"c","lines":{"pins.1":-1}}}"#, "wiring"),
    ] as [(String, String, String?)])
  func badFields(leaf: String, text: String, field: String?) {
    let error = #expect(throws: CentreMessage.Invalid.self) {
      try CentreMessage.decode(topic: "lanebridge/v1/lanes/lane1/\(leaf)", payload: bytes(text))
    }
    if let field {
      guard case .badField(let named, _)? = error else {
        Issue.record("expected a bad \(field), got \(String(describing: error))")
        return
      }
      #expect(named == field)
    }
  }

  @Test("When an event says when the lane sent it, then the time comes through; without it, nil")
  func sentAt() throws {
    let stamped = try CentreMessage.decode(
      topic: "lanebridge/v1/lanes/lane1/events",
      payload: bytes(#"{"v":1,"lane":"lane1","session":"s","seq":1,"type":"throw","sentAt":1795000000123.5}"#))
    let plain = try CentreMessage.decode(
      topic: "lanebridge/v1/lanes/lane1/events",
      payload: bytes(#"{"v":1,"lane":"lane1","session":"s","seq":1,"type":"throw"}"#))

    #expect(stamped == .event(.init(lane: lane1, session: "s", seq: 1, type: .throw, sentAt: 1795000000123.5)))
    #expect(plain == .event(.init(lane: lane1, session: "s", seq: 1, type: .throw)))
  }

  @Test("When a pair's lane publishes a league night's record and board, then the pair and the league come through")
  func pairRoundTrip() throws {
    let pair = Payload.Pair(left: lane1, right: try LaneID("lane2"))
    let event = Payload.Event(lane: lane1, session: "s", seq: 4, type: .throw, pair: pair)
    let board = Payload.Board(lane: lane1, session: "s", seq: 4, games: .array([]), pair: pair, league: "Tuesday Mixed")

    #expect(try CentreMessage.decode(topic: Topic.events(lane1).name, payload: CentreMessage.encode(event)) == .event(event))
    #expect(try CentreMessage.decode(topic: Topic.board(lane1).name, payload: CentreMessage.encode(board)) == .board(board))
  }

  @Test("When the desk sends a league correction with its reason, then the command and the reason come through")
  func leagueCommand() throws {
    let message = try CentreMessage.decode(
      topic: "lanebridge/v1/lanes/lane1/commands",
      payload: bytes(#"{"v":1,"id":"r1","action":"league","command":"move 12 to Ana","why":"bowled out of turn"}"#))

    #expect(
      message == .command(lane1, .init(id: "r1", action: .league, command: "move 12 to Ana", why: "bowled out of turn")))
  }

  @Test("When the desk starts a league night, then the night file's text comes through, up to its limit, however JSON escapes it; a longer one is refused")
  func startLeague() throws {
    // The longest night, of characters JSON escapes six bytes each.
    let longest = String(repeating: "\u{01}", count: Payload.Command.maximumNightLength)
    let command = Payload.Command(id: "r1", action: .startLeague, night: longest)
    let payload = Array(try JSONEncoder().encode(command))
    #expect(payload.count > 6 * Payload.Command.maximumNightLength)

    let message = try CentreMessage.decode(topic: "lanebridge/v1/lanes/lane1/commands", payload: payload)

    #expect(message == .command(lane1, command))
    let longer = Payload.Command(id: "r1", action: .startLeague, night: longest + "x")
    #expect(throws: CentreMessage.Invalid.self) {
      try CentreMessage.decode(topic: "lanebridge/v1/lanes/lane1/commands", payload: Array(try JSONEncoder().encode(longer)))
    }
  }

  @Test("When a valid command starts a session, then its bowlers come through")
  func startSession() throws {
    let message = try CentreMessage.decode(
      topic: "lanebridge/v1/lanes/lane1/commands",
      payload: bytes(#"{"v":1,"id":"r1","action":"start-session","bowlers":["Ana","Ben"]}"#))

    #expect(message == .command(lane1, .init(id: "r1", action: .startSession, bowlers: ["Ana", "Ben"])))
  }

  @Test("When a record holds a number JSON cannot carry, then encoding fails instead of sending something else")
  func unencodable() {
    let event = Payload.Event(
      lane: lane1, session: "s1", seq: 1, type: .warning, record: .number(.infinity))

    #expect(throws: EncodingError.self) { try CentreMessage.encode(event) }
  }

  @Test("When a refusal is described, then it says what is wrong in words")
  func descriptions() {
    #expect(
      CentreMessage.Invalid.unsupportedVersion(2).description
        == "payload schema version 2 is not 1; update LaneBridge")
    #expect(
      CentreMessage.Invalid.laneMismatch(topic: lane1, payload: try! LaneID("lane2")).description
        .contains("forged"))
  }
}
