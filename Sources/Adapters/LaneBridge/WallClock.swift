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

/// The system's monotonic clock, whose sleep a stop ends at once.
public struct ContinuousWallClock: WallClock {
  private let clock = ContinuousClock()
  private let origin: ContinuousClock.Instant
  /// Ends a sleep when signalled, and every sleep after it: the loop's stop.
  private let wake: WakeEvent?

  /// - Parameter wake: A wake event that ends the sleep when signalled (a stop), or `nil`.
  public init(waking wake: WakeEvent? = nil) {
    origin = clock.now
    self.wake = wake
  }

  public func now() -> Duration { clock.now - origin }

  /// Sleeps for `duration`, or until the wake event is signalled (it stays signalled).
  public func sleep(for duration: Duration) {
    let deadline = clock.now + duration
    while true {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return }
      let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
      guard milliseconds > 0 else {
        // Under a millisecond, which poll cannot wait: not worth waking for.
        var request = timespec(tv_sec: 0, tv_nsec: Int(left.components.attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
        return
      }
      var watched = pollfd(fd: wake?.descriptor ?? -1, events: Int16(POLLIN), revents: 0)
      // A negative descriptor is not watched: without a wake event this only times out.
      let ready = poll(&watched, 1, Int32(clamping: milliseconds))
      // Signalled, or a failure that is not a signal's: do not sleep on.
      if ready > 0 || (ready < 0 && errno != EINTR) { return }
      // 0: the time is up, to the millisecond; -1 with EINTR: a signal. Sleep on.
    }
  }
}
