import LaneSensing

/// One line's level changing, stamped by the sensor that saw it.
public struct LineChange: Hashable, Sendable {
  /// The line's offset on the chip.
  public var offset: Int

  /// The level the line went to.
  public var level: LineLevel

  /// When the sensor saw the change.
  public var time: SensorInstant

  /// Creates a change of line `offset` to `level` at `time`.
  public init(offset: Int, to level: LineLevel, at time: SensorInstant) {
    self.offset = offset
    self.level = level
    self.time = time
  }
}

extension LineChange: CustomStringConvertible {
  /// `3.410000 line 6 low`.
  public var description: String { "\(time.secondsText) line \(offset) \(level)" }
}
