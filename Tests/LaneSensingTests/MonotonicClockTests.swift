import Glibc
import LaneSensing
import Testing

@Suite("Monotonic clock")
struct MonotonicClockTests {
  @Test("When read around a 20 ms sleep, then it moves forward by at least 20 ms")
  func advances() {
    let before = MonotonicClock.now()
    usleep(20_000)
    let after = MonotonicClock.now()

    #expect(after - before >= .milliseconds(20))
    #expect(after - before < .seconds(5))
  }

  @Test("When read, then it agrees with clock_gettime(CLOCK_MONOTONIC)")
  func sameClock() {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    let direct = SensorInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))

    let now = MonotonicClock.now()

    #expect(now >= direct)
    #expect(now - direct < .seconds(1))
  }

  @Test("When asked to sleep until 20 ms from now, then it returns at that instant or later")
  func sleepsUntil() {
    let deadline = MonotonicClock.now() + .milliseconds(20)

    MonotonicClock.sleep(until: deadline)

    #expect(MonotonicClock.now() >= deadline)
  }

  @Test("When asked to sleep until an instant that has passed, then it returns at once")
  func pastDeadline() {
    let before = MonotonicClock.now()

    MonotonicClock.sleep(until: before - .seconds(1))

    #expect(MonotonicClock.now() - before < .seconds(1))
  }
}
