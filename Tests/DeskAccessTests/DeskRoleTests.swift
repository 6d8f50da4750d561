import Centre
import DeskAccess
import Testing

@Suite("What each desk role may do")
struct DeskRoleTests {
  @Test("When a clerk acts, then lanes' sessions, corrections and faults are allowed, leagues, records and users not")
  func clerk() {
    let allowed = DeskRole.Permission.allCases.filter { DeskRole.clerk.may($0) }
    #expect(allowed == [.sessions, .corrections, .faults])
  }

  @Test("When a manager acts, then everything is allowed")
  func manager() {
    #expect(DeskRole.Permission.allCases.allSatisfy { DeskRole.manager.may($0) })
  }

  @Test(
    "When a lane command comes from a user, then it needs the permission of its kind; a resend is never a user's",
    arguments: [
      (Payload.Command.Action.startSession, DeskRole.Permission?.some(.sessions)),
      (.endSession, .sessions), (.correct, .corrections), (.league, .corrections), (.startLeague, .sessions),
      (.resend, nil),
    ])
  func commands(action: Payload.Command.Action, needed: DeskRole.Permission?) {
    #expect(DeskRole.Permission(for: Payload.Command(id: "r1", action: action)) == needed)
  }
}
