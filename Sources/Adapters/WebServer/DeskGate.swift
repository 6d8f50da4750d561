import DeskAccess
import Foundation
import Synchronization

/// Who may use the desk's server: sign-in against the users file (re-read at each use, so
/// a user added or changed counts at once), throttled; the sessions behind the cookie.
///
/// The shell around DeskAccess's pure parts: it reads the clock, makes the random tokens,
/// runs bcrypt in a bounded pool (``PasswordChecks``) and waits out a throttled answer's
/// delay.
public final class DeskGate: Sendable {
  /// How a sign-in ended.
  public enum SignIn: Sendable {
    case signedIn(DeskSessions.Session)
    /// A wrong name or password (HTTP 401).
    case wrong
    /// Too many failures: refused unchecked for `retryAfter` seconds (HTTP 429).
    case refused(retryAfter: Double)
    /// Too many sign-ins being checked at once: refused unchecked and uncounted (HTTP 503).
    case busy
  }

  /// The name of the session cookie.
  public static let cookieName = "lanebridge_desk"

  private let users: @Sendable () throws -> UsersFile
  private let clock: @Sendable () -> Double
  private let sessions: Mutex<DeskSessions>
  private let limits: Mutex<SignInLimits>
  private let checks: PasswordChecks

  /// - Parameters:
  ///   - users: Reads the users file; its error is shown to the operator and the sign-in
  ///     refused (the server answers 503).
  ///   - clock: Seconds on a monotonic clock.
  ///   - checks: At most this many passwords checked at once (twice the cores by default),
  ///     and at most `waiting` more queued; beyond them a sign-in is ``SignIn/busy``.
  ///   - sessionIdle: How long a session lasts unused, in seconds (``DeskSessions/idleRange``).
  public init(
    users: @escaping @Sendable () throws -> UsersFile,
    clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
    limits: SignInLimits = SignInLimits(), checks: Int? = nil, waiting: Int? = nil,
    sessionIdle: Double = DeskSessions.defaultIdle
  ) {
    self.users = users
    self.clock = clock
    sessions = Mutex(DeskSessions(idle: sessionIdle))
    self.limits = Mutex(limits)
    self.checks = checks.map { PasswordChecks(width: $0, queue: waiting) } ?? PasswordChecks(queue: waiting)
  }

  /// Checks `password` for `name` from `client`: refused unchecked when too many checks
  /// run, or after too many attempts (counted before the check, so attempts sent at once
  /// are counted at once), slowed after a few.
  ///
  /// - Throws: The users file's error, when it cannot be read.
  public func signIn(name: String, password: String, from client: ClientKey) async throws -> SignIn {
    guard checks.reserve() else { return .busy }
    let now = clock()
    let delay: Double
    switch limits.withLock({ $0.attempt(user: name, from: client, at: now) }) {
    case .refused(let retryAfter):
      checks.release()
      return .refused(retryAfter: retryAfter)
    case .allowed(let wait): delay = wait
    }
    let user: DeskUser?
    do {
      user = try users().user(named: name)
    } catch {
      checks.release()
      throw error
    }
    let matches = await checks.run {
      DeskPassword.matches(password, hash: user?.passwordHash ?? DeskPassword.unknownUserHash)
    }
    if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
    guard let user, matches else { return .wrong }
    limits.withLock { $0.succeeded(user: name, from: client) }
    let token = Self.randomToken()
    let csrf = Self.randomToken()
    let openedAt = clock()
    return .signedIn(sessions.withLock { $0.open(user: user, token: token, csrf: csrf, at: openedAt) })
  }

  /// The session the cookie `token` names and its user, when both are current.
  ///
  /// - Parameter using: Whether a request uses the session (its idle time starts again),
  ///   or a stream only asks whether it may still send.
  /// - Throws: The users file's error, when it cannot be read.
  public func signedIn(token: String, using: Bool = true) throws -> (session: DeskSessions.Session, user: DeskUser)? {
    let file = try users()
    let now = clock()
    return sessions.withLock { $0.signedIn(token: token, in: file, at: now, using: using) }
  }

  /// How many passwords are being checked and waiting, for the operator's log.
  public var checking: String {
    let load = checks.load
    return "\(load.running) being checked, \(load.waiting) waiting"
  }

  /// Ends the session `token` names.
  public func signOut(token: String) {
    sessions.withLock { $0.close(token: token) }
  }

  /// `words` × 64 random bits from the system's generator, as hex digits: 256 bits, 64
  /// digits, by default.
  static func randomToken(words: Int = 4) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<words).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
