/// The clock the kernel stamps edge events with.
public enum EventClock: Hashable, Sendable, CaseIterable {
  /// `CLOCK_MONOTONIC`: never jumps, the clock to measure intervals with.
  /// libgpiod 1.x has only this one (on kernels 5.7 and later).
  case monotonic
  /// `CLOCK_REALTIME`: wall-clock time, which jumps when it is set (2.x only).
  case realtime
  /// The hardware timestamp engine, where the chip has one (2.x only).
  case hte
}
