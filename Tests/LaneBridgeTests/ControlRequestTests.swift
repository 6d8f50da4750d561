import Bowling
import Testing

@testable import LaneBridge

@Suite("A control request: one JSON line, checked before the lane sees it")
struct ControlRequestTests {
  func refusalOf(_ line: String) -> ControlRequest.Refusal? {
    if case .failure(let refusal) = ControlRequest.parse(Array(line.utf8)) { return refusal }
    return nil
  }

  @Test("Given a request made by lane correct, when it is read back, then it is the same request")
  func roundTrip() throws {
    for correction in [Correction.setPins([1, 2, 4]), .setPins(.empty), .foul(true), .foul(false), .deadBall, .undo] {
      let request = ControlRequest(id: "42-1", by: "Eve", correction: correction)
      let line = Array(request.line.utf8.dropLast())  // the newline

      #expect(try ControlRequest.parse(line).get() == request)
    }
  }

  @Test(
    "Given a session request made by lane session, when it is read back, then it is the same request",
    arguments: [
      ControlRequest.Action.endSession, .startSession(bowlers: ["Ana", "Ben"]),
      .startLeague(night: "[league]\nname = \"Tuesday Mixed\"\n"),
    ])
  func sessionRoundTrip(action: ControlRequest.Action) throws {
    let request = ControlRequest(id: "42-2", by: "desk", action: action)
    #expect(try ControlRequest.parse(Array(request.line.utf8.dropLast())).get() == request)
  }

  @Test(
    "Given a line that is not a request of ours, when it is read, then it is refused saying why",
    arguments: [
      ("garbage", "not a JSON object"),
      (#"{"v":1,"by":"Eve","action":"undo"}"#, "id must be"),
      (#"{"v":2,"id":"a","by":"Eve","action":"undo"}"#, "version 1"),
      (#"{"id":"a","by":"Eve","action":"undo"}"#, "not none"),
      (#"{"v":1,"id":"a","action":"undo"}"#, "by must be"),
      (#"{"v":1,"id":"a","by":"\u001b[2J","action":"undo"}"#, "by must be"),
      (#"{"v":1,"id":"a","by":"Eve","action":"strike"}"#, "action must be"),
      (#"{"v":1,"id":"a","by":"Eve","action":"pins"}"#, "pins needs"),
      (#"{"v":1,"id":"a","by":"Eve","action":"pins","pins":[11]}"#, "11 is not a pin"),
      (#"{"v":1,"id":"a","by":"Eve","action":"pins","pins":[1,1]}"#, "given twice"),
      (#"{"v":1,"id":"a","by":"Eve","action":"undo","pins":[1]}"#, "only pins"),
      (#"{"v":1,"id":"a","by":"Eve","action":"start-session"}"#, "start-session needs"),
      (#"{"v":1,"id":"a","by":"Eve","action":"start-session","bowlers":[]}"#, "start-session needs"),
      (#"{"v":1,"id":"a","by":"Eve","action":"start-session","bowlers":[" "]}"#, "start-session needs"),
      (#"{"v":1,"id":"a","by":"Eve","action":"start-session","bowlers":["\u001b[2J"]}"#, "start-session needs"),
      (#"{"v":1,"id":"a","by":"Eve","action":"start-session","bowlers":["1","2","3","4","5","6","7","8","9"]}"#, "start-session needs"),
      (#"{"v":1,"id":"a","by":"Eve","action":"end-session","bowlers":["Ana"]}"#, "only start-session takes bowlers"),
      (#"{"v":1,"id":"a","by":"Eve","action":"start-league"}"#, "start-league needs"),
      (#"{"v":1,"id":"a","by":"Eve","action":"undo","night":"[league]"}"#, "only start-league takes night"),
    ])
  func refused(line: String, reason: String) throws {
    let refusal = try #require(refusalOf(line))

    #expect(refusal.description.contains(reason))
  }

  @Test("Given a league command sent by lane correct --league, when it is read back, then it is the same request")
  func leagueRoundTrip() throws {
    let request = ControlRequest(
      id: "42-3", by: "desk", action: .league(command: #"sub 1.2 "Zoe ""Z"" Lee" 150"#, why: "Ben hurt his wrist; Zoe in"))
    let line = request.line

    #expect(line.contains(#""action":"league""#))
    #expect(try ControlRequest.parse(Array(line.utf8.dropLast())).get() == request)
    #expect(
      try ControlRequest.parse(Array(
        #"{"v":1,"id":"a","by":"desk","action":"league","command":"move 12 to Ana","why":"bowled out of turn"}"#.utf8)
      ).get().action == .league(command: "move 12 to Ana", why: "bowled out of turn"))
  }

  @Test(
    "Given a league request that cannot be sent to any lane, when it is read, then it is refused saying why",
    arguments: [
      (#"{"v":1,"id":"a","by":"Eve","action":"league","why":"x"}"#, "league needs \"command\""),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":" ","why":"x"}"#, "league needs \"command\""),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":"foul 1\u001b[2J","why":"x"}"#, "league needs \"command\""),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":""# + String(repeating: "x", count: 301) + #"","why":"x"}"#,
       "league needs \"command\": a league command of 1 to 300 characters"),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":"foul 12"}"#, "league needs \"why\""),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":"foul 12","why":""}"#, "league needs \"why\""),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":"foul 12","why":"  "}"#, "league needs \"why\""),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":"foul 12","why":"a\u0007"}"#, "league needs \"why\""),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":"foul 12","why":""# + String(repeating: "y", count: 201) + #""}"#,
       "league needs \"why\": the reason, 1 to 200 characters"),
      (#"{"v":1,"id":"a","by":"Eve","action":"league","command":"foul 12","why":"x","pins":[1]}"#, "only pins takes pins"),
      (#"{"v":1,"id":"a","by":"Eve","action":"foul","why":"x"}"#, "only league takes command and why"),
      (#"{"v":1,"id":"a","by":"Eve","action":"undo","command":"undo"}"#, "only league takes command and why"),
      (#"{"v":1,"id":"a","by":"Eve","action":"end-session","why":"x"}"#, "only league takes command and why"),
    ])
  func leagueRefused(line: String, reason: String) throws {
    let refusal = try #require(refusalOf(line))

    #expect(refusal.description.contains(reason), "\(refusal)")
    #expect(refusal.id == "a")
  }

  @Test("Given a league request with the longest command and reason, when it is read, then it is accepted")
  func leagueLongest() throws {
    let command = String(repeating: "c", count: 300)
    let why = String(repeating: "y", count: 200)
    let request = ControlRequest(id: "a", by: "Eve", action: .league(command: command, why: why))

    #expect(try ControlRequest.parse(Array(request.line.utf8.dropLast())).get() == request)
  }

  @Test("Given a refused request that carries an id, then the refusal keeps it for the reply")
  func refusalKeepsID() throws {
    #expect(refusalOf(#"{"v":1,"id":"r7","by":"Eve","action":"strike"}"#)?.id == "r7")
    #expect(refusalOf("garbage")?.id == nil)
  }

  @Test("Given a line longer than the limit, when it is read, then it is refused without decoding")
  func tooLong() throws {
    let line = #"{"v":1,"id":"a","by":""# + String(repeating: "x", count: ControlRequest.maximumLength) + #"","action":"undo"}"#

    #expect(refusalOf(line)?.description.contains("longer than") == true)
  }

  @Test("Given a reply, when it is read back, then it is the same; a reply of another version or a mixed one is not ours")
  func replies() throws {
    let done = ControlReply.done(id: "a", sequence: 12, what: "undo by Eve")
    let refused = ControlReply.refused(id: "b", because: "nothing to undo")

    #expect(ControlReply.parse(Array(done.line.utf8.dropLast())) == done)
    #expect(ControlReply.parse(Array(refused.line.utf8.dropLast())) == refused)
    #expect(ControlReply.parse(Array(#"{"v":2,"id":"a","ok":true}"#.utf8)) == nil)
    #expect(ControlReply.parse(Array(#"{"v":1,"id":"a","ok":true,"error":"x"}"#.utf8)) == nil)
    #expect(ControlReply.parse(Array("HTTP/1.1 400".utf8)) == nil)
  }
}
