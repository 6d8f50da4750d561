import Bowling
import LaneSensing

/// A pin sensor that shows every reading it returns to an observer first: how the lane's
/// health monitor (``LaneHealthMonitor``, in the ``LaneLink``) sees the raw pin, ball and
/// cycle lines the throw detector reads, without the detector knowing.
public struct ObservedSensor<Base: PinSensor>: PinSensor {
  public typealias Failure = Base.Failure

  public var base: Base
  /// Called with each reading before it is returned; `nil` observes nothing.
  public let observer: (@Sendable (SensorReading) -> Void)?

  public init(_ base: Base, observer: (@Sendable (SensorReading) -> Void)?) {
    self.base = base
    self.observer = observer
  }

  public var standing: PinSet { base.standing }

  public mutating func next(timeout: Duration) throws(Failure) -> SensorReading? {
    let reading = try base.next(timeout: timeout)
    if let reading { observer?(reading) }
    return reading
  }

  public mutating func next(timeoutNanoseconds: Int64) throws(Failure) -> SensorReading? {
    let reading = try base.next(timeoutNanoseconds: timeoutNanoseconds)
    if let reading { observer?(reading) }
    return reading
  }

  public mutating func close() { base.close() }
}
