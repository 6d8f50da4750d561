import Glibc
import LaneSensing

/// `CLOCK_MONOTONIC`, the clock the kernel stamps GPIO edges with, and absolute sleeps on it.
enum Monotonic {
  /// The current instant.
  ///
  /// The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
  static func now() -> SensorInstant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return SensorInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }

  /// Sleeps until `deadline` (returns at once if it has passed). Sleeping to an absolute
  /// instant means a late wake-up never delays the deadlines after it: no drift.
  ///
  /// The corresponding C function is `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)`.
  static func sleep(until deadline: SensorInstant) {
    var time = timespec(
      tv_sec: Int(deadline.nanoseconds / 1_000_000_000),
      tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
  }
}
