/// Repeated sign-ins, slowed and then refused for a while: per user name, and per client
/// (``ClientKey``) with a looser policy (every clerk of a centre may share one desk PC).
///
/// An attempt is counted when it is let through, before its password is checked, and
/// forgotten when it succeeds: attempts sent in parallel cannot all be checked before the
/// first failure counts (issue 37's throttle race).
///
/// Pure: told the time (seconds on a monotonic clock) with each call.
public struct SignInThrottle: Sendable {
  /// How many attempts are free, how much each further one slows its answer, and when
  /// sign-ins are refused, for how long.
  public struct Policy: Hashable, Sendable {
    /// Attempts answered at once.
    public var freeFailures: Int
    /// Once the free attempts are spent, each attempt is answered this much later than the
    /// one before: one step, two steps, ...
    public var delayStep: Double
    /// Attempts in a row without a success after which sign-ins are refused, the right
    /// password too.
    public var refuseAfter: Int
    /// How long they are refused.
    public var refusal: Double
    /// An attempt older than this is forgotten.
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
    /// Per client: six times the user's allowance, for a desk PC shared by clerks.
    public static let perAddress = Policy(freeFailures: 18, delayStep: 0.5, refuseAfter: 30, refusal: 300, memory: 900)
  }

  /// What to do with a sign-in attempt.
  public enum Verdict: Hashable, Sendable {
    /// Check the password, answering no sooner than `delay` seconds from now.
    case allowed(delay: Double)
    /// Refuse it unchecked (HTTP 429) for `retryAfter` more seconds.
    case refused(retryAfter: Double)
  }

  private struct Attempts: Hashable, Sendable {
    var count: Int
    var last: Double
    var refusedUntil: Double?
  }

  public let policy: Policy
  private var attempts: [String: Attempts] = [:]
  /// The most keys remembered beyond those refused: the stalest are forgotten first, a
  /// refusal never before it ends.
  public let maximumKeys: Int

  public init(policy: Policy, maximumKeys: Int = 10_000) {
    self.policy = policy
    self.maximumKeys = maximumKeys
  }

  /// What to do with an attempt for `key` (a user name, a client) at `now`, without
  /// counting it.
  public func verdict(for key: String, at now: Double) -> Verdict {
    guard let record = current(key, at: now) else { return .allowed(delay: 0) }
    if let until = record.refusedUntil { return .refused(retryAfter: until - now) }
    // The first attempt beyond the free ones waits one step, the next two, and so on.
    return .allowed(delay: Double(max(0, record.count + 1 - policy.freeFailures)) * policy.delayStep)
  }

  /// What to do with an attempt for `key` at `now`; one let through is counted, so the
  /// attempt that reaches the limit starts the refusal before its password is checked.
  public mutating func attempt(_ key: String, at now: Double) -> Verdict {
    let verdict = verdict(for: key, at: now)
    guard case .allowed = verdict else { return verdict }
    var record = current(key, at: now) ?? Attempts(count: 0, last: now)
    record.count += 1
    record.last = now
    if record.count >= policy.refuseAfter {
      record.refusedUntil = now + policy.refusal
      record.count = 0
    }
    if attempts.updateValue(record, forKey: key) == nil, attempts.count > maximumKeys { forgetStalest(at: now) }
    return verdict
  }

  /// Forgets `key`'s attempts: its user signed in (a refusal that began with this attempt
  /// too: the password was right).
  public mutating func succeeded(_ key: String) {
    attempts[key] = nil
  }

  /// How many keys are remembered.
  public var keys: Int { attempts.count }

  /// `key`'s record when it still counts at `now`: a refusal not yet over, or attempts
  /// within the policy's memory.
  private func current(_ key: String, at now: Double) -> Attempts? {
    guard let record = attempts[key] else { return nil }
    if let until = record.refusedUntil { return now < until ? record : nil }
    return now - record.last < policy.memory ? record : nil
  }

  private mutating func forgetStalest(at now: Double) {
    attempts = attempts.filter { current($0.key, at: now) != nil }
    // A refusal is kept until it ends, whatever the number of keys: forgetting it would
    // give an attacker who fills the table another five attempts.
    while attempts.count > maximumKeys,
      let stalest = attempts.lazy.filter({ $0.value.refusedUntil == nil }).min(by: { $0.value.last < $1.value.last })
    {
      attempts[stalest.key] = nil
    }
  }
}
