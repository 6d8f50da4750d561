import Bowling

/// One timestamped thing a lane's sensors reported.
public struct SensorEvent: Hashable, Sendable {
  /// Whether a pin's sensor reads it standing on its spot or fallen.
  public enum PinLevel: Hashable, Sendable {
    case standing
    case down
  }

  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A pin's sensor line changed level (raw, before any debouncing).
    case pin(Pin, PinLevel)
    /// The ball detector fired.
    case ball
    /// The foul line was tripped.
    case foul
    /// The pinsetter started (`true`) or ended (`false`) a cycle.
    case cycle(isOn: Bool)
    /// Every pin's level at once: the pins in the set stand, the others are down.
    case snapshot(standing: PinSet)
  }

  /// When the sensor saw it.
  public var time: SensorInstant
  public var kind: Kind

  public init(_ kind: Kind, at time: SensorInstant) {
    self.kind = kind
    self.time = time
  }
}

extension SensorEvent: CustomStringConvertible {
  /// The event as one line of the trace format: `3.410000 pin7 down`.
  public var description: String { traceLine }
}

extension SensorEvent {
  /// The event as one line of the trace format, without a terminator: `3.410000 pin7 down`.
  public var traceLine: String {
    let time = time.secondsText
    switch kind {
    case .ball: return "\(time) ball"
    case .foul: return "\(time) foul"
    case .cycle(let isOn): return "\(time) cycle \(isOn ? "on" : "off")"
    case .pin(let pin, let level): return "\(time) pin\(pin) \(level == .down ? "down" : "up")"
    case .snapshot(let standing):
      let digits = Pin.allCases.map { standing.contains($0) ? "1" : "0" }.joined()
      return "\(time) pins \(digits)"
    }
  }
}

extension PinSet {
  /// Applies a sensor event's raw pin levels: a pin change or a snapshot; other events leave
  /// the set as it is. This is how every `PinSensor` keeps its `standing` up to date.
  public mutating func apply(_ event: SensorEvent) {
    switch event.kind {
    case .pin(let pin, .standing): insert(pin)
    case .pin(let pin, .down): remove(pin)
    case .snapshot(let levels): self = levels
    case .ball, .foul, .cycle: break
    }
  }
}
