import LaneSensing

/// What `lane record` does: writes every raw event a sensor reports in the trace format, so a
/// lane's behaviour can be replayed with `lane simulate` and kept as a regression test.
public struct TraceRecording: Sendable {
  /// Comment lines written at the top of the trace (where, when, with what wiring).
  public var header: [String]

  public init(header: [String]) {
    self.header = header
  }

  /// What a recording wrote.
  public struct Summary: Hashable, Sendable {
    public var events: Int
    public var lostEvents: Int
  }

  /// Records `sensor` into `output` until the sensor ends or `shouldStop` says so.
  ///
  /// Lost events cannot be written as events (nothing says what they were), so each loss is
  /// a comment line; the sensor's fresh snapshot after it is an ordinary event.
  /// - Parameters:
  ///   - idleTimeout: The longest wait for an event; it bounds how late a stop is noticed.
  ///   - sync: Called whenever the sensor falls quiet, to make what was written durable.
  /// - Throws: What the sensor throws, or the writer's `TraceError` if the sensor's time went
  ///   backwards (which the `PinSensor` contract forbids).
  public func record<Sensor: PinSensor, Output: TextOutputStream>(
    _ sensor: inout Sensor,
    to output: inout Output,
    idleTimeout: Duration = .seconds(1),
    until shouldStop: () -> Bool = { false },
    sync: () throws -> Void = {}
  ) throws -> Summary {
    defer { sensor.close() }
    var writer = TraceWriter(to: output)
    for line in header { writer.comment(line) }
    var summary = Summary(events: 0, lostEvents: 0)
    defer { output = writer.output }
    while !shouldStop(), let reading = try sensor.next(timeout: idleTimeout) {
      switch reading {
      case .event(let event):
        try writer.write(event)
        summary.events += 1
      case .lost(let count, let time):
        writer.comment("lost \(count) events before \(time.secondsText); levels re-read next")
        summary.lostEvents += count
      case .quiet:
        try sync()
      }
    }
    return summary
  }
}
