import Testing

@testable import Centre

extension CentreMessageTests {
  /// A display's broker user may write only `…/display-requests` (deploy/centre/acl), and a
  /// lane takes nothing there but a `resend`: stolen display credentials cannot correct a
  /// score, change a session or stand in for the desk.
  @Suite("Given a request on lane1's display-requests topic")
  struct DisplayRequests {
    let lane1 = try! LaneID("lane1")
    let topic = "lanebridge/v1/lanes/lane1/display-requests"

    @Test("When it asks for a resend, then it comes through as a display's request, not as a desk command")
    func resend() throws {
      let request = Payload.Command(id: "display-1-1", action: .resend, from: 1, session: "s1")

      let message = try CentreMessage.decode(topic: topic, payload: CentreMessage.encode(request))

      #expect(message == .displayRequest(lane1, request))
    }

    @Test(
      "When it asks for anything but a resend, well formed or not, then it is refused naming the action",
      arguments: [
        (#"{"v":1,"id":"r1","action":"correct","correction":"pins","pins":[1,2]}"#, .correct),
        (#"{"v":1,"id":"r1","action":"correct"}"#, .correct),
        (#"{"v":1,"id":"r1","action":"end-session"}"#, .endSession),
        (#"{"v":1,"id":"r1","action":"start-session","bowlers":["Ana"]}"#, .startSession),
      ] as [(String, Payload.Command.Action)])
    func otherActions(text: String, action: Payload.Command.Action) {
      #expect(throws: CentreMessage.Invalid.notAResend(action)) {
        try CentreMessage.decode(topic: topic, payload: Array(text.utf8))
      }
    }

    @Test(
      "When it is an acknowledgement or an action the link does not know, then it is refused as no request",
      arguments: [#"{"v":1,"session":"s1","upto":40}"#, #"{"v":1,"id":"r1","action":"ack","upto":40}"#])
    func notARequest(text: String) {
      let error = #expect(throws: CentreMessage.Invalid.self) {
        try CentreMessage.decode(topic: topic, payload: Array(text.utf8))
      }
      guard case .notJSON? = error else {
        Issue.record("expected a payload that is no request, got \(String(describing: error))")
        return
      }
    }

    @Test(
      "When a resend's fields are out of range, then it is refused naming the field",
      arguments: [
        (#"{"v":1,"id":"r1","action":"resend","from":0}"#, "from"),
        (#"{"v":1,"id":"r1","action":"resend"}"#, "from"),
        (#"{"v":1,"id":"r1","action":"resend","from":1,"session":"a b"}"#, "session"),
        (#"{"v":1,"id":"r 1","action":"resend","from":1}"#, "id"),
      ])
    func badResend(text: String, field: String) {
      let error = #expect(throws: CentreMessage.Invalid.self) {
        try CentreMessage.decode(topic: topic, payload: Array(text.utf8))
      }
      guard case .badField(let named, _)? = error else {
        Issue.record("expected a bad \(field), got \(String(describing: error))")
        return
      }
      #expect(named == field)
    }

    @Test("When a refusal is described, then it names what the display asked for and what it may ask")
    func description() {
      #expect(
        CentreMessage.Invalid.notAResend(.correct).description
          == "a display asked for correct, but may only ask a lane to publish again (resend): refused")
    }
  }
}
