import DeskAccess
import Testing

@Suite("Signed-in desk sessions")
struct DeskSessionsTests {
  /// Given ana, a clerk, in the users file, and her session opened at second 100.
  let ana = DeskUser(name: "ana", role: .clerk, passwordHash: DeskPassword.hash("ana's password", cost: 4))
  var users = UsersFile()
  var sessions = DeskSessions()
  let session: DeskSessions.Session

  init() {
    users.set(ana)
    session = sessions.open(user: ana, token: "cookie-token", csrf: "csrf-token", at: 100)
  }

  @Test("When the cookie comes back within the lifetime, then it names ana with her role from the users file")
  mutating func current() {
    let found = sessions.signedIn(token: "cookie-token", in: users, at: 100 + DeskSessions.lifetime - 1)
    #expect(found?.0 == session)
    #expect(found?.1.role == .clerk)
    // A role changed in the file applies at once.
    users.set(DeskUser(name: "ana", role: .manager, passwordHash: ana.passwordHash))
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: 200)?.1.role == .manager)
  }

  @Test("When a token is forged, the session expired, signed out, or the password changed, then no one is signed in")
  mutating func notCurrent() {
    #expect(sessions.signedIn(token: "cookie-tokeN", in: users, at: 101) == nil)
    var expired = sessions
    #expect(expired.signedIn(token: "cookie-token", in: users, at: 100 + DeskSessions.lifetime) == nil)
    var signedOut = sessions
    signedOut.close(token: "cookie-token")
    #expect(signedOut.signedIn(token: "cookie-token", in: users, at: 101) == nil)
    var changed = users
    changed.set(DeskUser(name: "ana", role: .clerk, passwordHash: DeskPassword.hash("a new password", cost: 4)))
    #expect(sessions.signedIn(token: "cookie-token", in: changed, at: 101) == nil)
    // ...and once refused, the session stays ended.
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: 102) == nil)
  }

  @Test("When a CSRF token is checked, then only the session's own passes")
  func csrf() {
    #expect(session.accepts(csrf: "csrf-token"))
    #expect(!session.accepts(csrf: "csrf-tokeN"))
    #expect(!session.accepts(csrf: "csrf-token-"))
    #expect(!session.accepts(csrf: ""))
    #expect(!session.accepts(csrf: "cookie-token"))
  }
}
