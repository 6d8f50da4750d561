import LaneSensing

/// Shortens a trace's idle stretches, where the throw detector has no window open, so a
/// replay in real time takes minutes instead of half an hour, without changing what the
/// detector makes of it.
///
/// The detector's decisions depend on time only through its windows (bounce, settle, the
/// delivery bound), and every open window shows as its `nextDeadline`. A gap between two
/// events during which every window closes, and nothing is pending when the next event comes,
/// can therefore shrink to the time its last window needed plus a margin: the detector sees
/// the same windows close in the same order and reaches the next event in the same state.
/// Gaps with a window still open at their end keep their length. The rig checks the claim
/// anyway: `lane simulate` must score the shortened trace as it scores the original.
struct GapCompressor {
  /// The detector fed the original events, to know which windows are open.
  private var detector: ThrowDetector
  /// The quiet time kept after the last window of a gap closes.
  let margin: Duration
  /// How much earlier the shortened trace is than the original at the current event.
  private(set) var removed: Duration = .zero
  private var previous: SensorInstant?

  /// - Parameters:
  ///   - configuration: The windows the replayed trace will be read with.
  ///   - margin: The quiet time kept after the last window of a shortened gap closes.
  init(configuration: ThrowDetector.Configuration, margin: Duration) {
    detector = ThrowDetector(configuration: configuration)
    self.margin = margin
  }

  /// The event at its place in the shortened trace; call with every event in order.
  mutating func place(_ event: SensorEvent) -> SensorEvent {
    if let previous, event.time - previous > margin {
      if let needed = quietNeed(from: previous, before: event.time),
        event.time - previous > needed + margin
      {
        removed += (event.time - previous) - (needed + margin)
      }
    }
    detector.handle(event)
    previous = event.time
    return SensorEvent(event.kind, at: event.time - removed)
  }

  /// How long after `start` the detector's last window before `end` closes, or `nil` when a
  /// window is still open at `end` (the gap must keep its length).
  private func quietNeed(from start: SensorInstant, before end: SensorInstant) -> Duration? {
    var probe = detector
    var lastClosed = start
    while let deadline = probe.nextDeadline {
      // A window still open when the next event comes: the gap keeps its length.
      guard deadline < end else { return nil }
      probe.advance(to: deadline)
      // A deadline that does not move on would loop forever; keep the gap instead.
      guard probe.nextDeadline != deadline else { return nil }
      lastClosed = max(lastClosed, deadline)
    }
    return lastClosed - start
  }
}
