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
  /// How many times faster than the sensor's own time readings are handed out.
  public let speed: Double

  /// - Parameter speed: How many times faster than the trace's pace; 1 is its own pace.
  public init(_ base: Base, clock: Clock, speed: Double = 1) {
    self.base = base
    self.clock = clock
    self.speed = speed
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
    let due = origin.wall + (reading.time - origin.sensor) / speed
    let wait = due - clock.now()
    if wait > .zero { clock.sleep(for: wait) }
    return reading
  }

  public mutating func close() { base.close() }
}
