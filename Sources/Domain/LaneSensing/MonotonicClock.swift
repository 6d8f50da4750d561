import POSIX

#if canImport(Glibc)
  import Glibc
#endif

/// The clock the kernel stamps GPIO edge events with, `CLOCK_MONOTONIC`.
///
/// A live lane must tell its throw detector the time on the same clock as its
/// events, so `GPIOPinSensor` stamps its opening snapshot and its `.quiet`
/// readings with this clock, and the live loop should read no other. It never
/// jumps (setting the wall clock does not move it) and stops while the
/// machine is suspended. Its origin is the boot. The gpio-sim rig's driver
/// paces its traces on it too.
public enum MonotonicClock {
  /// The current instant on `CLOCK_MONOTONIC`.
  ///
  /// The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
  public static func now() -> SensorInstant {
    var time = timespec()
    // CLOCK_MONOTONIC exists on every Linux and the pointer is valid, so the
    // call cannot fail (POSIX lists only EINVAL and EFAULT).
    clock_gettime(CLOCK_MONOTONIC, &time)
    return SensorInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }

  /// Sleeps until `deadline` (returns at once if it has passed). Sleeping to an absolute
  /// instant means a late wake-up never delays the deadlines after it: no drift.
  ///
  /// The corresponding C function is `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)`.
  public static func sleep(until deadline: SensorInstant) {
    var time = timespec(
      tv_sec: Int(deadline.nanoseconds / 1_000_000_000),
      tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
    // It returns its errno instead of setting errno; the only other, EINVAL, cannot happen
    // for a valid clock and time.
    _ = try? retryOnNegatedInterrupt { -clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) }
  }
}
