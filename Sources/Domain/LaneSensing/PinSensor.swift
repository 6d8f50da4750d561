import Bowling

/// A lane's sensors: the stream of timestamped events it produces and the level of every pin.
///
/// The live loop asks for one reading at a time, waiting at most until the throw detector's
/// next deadline, and passes whatever comes back to the detector:
///
/// ```swift
/// while let reading = try sensor.next(timeout: time until detector.nextDeadline) {
///   for output in detector.read(reading) { ... }
/// }
/// ```
///
/// `ThrowDetector.run(_:idleTimeout:until:_:)` is that loop.
///
/// Both a simulated sensor (replaying a script or a trace on its own simulated clock) and a
/// blocking hardware sensor (waiting in the kernel for GPIO edges) fit this shape.
///
/// Every implementation guarantees:
/// - **A snapshot first.** The first reading is a `.snapshot` event giving every pin's level
///   when the sensor opened, so a consumer never has to guess the initial deck.
/// - **Order.** Readings come in the order the sensor saw them; events sharing a timestamp
///   keep that order.
/// - **Time never goes backwards.** Each reading's instant (an event's time, a `.quiet`
///   instant, a `.lost` instant) is at or after the previous one's, on one clock.
/// - **Bounded waits.** `next(timeout:)` returns within `timeout` of sensor time: an event
///   if one happened by then, otherwise `.quiet(until:)` with the instant it waited until.
///   A timeout of zero polls.
/// - **Nothing lost silently.** When events are dropped the sensor returns `.lost` and then a
///   fresh `.snapshot`.
/// - **A consistent deck.** After a reading is returned, `standing` reflects every pin event
///   returned so far (raw levels, not debounced).
/// - **End and close.** `nil` means the stream has ended (a trace ran out, or the sensor was
///   closed); every later call returns `nil` too. `close()` releases whatever the sensor holds
///   (a line request, a file), may be called more than once, and makes `next` return `nil`.
///   Implementations that own a resource also release it when they are deinitialised.
/// - **Errors are typed and final for the reading.** A thrown `Failure` says what went wrong
///   (a malformed trace line, a failed kernel read) and what to do about it.
public protocol PinSensor: SendableMetatype {
  /// What reading from this sensor can fail with.
  associatedtype Failure: Error

  /// The pins whose sensors read standing, as of the last reading returned.
  var standing: PinSet { get }

  /// Waits at most `timeout` of sensor time for the next reading.
  ///
  /// - Returns: The next reading, or `nil` once the stream has ended or the sensor is closed.
  /// - Throws: `Failure` when the sensor cannot be read; the message says what to do.
  mutating func next(timeout: Duration) throws(Failure) -> SensorReading?

  /// Waits at most `timeoutNanoseconds` of sensor time for the next reading: the same as
  /// ``next(timeout:)`` with the timeout in whole nanoseconds.
  ///
  /// The detector's loop calls this one, so a sensor that replays as fast as it can read
  /// (a trace) need not do 128-bit `Duration` arithmetic per reading. By default it calls
  /// ``next(timeout:)``.
  mutating func next(timeoutNanoseconds: Int64) throws(Failure) -> SensorReading?

  /// Releases the sensor; later calls to `next(timeout:)` return `nil`.
  mutating func close()
}

extension PinSensor {
  public mutating func next(timeoutNanoseconds: Int64) throws(Failure) -> SensorReading? {
    try next(timeout: .nanoseconds(timeoutNanoseconds))
  }
}
