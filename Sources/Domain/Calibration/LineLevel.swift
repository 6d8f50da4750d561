/// A GPIO line's physical level, as wired: before any active-low is applied.
///
/// Calibration works on raw levels because it is what finds out which level of each line
/// means "active".
public enum LineLevel: Hashable, Sendable, CustomStringConvertible {
  case low
  case high

  /// The other level.
  public var flipped: LineLevel { self == .low ? .high : .low }

  /// The level a `Bool` value names: `true` is high.
  public init(isHigh: Bool) {
    self = isHigh ? .high : .low
  }

  public var description: String { self == .low ? "low" : "high" }
}
