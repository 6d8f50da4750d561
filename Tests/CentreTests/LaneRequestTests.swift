import Testing

@testable import Centre

@Suite("A desk command as a request to the lane loop")
struct LaneRequestTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var command: Payload.Command
    var request: LaneRequest?
    var testDescription: String { "\(command.action.rawValue) \(command.correction?.rawValue ?? "")" }
  }

  static let cases: [Case] = [
    Case(command: .init(id: "r", action: .correct, correction: .pins, pins: [1, 7]), request: .correct(.pins([1, 7]))),
    Case(command: .init(id: "r", action: .correct, correction: .foul), request: .correct(.foul(true))),
    Case(command: .init(id: "r", action: .correct, correction: .noFoul), request: .correct(.foul(false))),
    Case(command: .init(id: "r", action: .correct, correction: .deadBall), request: .correct(.deadBall)),
    Case(command: .init(id: "r", action: .correct, correction: .undo), request: .correct(.undo)),
    Case(command: .init(id: "r", action: .endSession), request: .endSession),
    Case(command: .init(id: "r", action: .startSession, bowlers: ["Ana", "Ben"]), request: .startSession(bowlers: ["Ana", "Ben"])),
    Case(command: .init(id: "r", action: .resend, from: 3), request: nil),
    Case(command: .init(id: "r", action: .correct), request: nil),
    Case(command: .init(id: "r", action: .correct, correction: .pins, pins: [0, 11]), request: nil),
    Case(command: .init(id: "r", action: .startSession), request: nil),
    Case(
      command: .init(id: "r", action: .league, command: "dead 12", why: "pinsetter fault"),
      request: .league(command: "dead 12", why: "pinsetter fault")),
    Case(command: .init(id: "r", action: .league, command: "dead 12"), request: nil),
    Case(command: .init(id: "r", action: .startLeague, night: "[league]"), request: .startLeague(night: "[league]")),
    Case(command: .init(id: "r", action: .startLeague), request: nil),
  ]

  @Test("When a validated command comes, then it asks the lane loop for what it says, or nothing", arguments: cases)
  func translates(_ example: Case) {
    #expect(LaneRequest(example.command) == example.request)
  }

  @Test("When a request is journalled, then its author names the request id, and the desk user who sent it")
  func author() {
    #expect(LaneRequest.author(of: Payload.Command(id: "r-17", action: .endSession)) == "desk/r-17")
    #expect(LaneRequest.author(of: Payload.Command(id: "r-17", action: .endSession, user: "ana")) == "desk/ana/r-17")
  }
}
