/// The desk's signed-in sessions: a random token in the browser's cookie names one, with its
/// user, its CSRF token and when it ends.
///
/// Pure: the tokens are made by the caller, the time (seconds on a monotonic clock) given
/// with each call.
public struct DeskSessions: Sendable {
  /// One signed-in browser.
  public struct Session: Hashable, Sendable {
    public var token: String
    public var user: String
    /// The password hash the user signed in with: a session ends when the users file no
    /// longer has it (the user removed, or a new password set).
    public var passwordHash: String
    /// Sent back by the page in `X-CSRF-Token` (or a form's `csrf`) with every request that
    /// changes something.
    public var csrf: String
    public var expires: Double

    /// Whether `token` is this session's CSRF token, compared in time independent of where
    /// they differ.
    public func accepts(csrf token: String) -> Bool {
      let given = Array(token.utf8)
      let expected = Array(csrf.utf8)
      guard given.count == expected.count else { return false }
      return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
  }

  /// How long a session lasts after its sign-in: a long shift.
  public static let lifetime: Double = 12 * 3600
  /// The most sessions kept; the oldest are ended first beyond it.
  public static let maximumSessions = 1_000

  private var sessions: [String: Session] = [:]

  public init() {}

  /// Opens a session for `user` signed in at `now`.
  ///
  /// - Parameters:
  ///   - token: The cookie's value: random, unguessable (256 bits).
  ///   - csrf: The session's CSRF token: random, unguessable, not the cookie's.
  public mutating func open(user: DeskUser, token: String, csrf: String, at now: Double) -> Session {
    sessions = sessions.filter { $0.value.expires > now }
    while sessions.count >= Self.maximumSessions, let oldest = sessions.min(by: { $0.value.expires < $1.value.expires }) {
      sessions[oldest.key] = nil
    }
    let session = Session(
      token: token, user: user.name, passwordHash: user.passwordHash, csrf: csrf, expires: now + Self.lifetime)
    sessions[token] = session
    return session
  }

  /// The session `token` names and the user it is for, if both are current at `now`: the
  /// session not ended, the user still in `users` with the same password. A session no
  /// longer current is ended.
  public mutating func signedIn(token: String, in users: UsersFile, at now: Double) -> (Session, DeskUser)? {
    guard let session = sessions[token] else { return nil }
    guard session.expires > now, let user = users.user(named: session.user), user.passwordHash == session.passwordHash
    else {
      sessions[token] = nil
      return nil
    }
    return (session, user)
  }

  /// Ends the session `token` names (sign-out).
  public mutating func close(token: String) {
    sessions[token] = nil
  }
}
