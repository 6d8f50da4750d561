extension ThrowDetector {
  /// Reads `sensor` to its end, waiting at most until each next deadline, then finishes.
  ///
  /// This is the replay loop `lane simulate` needs: with a simulated sensor it runs as fast
  /// as the events can be read, and it asks the sensor exactly as a live loop would.
  /// - Parameters:
  ///   - sensor: The sensor to read until it returns `nil`.
  ///   - idleTimeout: How long to wait when no window is open.
  ///   - body: Called with each output, in order.
  /// - Throws: Whatever the sensor throws; outputs before the failure have been delivered.
  public mutating func run<Sensor: PinSensor>(
    _ sensor: inout Sensor,
    idleTimeout: Duration = .seconds(60),
    _ body: (Output) -> Void
  ) throws(Sensor.Failure) {
    while true {
      let timeout = nextDeadline.map { max($0 - now, .zero) } ?? idleTimeout
      guard let reading = try sensor.next(timeout: timeout) else { break }
      for output in read(reading) { body(output) }
    }
    for output in finish() { body(output) }
  }
}
