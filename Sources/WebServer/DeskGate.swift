import DeskAccess
import Foundation
import Synchronization

/// Who may use the desk's server: sign-in against the users file (re-read at each use, so
/// a user added or changed counts at once), throttled; the sessions behind the cookie.
///
/// The shell around DeskAccess's pure parts: it reads the clock, makes the random tokens,
/// runs bcrypt on a thread of its own and waits out a throttled answer's delay.
public final class DeskGate: Sendable {
  /// How a sign-in ended.
  public enum SignIn: Sendable {
    case signedIn(DeskSessions.Session)
    /// A wrong name or password (HTTP 401).
    case wrong
    /// Too many failures: refused unchecked for `retryAfter` seconds (HTTP 429).
    case refused(retryAfter: Double)
  }

  /// The name of the session cookie.
  public static let cookieName = "lanebridge_desk"

  private let users: @Sendable () throws -> UsersFile
  private let clock: @Sendable () -> Double
  private let sessions = Mutex(DeskSessions())
  private let perUser = Mutex(SignInThrottle(policy: .perUser))
  private let perAddress = Mutex(SignInThrottle(policy: .perAddress))

  /// - Parameters:
  ///   - users: Reads the users file; its error is shown to the operator and the sign-in
  ///     refused (the server answers 503).
  ///   - clock: Seconds on a monotonic clock.
  public init(
    users: @escaping @Sendable () throws -> UsersFile,
    clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  ) {
    self.users = users
    self.clock = clock
  }

  /// Checks `password` for `name` from `address`, slowed or refused after failures.
  ///
  /// - Throws: The users file's error, when it cannot be read.
  public func signIn(name: String, password: String, from address: String) async throws -> SignIn {
    let userKey = "user:" + name
    let now = clock()
    let verdicts = [perUser.withLock { $0.verdict(for: userKey, at: now) }, perAddress.withLock { $0.verdict(for: address, at: now) }]
    var delay = 0.0
    for verdict in verdicts {
      switch verdict {
      case .refused(let retryAfter): return .refused(retryAfter: retryAfter)
      case .allowed(let wait): delay = max(delay, wait)
      }
    }
    let user = try users().user(named: name)
    let matches = await Self.offThePool {
      DeskPassword.matches(password, hash: user?.passwordHash ?? DeskPassword.unknownUserHash)
    }
    if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
    guard let user, matches else {
      let failedAt = clock()
      perUser.withLock { $0.failed(userKey, at: failedAt) }
      perAddress.withLock { $0.failed(address, at: failedAt) }
      return .wrong
    }
    perUser.withLock { $0.succeeded(userKey) }
    perAddress.withLock { $0.succeeded(address) }
    let token = Self.randomToken()
    let csrf = Self.randomToken()
    let openedAt = clock()
    return .signedIn(sessions.withLock { $0.open(user: user, token: token, csrf: csrf, at: openedAt) })
  }

  /// The session the cookie `token` names and its user, when both are current.
  ///
  /// - Throws: The users file's error, when it cannot be read.
  public func signedIn(token: String) throws -> (session: DeskSessions.Session, user: DeskUser)? {
    let file = try users()
    let now = clock()
    return sessions.withLock { $0.signedIn(token: token, in: file, at: now) }
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

  /// Runs bcrypt on a thread of its own: it takes a quarter of a second or more, which a
  /// cooperative thread the server needs must not spend.
  private static func offThePool(_ work: @escaping @Sendable () -> Bool) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}
