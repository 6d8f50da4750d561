import DeskAccess
import Testing

@Suite("Failed sign-ins, slowed and then refused")
struct SignInThrottleTests {
  /// Given the per-user policy: 3 free failures, 0.5 s more each after, refused after 5.
  var throttle = SignInThrottle(policy: .perUser)

  @Test("When a user fails again and again, then the 4th and 5th answers are slowed and the next attempts refused for five minutes")
  mutating func slowedThenRefused() {
    var delays: [Double] = []
    for second in 0..<5 {
      guard case .allowed(let delay) = throttle.verdict(for: "ana", at: Double(second)) else {
        Issue.record("attempt \(second + 1) refused")
        return
      }
      delays.append(delay)
      throttle.failed("ana", at: Double(second))
    }
    #expect(delays == [0, 0, 0, 0.5, 1.0])
    #expect(throttle.verdict(for: "ana", at: 5) == .refused(retryAfter: 299))
    // Another user is not slowed by ana's failures.
    #expect(throttle.verdict(for: "mia", at: 5) == .allowed(delay: 0))
    // When the refusal is over, then sign-ins are answered at once again.
    #expect(throttle.verdict(for: "ana", at: 304) == .allowed(delay: 0))
  }

  @Test("When a user signs in after failures, then the failures are forgotten")
  mutating func successForgets() {
    for second in 0..<3 { throttle.failed("ana", at: Double(second)) }
    #expect(throttle.verdict(for: "ana", at: 3) == .allowed(delay: 0.5))
    throttle.succeeded("ana")
    #expect(throttle.verdict(for: "ana", at: 5) == .allowed(delay: 0))
  }

  @Test("When failures are older than the policy's memory, then they no longer count")
  mutating func oldFailuresForgotten() {
    for second in 0..<4 { throttle.failed("ana", at: Double(second)) }
    #expect(throttle.verdict(for: "ana", at: 3 + SignInThrottle.Policy.perUser.memory) == .allowed(delay: 0))
    throttle.failed("ana", at: 3 + SignInThrottle.Policy.perUser.memory)
    #expect(throttle.verdict(for: "ana", at: 4 + SignInThrottle.Policy.perUser.memory) == .allowed(delay: 0))
  }
}
