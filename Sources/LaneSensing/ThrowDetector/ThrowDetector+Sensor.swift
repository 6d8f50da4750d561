extension ThrowDetector {
  /// Reads `sensor` until it ends or `shouldStop` says so, waiting at most until each next
  /// deadline.
  ///
  /// This is the loop `lane simulate` and `lane run` share: with a simulated sensor it runs as
  /// fast as the events can be read, and with a hardware sensor it sleeps in the kernel
  /// between edges. When the sensor ends, every open window is closed as if the lane stayed
  /// quiet (`finish()`); when `shouldStop` ends the loop, open windows are left open, because
  /// the lane did not fall quiet: check `isInDelivery` to tell the operator.
  /// - Parameters:
  ///   - sensor: The sensor to read until it returns `nil`.
  ///   - idleTimeout: The longest wait for a reading, even when no window is open; it bounds
  ///     how late a stop request is noticed.
  ///   - shouldStop: Asked before each wait; `true` ends the loop.
  ///   - body: Called with each output, in order.
  /// - Throws: Whatever the sensor throws; outputs before the failure have been delivered.
  public mutating func run<Sensor: PinSensor>(
    _ sensor: inout Sensor,
    idleTimeout: Duration = .seconds(60),
    until shouldStop: () -> Bool = { false },
    _ body: (Output) -> Void
  ) throws(Sensor.Failure) {
    while !shouldStop() {
      let timeout = nextDeadline.map { min(max($0 - now, .zero), idleTimeout) } ?? idleTimeout
      guard let reading = try sensor.next(timeout: timeout) else {
        for output in finish() { body(output) }
        return
      }
      for output in read(reading) { body(output) }
    }
  }
}
