extension ThrowDetector {
  /// How ``run(_:idleTimeout:until:_:)`` ended.
  public enum Ending: Hashable, Sendable {
    /// The sensor has no more readings; every open window was closed.
    case sensorEnded
    /// `shouldStop` asked for a stop; open windows were left open.
    case stopRequested
  }

  /// Reads `sensor` until it ends or `shouldStop` says so, waiting at most until each next
  /// deadline.
  ///
  /// This is the one loop every lane runs (`LaneRunner` in LaneBridge, for `lane simulate`
  /// and `lane run`): with a simulated sensor it runs as fast as the events can be read, and
  /// with a hardware sensor it sleeps in the kernel between edges. When the sensor ends,
  /// every open window is closed as if the lane stayed quiet (`finish()`); when `shouldStop`
  /// ends the loop, open windows are left open, because the lane did not fall quiet: check
  /// `isInDelivery` to tell the operator.
  /// - Parameters:
  ///   - sensor: The sensor to read until it returns `nil`.
  ///   - idleTimeout: The longest wait for a reading, even when no window is open; it bounds
  ///     how late a stop request is noticed.
  ///   - shouldStop: Asked before each wait; `true` ends the loop. Work that belongs between
  ///     readings (a console command, a journal read) can be done here.
  ///   - body: Called with each output, in order.
  /// - Returns: Whether the sensor ended or a stop was asked for.
  /// - Throws: Whatever the sensor, `shouldStop` or `body` throws; outputs before the failure
  ///   have been delivered.
  @discardableResult
  public mutating func run<Sensor: PinSensor>(
    _ sensor: inout Sensor,
    idleTimeout: Duration = .seconds(60),
    until shouldStop: () throws -> Bool = { false },
    _ body: (Output) throws -> Void
  ) throws -> Ending {
    // In whole nanoseconds: the steady path does no 128-bit `Duration` arithmetic.
    let idle = idleTimeout.nanoseconds
    while try !shouldStop() {
      guard let reading = try sensor.next(timeoutNanoseconds: timeout(idle: idle)) else {
        for output in finish() { try body(output) }
        return .sensorEnded
      }
      try read(reading, into: body)
    }
    return .stopRequested
  }

  /// How long to wait for the next reading, in nanoseconds: until the next deadline, and at
  /// most `idle`.
  public func timeout(idle: Int64) -> Int64 {
    guard let deadline = nextDeadline else { return idle }
    let (left, overflow) = deadline.nanoseconds.subtractingReportingOverflow(now.nanoseconds)
    return overflow ? (deadline > now ? idle : 0) : min(max(left, 0), idle)
  }
}
