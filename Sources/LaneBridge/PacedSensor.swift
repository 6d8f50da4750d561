import Bowling
import LaneSensing

/// A sensor whose readings are handed out no faster than the time between them: a replay at
/// the trace's own pace, for demonstrations (`lane simulate --realtime`).
public struct PacedSensor<Base: PinSensor, Clock: WallClock>: PinSensor {
  public typealias Failure = Base.Failure

  private var base: Base
  private let clock: Clock
  /// The first reading's instant and the wall-clock time it was handed out.
  private var origin: (sensor: SensorInstant, wall: Duration)?

  public init(_ base: Base, clock: Clock) {
    self.base = base
    self.clock = clock
  }

  public var standing: PinSet { base.standing }

  /// The base sensor's next reading, once as much wall-clock time has passed since the first
  /// reading as sensor time has.
  public mutating func next(timeout: Duration) throws(Base.Failure) -> SensorReading? {
    guard let reading = try base.next(timeout: timeout) else { return nil }
    guard let origin else {
      origin = (reading.time, clock.now())
      return reading
    }
    let due = origin.wall + (reading.time - origin.sensor)
    let wait = due - clock.now()
    if wait > .zero { clock.sleep(for: wait) }
    return reading
  }

  public mutating func close() { base.close() }
}
