import Glibc
import LaneSensing

/// The clock the kernel stamps GPIO edge events with, `CLOCK_MONOTONIC`.
///
/// A live lane must tell its throw detector the time on the same clock as its
/// events, so `GPIOPinSensor` stamps its opening snapshot and its `.quiet`
/// readings with this clock, and the live loop should read no other. It never
/// jumps (setting the wall clock does not move it) and stops while the
/// machine is suspended. Its origin is the boot.
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
}
