import Bowling
import LaneSensing

/// A sensor that outlives the loops reading it: a pair's lanes go from open play to a league
/// night started from the desk and back, each a loop of its own, on the same wired lines
/// (or the same traces), which must not be released or reread in between.
///
/// Rules, each with its reason:
/// 1. A loop's ``close()`` only ends that loop's reading: the base sensor stays open until
///    ``release()``, so a line request is never dropped and a trace goes on where it was.
/// 2. The first reading after a loop's close is a snapshot of the deck as it stands, at the
///    last reading's instant: every loop is owed the sensor's snapshot first
///    (``PinSensor``), and time never goes backwards.
/// 3. A reference, shared by the loops in turn (never at once): whatever the base sensor
///    has read stays read.
public final class KeptOpenSensor<Base: PinSensor>: PinSensor, @unchecked Sendable {
  public typealias Failure = Base.Failure

  private var base: Base
  /// The last reading's instant, and whether the next loop is owed a snapshot (rule 2).
  private var last: SensorInstant?
  private var owesSnapshot = false
  private var released = false

  public init(_ base: Base) {
    self.base = base
  }

  public var standing: PinSet { base.standing }

  public func next(timeout: Duration) throws(Base.Failure) -> SensorReading? {
    try read { (base: inout Base) throws(Base.Failure) in try base.next(timeout: timeout) }
  }

  public func next(timeoutNanoseconds: Int64) throws(Base.Failure) -> SensorReading? {
    try read { (base: inout Base) throws(Base.Failure) in try base.next(timeoutNanoseconds: timeoutNanoseconds) }
  }

  /// Ends a loop's reading (rule 1).
  public func close() {
    owesSnapshot = last != nil
  }

  /// Releases the base sensor: the lines, the trace.
  public func release() {
    released = true
    base.close()
  }

  deinit { release() }

  private func read(
    _ next: (inout Base) throws(Base.Failure) -> SensorReading?
  ) throws(Base.Failure) -> SensorReading? {
    guard !released else { return nil }
    if owesSnapshot, let last {
      owesSnapshot = false
      return .event(SensorEvent(.snapshot(standing: base.standing), at: last))
    }
    let reading = try next(&base)
    if let reading { last = reading.time }
    return reading
  }
}
