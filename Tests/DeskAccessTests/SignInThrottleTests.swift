import DeskAccess
import Testing

@Suite("Sign-in attempts, slowed and then refused")
struct SignInThrottleTests {
  /// Given the per-user policy: 3 attempts free, 0.5 s more each after, refused after 5.
  var throttle = SignInThrottle(policy: .perUser)

  @Test("When a user fails again and again, then the 4th and 5th answers are slowed and the next attempts refused for five minutes")
  mutating func slowedThenRefused() {
    var delays: [Double] = []
    for second in 0..<5 {
      guard case .allowed(let delay) = throttle.attempt("ana", at: Double(second)) else {
        Issue.record("attempt \(second + 1) refused")
        return
      }
      delays.append(delay)
    }
    #expect(delays == [0, 0, 0, 0.5, 1.0])
    #expect(throttle.attempt("ana", at: 5) == .refused(retryAfter: 299))
    // Another user is not slowed by ana's failures.
    #expect(throttle.verdict(for: "mia", at: 5) == .allowed(delay: 0))
    // When the refusal is over, then sign-ins are answered at once again.
    #expect(throttle.attempt("ana", at: 304) == .allowed(delay: 0))
  }

  @Test("When ten attempts arrive before any password is checked, then five are let through to the check and the other five refused")
  mutating func countedBeforeTheCheck() {
    let verdicts = (0..<10).map { _ in throttle.attempt("ana", at: 0) }

    #expect(verdicts.prefix(5).allSatisfy { if case .allowed = $0 { true } else { false } }, "\(verdicts)")
    #expect(verdicts.suffix(5).allSatisfy { $0 == .refused(retryAfter: 300) }, "\(verdicts)")
  }

  @Test("When a user signs in after failures, then the failures are forgotten")
  mutating func successForgets() {
    for second in 0..<3 { _ = throttle.attempt("ana", at: Double(second)) }
    #expect(throttle.verdict(for: "ana", at: 3) == .allowed(delay: 0.5))
    throttle.succeeded("ana")
    #expect(throttle.verdict(for: "ana", at: 5) == .allowed(delay: 0))
  }

  @Test("When the attempt that reaches the limit has the right password, then the refusal it started ends with it")
  mutating func rightAtTheLimit() {
    for second in 0..<5 { _ = throttle.attempt("ana", at: Double(second)) }
    throttle.succeeded("ana")

    #expect(throttle.attempt("ana", at: 5) == .allowed(delay: 0))
  }

  @Test("When attempts are older than the policy's memory, then they no longer count")
  mutating func oldFailuresForgotten() {
    let memory = SignInThrottle.Policy.perUser.memory
    for second in 0..<4 { _ = throttle.attempt("ana", at: Double(second)) }
    #expect(throttle.verdict(for: "ana", at: 3 + memory) == .allowed(delay: 0))
    _ = throttle.attempt("ana", at: 3 + memory)
    #expect(throttle.verdict(for: "ana", at: 4 + memory) == .allowed(delay: 0))
  }

  @Test("When more keys attempt than the throttle remembers, then a refusal is kept until it ends and the stalest others are forgotten")
  func refusalsOutliveTheLimit() {
    // Given a throttle that remembers 3 keys, and ana refused.
    var throttle = SignInThrottle(policy: .perUser, maximumKeys: 3)
    for _ in 0..<5 { _ = throttle.attempt("ana", at: 0) }

    // When twenty other names each try once.
    for index in 0..<20 { _ = throttle.attempt("name\(index)", at: 1 + Double(index)) }

    // Then ana is still refused, and only the newest others are remembered.
    #expect(throttle.verdict(for: "ana", at: 30) == .refused(retryAfter: 270))
    #expect(throttle.keys == 3)
    #expect(throttle.verdict(for: "name19", at: 30) == .allowed(delay: 0))
  }
}

@Suite("A sign-in's two throttles, per user and per client, together")
struct SignInLimitsTests {
  let desk = ClientKey(ipv4: [192, 168, 1, 20])

  @Test("When a client is refused, then its attempts no longer spend the allowance of the users it names")
  func clientRefusedFirst() {
    var limits = SignInLimits(perUser: .init(policy: .perUser), perClient: .init(policy: .perUser))
    for index in 0..<5 { _ = limits.attempt(user: "name\(index)", from: desk, at: 0) }

    #expect(limits.attempt(user: "ana", from: desk, at: 1) == .refused(retryAfter: 299))
    #expect(limits.perUser.verdict(for: "user:ana", at: 1) == .allowed(delay: 0))
    // From another client, ana is not slowed at all.
    #expect(limits.attempt(user: "ana", from: ClientKey(ipv4: [192, 168, 1, 21]), at: 1) == .allowed(delay: 0))
  }

  @Test("When a user is refused, then the attempt counts nothing against the client")
  func userRefusedFirst() {
    var limits = SignInLimits()
    for _ in 0..<5 { _ = limits.attempt(user: "ana", from: desk, at: 0) }
    for _ in 0..<50 { _ = limits.attempt(user: "ana", from: desk, at: 1) }

    // 5 counted for the client, of its 30: 13 more free before any slowing.
    #expect(limits.perClient.verdict(for: desk.key, at: 1) == .allowed(delay: 0))
    #expect(limits.attempt(user: "mia", from: desk, at: 1) == .allowed(delay: 0))
  }

  @Test("When a user signs in, then both the user's and the client's attempts are forgotten")
  func success() {
    var limits = SignInLimits()
    for _ in 0..<4 { _ = limits.attempt(user: "ana", from: desk, at: 0) }
    limits.succeeded(user: "ana", from: desk)

    #expect(limits.perUser.keys == 0)
    #expect(limits.perClient.keys == 0)
  }
}

@Suite("Whom a sign-in counts against: the client's address")
struct ClientKeyTests {
  @Test("When an IPv4 address signs in, then it is counted as itself")
  func ipv4() {
    #expect(ClientKey(ipv4: [192, 168, 1, 20]).key == "192.168.1.20")
    #expect(ClientKey(ipv4: [192, 168, 1, 20]) != ClientKey(ipv4: [192, 168, 1, 21]))
  }

  @Test("When loopback addresses sign in, then they are one client: 127.0.0.1, 127.0.0.2 and ::1")
  func loopback() {
    let ipv6Loopback = [UInt8](repeating: 0, count: 15) + [1]
    #expect(ClientKey(ipv4: [127, 0, 0, 1]) == .loopback)
    #expect(ClientKey(ipv4: [127, 0, 0, 2]) == .loopback)
    #expect(ClientKey(ipv6: ipv6Loopback) == .loopback)
  }

  @Test("When IPv6 addresses sign in, then they count by their /64, and an IPv4-mapped one as its IPv4 address")
  func ipv6() {
    let site: [UInt8] = [0x20, 0x01, 0x0d, 0xb8, 0x00, 0x01, 0x00, 0x02]
    let one = ClientKey(ipv6: site + [0, 0, 0, 0, 0, 0, 0, 1])
    let other = ClientKey(ipv6: site + [0xde, 0xad, 0xbe, 0xef, 0, 0, 0, 2])
    let mapped = ClientKey(ipv6: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 168, 1, 20])

    #expect(one.key == "2001:db8:1:2::/64")
    #expect(one == other)
    #expect(mapped == ClientKey(ipv4: [192, 168, 1, 20]))
  }
}

@Suite("Whether a request that changes something comes from the desk's own page")
struct RequestOriginTests {
  @Test(
    "When a POST names its site, then only the server's own is the same site",
    arguments: [
      ("http://127.0.0.1:8080", nil, true), ("HTTP://127.0.0.1:8080", nil, true),
      ("http://evil.example", nil, false), ("https://127.0.0.1:8080", nil, false),
      ("http://127.0.0.1:8081", nil, false), ("null", nil, false),
      (nil, "http://127.0.0.1:8080/login?x=1", true), (nil, "http://evil.example/127.0.0.1:8080", false),
      (nil, nil, true),
    ] as [(String?, String?, Bool)])
  func sameSite(origin: String?, referer: String?, same: Bool) {
    #expect(RequestOrigin.isSameSite(origin: origin, referer: referer, scheme: "http", host: "127.0.0.1:8080") == same)
  }

  @Test("When a browser's POST has no Host to compare with, then it is refused")
  func noHost() {
    #expect(!RequestOrigin.isSameSite(origin: "http://127.0.0.1:8080", referer: nil, scheme: "http", host: nil))
  }
}
