/// What a `PinSensor` hands back each time it is asked for the next thing that happened.
public enum SensorReading: Hashable, Sendable {
  /// The sensor saw an event.
  case event(SensorEvent)
  /// Nothing happened up to this instant on the sensor's clock: the wait timed out.
  ///
  /// The live loop passes the instant to `ThrowDetector.advance(to:)`, so windows close
  /// on time even when no edge arrives.
  case quiet(until: SensorInstant)
  /// The sensor dropped `count` events just before `time` (a kernel buffer overflowed).
  ///
  /// A sensor that reports lost events follows them with a `.snapshot` event giving the
  /// levels it reads now, so consumers can resynchronise.
  case lost(count: Int, at: SensorInstant)
}

extension SensorReading {
  /// The instant the reading is stamped with.
  public var time: SensorInstant {
    switch self {
    case .event(let event): event.time
    case .quiet(let time): time
    case .lost(_, let time): time
    }
  }
}
