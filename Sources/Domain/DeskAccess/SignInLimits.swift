/// The two throttles a sign-in passes, taken together: per user name and per client. An
/// attempt is let through only when both allow it, and then counted by both at once, so
/// one refused by its client does not spend its user's allowance, nor the other way round.
///
/// Pure: told the time with each call; the desk keeps it behind one lock.
public struct SignInLimits: Sendable {
  public private(set) var perUser: SignInThrottle
  public private(set) var perClient: SignInThrottle

  public init(perUser: SignInThrottle = .init(policy: .perUser), perClient: SignInThrottle = .init(policy: .perAddress)) {
    self.perUser = perUser
    self.perClient = perClient
  }

  /// What to do with an attempt to sign in as `user` from `client` at `now`: refused when
  /// either throttle refuses (the longer wait), else let through with the longer delay and
  /// counted by both.
  public mutating func attempt(user: String, from client: ClientKey, at now: Double) -> SignInThrottle.Verdict {
    let verdicts = [perUser.verdict(for: Self.userKey(user), at: now), perClient.verdict(for: client.key, at: now)]
    let refusals = verdicts.compactMap { verdict -> Double? in
      if case .refused(let retryAfter) = verdict { return retryAfter }
      return nil
    }
    if let retryAfter = refusals.max() { return .refused(retryAfter: retryAfter) }
    let delays = [perUser.attempt(Self.userKey(user), at: now), perClient.attempt(client.key, at: now)].map {
      verdict -> Double in
      if case .allowed(let delay) = verdict { return delay }
      return 0
    }
    return .allowed(delay: delays.max() ?? 0)
  }

  /// Forgets the attempts of `user` and of `client`: the password was right.
  public mutating func succeeded(user: String, from client: ClientKey) {
    perUser.succeeded(Self.userKey(user))
    perClient.succeeded(client.key)
  }

  private static func userKey(_ name: String) -> String { "user:" + name }
}
