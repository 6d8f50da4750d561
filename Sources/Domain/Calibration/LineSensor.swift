/// Every candidate line of a chip, watched at once while nobody yet knows which line is which
/// pin: the line-level counterpart of `PinSensor`, for calibration.
///
/// It makes the same promises as `PinSensor`, in terms of lines:
/// - **Levels first.** The first reading is `.levels` with every watched line's level.
/// - **Order, and time never goes backwards.** Readings come in the order the sensor saw
///   them, each stamped at or after the previous one, on one clock.
/// - **Bounded waits.** `next(timeout:)` returns within `timeout` of sensor time: a change
///   if one happened by then, otherwise `.quiet(until:)`. A timeout of zero polls.
/// - **Nothing lost silently.** Dropped changes come back as `.lost` followed by `.levels`.
/// - **End and close.** `nil` means the stream has ended or the sensor was closed.
///
/// Calibration never reads a clock: the instants in these readings are its only time.
public protocol LineSensor {
  /// What reading from this sensor can fail with.
  associatedtype Failure: Error

  /// The offsets of the watched lines, in ascending order.
  var offsets: [Int] { get }

  /// Waits at most `timeout` of sensor time for the next reading.
  ///
  /// - Returns: The next reading, or `nil` once the stream has ended or the sensor is closed.
  /// - Throws: `Failure` when the lines cannot be read; the message says what to do.
  mutating func next(timeout: Duration) throws(Failure) -> LineReading?

  /// Releases the lines; later calls to `next(timeout:)` return `nil`.
  mutating func close()
}
