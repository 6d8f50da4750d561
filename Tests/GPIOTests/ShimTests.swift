import Glibc
import Testing

@testable import GPIO

@Suite("The shim adapter")
struct ShimTests {
  @Test("When a call is interrupted by signals, then it is retried until it answers")
  func retriesInterrupts() throws {
    var results: [Int32] = [-EINTR, -EINTR, 3]

    let answer = try Shim.retryingOnInterrupt { results.removeFirst() }

    #expect(answer == 3)
    #expect(results.isEmpty)
  }

  @Test("When a call fails otherwise, then the errno is thrown without retrying")
  func throwsOtherErrors() {
    var calls = 0

    #expect(throws: Shim.Failure(errno: EBUSY)) {
      try Shim.retryingOnInterrupt { () -> Int32 in
        calls += 1
        return -EBUSY
      }
    }
    #expect(calls == 1)
  }

  @Test(
    "When a timeout is handed to the kernel, then it is whole nanoseconds, saturating",
    arguments: [
      (Duration.milliseconds(250), Int64(250_000_000)),
      (.seconds(2) + .nanoseconds(7), 2_000_000_007),
      (.seconds(Int64.max), Int64.max),
      (.zero, 0),
    ])
  func nanoseconds(timeout: Duration, expected: Int64) {
    #expect(Shim.nanoseconds(timeout) == expected)
  }
}
