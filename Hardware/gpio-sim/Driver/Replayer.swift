import LaneSensing

/// Plays a trace's line writes onto the sim's pull files in real time.
///
/// The first write's trace time is mapped to `start` on the monotonic clock, and every write
/// sleeps until its own absolute instant, so a late write is never carried into the next.
/// Each write is logged as `started ended late_us offset pull trace-line`: the monotonic
/// seconds just before and just after the write (the kernel stamps the edge in between), how
/// late the write started, the chip offset written, and what it played.
struct Replayer {
  /// How the replay went: how many writes and how late they started.
  struct Summary: CustomStringConvertible {
    var writes = 0
    var totalLateness: Duration = .zero
    var worstLateness: Duration = .zero
    var lateOverMillisecond = 0

    var description: String {
      let mean = writes == 0 ? 0 : totalLateness.nanoseconds / Int64(writes) / 1_000
      return "\(writes) writes, lateness mean \(mean) us, worst "
        + "\(worstLateness.nanoseconds / 1_000) us, \(lateOverMillisecond) over 1 ms"
    }
  }

  let pulls: SimPulls
  /// Where the trace's first write lands on the monotonic clock.
  let start: SensorInstant

  /// Plays every write of `plan`, logging each to `log`.
  ///
  /// - Throws: `SimPulls.Failure` for a write the kernel refuses; the replay stops there.
  func play<Events>(
    _ plan: inout LineWritePlan<Events>, log: inout some TextOutputStream
  ) throws(SimPulls.Failure) -> Summary {
    var summary = Summary()
    var origin: SensorInstant?
    while let write = plan.next() {
      let traceOrigin = origin ?? write.time
      origin = traceOrigin
      let deadline = start + (write.time - traceOrigin)
      MonotonicClock.sleep(until: deadline)
      let started = MonotonicClock.now()
      try pulls.set(write.line, pull: SimLine.pull(active: write.active))
      let ended = MonotonicClock.now()
      let lateness = started - deadline
      summary.writes += 1
      summary.totalLateness += lateness
      summary.worstLateness = max(summary.worstLateness, lateness)
      if lateness > .milliseconds(1) { summary.lateOverMillisecond += 1 }
      print(
        "\(started.secondsText) \(ended.secondsText) \(lateness.nanoseconds / 1_000) "
          + "\(pulls.offset(of: write.line)) \(SimLine.pull(active: write.active)) \(write.cause)",
        to: &log)
    }
    return summary
  }
}
