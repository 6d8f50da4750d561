import LaneSensing

/// The instant `ms` milliseconds after the clock's origin.
public func at(ms milliseconds: Int64) -> SensorInstant {
  SensorInstant(nanoseconds: milliseconds * 1_000_000)
}
