import LaneSensing

/// What a ``LineSensor`` hands back each time it is asked for the next thing that happened.
public enum LineReading: Hashable, Sendable {
  /// The level of every watched line at once; always the first reading, and again after
  /// `.lost` so a consumer can resynchronise.
  case levels([Int: LineLevel], at: SensorInstant)

  /// One line changed level.
  case change(LineChange)

  /// Nothing changed up to this instant on the sensor's clock: the wait timed out.
  case quiet(until: SensorInstant)

  /// The sensor dropped `count` changes just before `time` (a kernel queue overflowed).
  case lost(count: Int, at: SensorInstant)
}

extension LineReading {
  /// The instant the reading is stamped with.
  public var time: SensorInstant {
    switch self {
    case .levels(_, let time): time
    case .change(let change): change.time
    case .quiet(let time): time
    case .lost(_, let time): time
    }
  }
}
