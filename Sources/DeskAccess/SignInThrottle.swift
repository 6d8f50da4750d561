/// Repeated failed sign-ins, slowed and then refused for a while: per user name, and per
/// client address with a looser policy (every clerk of a centre may share one desk PC).
///
/// Pure: told the time (seconds on a monotonic clock) with each call.
public struct SignInThrottle: Sendable {
  /// How many failures are free, how much each further one slows the next answer, and when
  /// sign-ins are refused, for how long.
  public struct Policy: Hashable, Sendable {
    /// Failures answered at once.
    public var freeFailures: Int
    /// Once the free failures are spent, each attempt is answered this much later than the
    /// one before: one step, two steps, ...
    public var delayStep: Double
    /// Failures in a row after which sign-ins are refused, the right password too.
    public var refuseAfter: Int
    /// How long they are refused.
    public var refusal: Double
    /// A failure older than this is forgotten.
    public var memory: Double

    public init(freeFailures: Int, delayStep: Double, refuseAfter: Int, refusal: Double, memory: Double) {
      self.freeFailures = freeFailures
      self.delayStep = delayStep
      self.refuseAfter = refuseAfter
      self.refusal = refusal
      self.memory = memory
    }

    /// Per user name: three wrong passwords free, the 4th and 5th answered 0.5 s and 1 s
    /// later, then five minutes refused.
    public static let perUser = Policy(freeFailures: 3, delayStep: 0.5, refuseAfter: 5, refusal: 300, memory: 900)
    /// Per client address: six times the user's allowance, for a desk PC shared by clerks.
    public static let perAddress = Policy(freeFailures: 18, delayStep: 0.5, refuseAfter: 30, refusal: 300, memory: 900)
  }

  /// What to do with a sign-in attempt.
  public enum Verdict: Hashable, Sendable {
    /// Check the password, answering no sooner than `delay` seconds from now.
    case allowed(delay: Double)
    /// Refuse it unchecked (HTTP 429) for `retryAfter` more seconds.
    case refused(retryAfter: Double)
  }

  private struct Failures: Hashable, Sendable {
    var count: Int
    var last: Double
    var refusedUntil: Double?
  }

  public let policy: Policy
  private var failures: [String: Failures] = [:]
  /// The most keys remembered; the stalest are forgotten first beyond it.
  static let maximumKeys = 10_000

  public init(policy: Policy) {
    self.policy = policy
  }

  /// What to do with an attempt for `key` (a user name, an address) at `now`.
  public func verdict(for key: String, at now: Double) -> Verdict {
    guard let record = failures[key] else { return .allowed(delay: 0) }
    if let until = record.refusedUntil, now < until { return .refused(retryAfter: until - now) }
    // A refusal that ended, or failures long ago, leave nothing to slow.
    if record.refusedUntil != nil || now - record.last >= policy.memory { return .allowed(delay: 0) }
    // The first failure beyond the free ones waits one step, the next two, and so on.
    return .allowed(delay: Double(max(0, record.count - policy.freeFailures + 1)) * policy.delayStep)
  }

  /// Counts a wrong password for `key` at `now`.
  public mutating func failed(_ key: String, at now: Double) {
    var record = failures[key].flatMap { now - $0.last < policy.memory ? $0 : nil } ?? Failures(count: 0, last: now)
    if let until = record.refusedUntil, now >= until { record = Failures(count: 0, last: now) }
    record.count += 1
    record.last = now
    if record.count >= policy.refuseAfter {
      record.refusedUntil = now + policy.refusal
      record.count = 0
    }
    failures[key] = record
    if failures.count > Self.maximumKeys { forgetStalest(at: now) }
  }

  /// Forgets `key`'s failures: its user signed in.
  public mutating func succeeded(_ key: String) {
    failures[key] = nil
  }

  private mutating func forgetStalest(at now: Double) {
    failures = failures.filter { now - $0.value.last < policy.memory || ($0.value.refusedUntil ?? 0) > now }
    while failures.count > Self.maximumKeys, let stalest = failures.min(by: { $0.value.last < $1.value.last }) {
      failures[stalest.key] = nil
    }
  }
}
