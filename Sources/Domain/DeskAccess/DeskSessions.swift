/// The desk's signed-in sessions: a random token in the browser's cookie names one, with its
/// user, its CSRF token and when it ends: ``lifetime`` after its sign-in, or sooner once it
/// goes unused for ``idle`` seconds.
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
    /// When it ends whatever its use: ``DeskSessions/lifetime`` after the sign-in.
    public var expires: Double
    /// When it ends unless a request uses it before: each request moves it on.
    public var idleExpires: Double

    /// Whether it is still current at `now`: neither its lifetime nor its idle time over.
    public func isCurrent(at now: Double) -> Bool {
      now < expires && now < idleExpires
    }

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
  /// How long a session lasts unused unless told otherwise (`lane desk --session-idle`):
  /// half an hour, a desk PC left signed in.
  public static let defaultIdle: Double = 1800
  /// The idle times a desk may be given, in seconds: from 10 s (less would sign a clerk
  /// out between two clicks) to the lifetime (more would never apply).
  public static let idleRange: ClosedRange<Double> = 10...lifetime
  /// The most sessions kept; the oldest are ended first beyond it.
  public static let maximumSessions = 1_000

  /// How long a session lasts unused, in seconds.
  public let idle: Double
  private var sessions: [String: Session] = [:]

  /// - Parameter idle: How long a session lasts unused, in seconds (within ``idleRange``).
  public init(idle: Double = defaultIdle) {
    precondition(Self.idleRange.contains(idle), "a session's idle time is \(Self.idleRange), not \(idle)")
    self.idle = idle
  }

  /// Opens a session for `user` signed in at `now`.
  ///
  /// - Parameters:
  ///   - token: The cookie's value: random, unguessable (256 bits).
  ///   - csrf: The session's CSRF token: random, unguessable, not the cookie's.
  public mutating func open(user: DeskUser, token: String, csrf: String, at now: Double) -> Session {
    sessions = sessions.filter { $0.value.isCurrent(at: now) }
    while sessions.count >= Self.maximumSessions, let oldest = sessions.min(by: { $0.value.expires < $1.value.expires }) {
      sessions[oldest.key] = nil
    }
    let session = Session(
      token: token, user: user.name, passwordHash: user.passwordHash, csrf: csrf, expires: now + Self.lifetime,
      idleExpires: now + idle)
    sessions[token] = session
    return session
  }

  /// The session `token` names and the user it is for, if both are current at `now`: the
  /// session not ended, the user still in `users` with the same password. A session no
  /// longer current is ended.
  ///
  /// - Parameter using: Whether this is a request using the session, which moves its idle
  ///   end to `now` + ``idle``; `false` for a look that is not the user's (an event stream
  ///   asking whether it may still send).
  public mutating func signedIn(
    token: String, in users: UsersFile, at now: Double, using: Bool = true
  ) -> (Session, DeskUser)? {
    guard var session = sessions[token] else { return nil }
    guard session.isCurrent(at: now), let user = users.user(named: session.user),
      user.passwordHash == session.passwordHash
    else {
      sessions[token] = nil
      return nil
    }
    if using {
      session.idleExpires = now + idle
      sessions[token] = session
    }
    return (session, user)
  }

  /// Ends the session `token` names (sign-out).
  public mutating func close(token: String) {
    sessions[token] = nil
  }
}
