import POSIX

#if canImport(Glibc)
  import Glibc
#endif

/// The real passing of time, for the one loop that paces itself to it.
///
/// Everything else in LaneBridge treats time as data; only replays at the trace's pace
/// (`lane simulate --realtime`) need a clock that sleeps, and tests give them a fake one.
public protocol WallClock {
  /// The time since some fixed origin.
  func now() -> Duration
  /// Blocks the calling thread for `duration`.
  func sleep(for duration: Duration)
}

/// The system's monotonic clock.
public struct ContinuousWallClock: WallClock {
  private let clock = ContinuousClock()
  private let origin: ContinuousClock.Instant

  public init() { origin = clock.now }

  public func now() -> Duration { clock.now - origin }

  public func sleep(for duration: Duration) {
    var request = timespec(
      tv_sec: Int(duration.components.seconds),
      tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
    var remaining = timespec()
    // A signal ends the sleep early: sleep again for what was left.
    _ = try? retryOnInterrupt {
      let result = nanosleep(&request, &remaining)
      request = remaining
      return result
    }
  }
}
