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
    let found = sessions.signedIn(token: "cookie-token", in: users, at: 100 + DeskSessions.defaultIdle - 1)
    #expect(found?.0.token == session.token)
    #expect(found?.1.role == .clerk)
    // A role changed in the file applies at once.
    users.set(DeskUser(name: "ana", role: .manager, passwordHash: ana.passwordHash))
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: 200)?.1.role == .manager)
  }

  @Test("When ana uses her session more often than its idle time, then it lasts until its lifetime ends, and not beyond")
  mutating func usedUntilItsLifetime() {
    let end = 100 + DeskSessions.lifetime
    var now: Double = 100
    while now + DeskSessions.defaultIdle - 1 < end {
      now += DeskSessions.defaultIdle - 1
      #expect(sessions.signedIn(token: "cookie-token", in: users, at: now) != nil, "at \(now)")
    }
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: end) == nil)
  }

  @Test("When ana's session goes unused for its idle time, then she is signed out, and using it again does not bring it back")
  mutating func idle() {
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: 100 + DeskSessions.defaultIdle) == nil)
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: 101) == nil)
  }

  @Test("When a request uses the session, then its idle time starts again; when an event stream only looks, then it does not")
  mutating func onlyUseRefreshes() {
    var looked = sessions
    // A stream looking at 1000 s: still current, the idle end unmoved.
    #expect(looked.signedIn(token: "cookie-token", in: users, at: 1000, using: false)?.0.idleExpires == 100 + DeskSessions.defaultIdle)
    #expect(looked.signedIn(token: "cookie-token", in: users, at: 100 + DeskSessions.defaultIdle, using: false) == nil)
    // A request at 1000 s: the idle end moves to 1000 s + the idle time.
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: 1000)?.0.idleExpires == 1000 + DeskSessions.defaultIdle)
    #expect(sessions.signedIn(token: "cookie-token", in: users, at: 1000 + DeskSessions.defaultIdle - 1) != nil)
  }

  @Test("When the desk is given a shorter idle time, then a session unused that long is signed out")
  func shorterIdle() {
    var short = DeskSessions(idle: 60)
    _ = short.open(user: ana, token: "a", csrf: "x", at: 0)
    _ = short.open(user: ana, token: "b", csrf: "y", at: 0)
    #expect(short.signedIn(token: "a", in: users, at: 59) != nil)
    #expect(short.signedIn(token: "a", in: users, at: 118) != nil)
    #expect(short.signedIn(token: "b", in: users, at: 60) == nil)
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
