import Bowling
import Calibration
import LaneSensing
import Wiring

/// A lane's pin sensor made from its lines and a wiring: what `lane run` sees through the
/// GPIO pin sensor, here over a simulated lane, so a calibrated wiring can be proved by
/// scoring a game with it.
struct WiredPinSensor: PinSensor {
  var lines: SimulatedLineSensor
  let wiring: ResolvedWiring
  private(set) var standing: PinSet = .full

  init(_ lane: SimulatedLane, wiring: ResolvedWiring) {
    lines = SimulatedLineSensor(lane)
    self.wiring = wiring
  }

  mutating func next(timeout: Duration) -> SensorReading? {
    while true {
      guard let reading = lines.next(timeout: timeout) else { return nil }
      switch reading {
      case .levels(let levels, let time):
        standing = PinSet(Pin.allCases.filter { pin in
          levels[wiring[pin].offset].map { !isActive(wiring[pin], $0) } ?? true
        })
        return .event(SensorEvent(.snapshot(standing: standing), at: time))
      case .quiet(let time):
        return .quiet(until: time)
      case .lost(let count, let time):
        return .lost(count: count, at: time)
      case .change(let change):
        guard let input = wiring.inputs.first(where: { $0.offset == change.offset }) else {
          continue
        }
        let active = isActive(input, change.level)
        let kind: SensorEvent.Kind
        switch input.role {
        case .pin(let pin):
          kind = .pin(pin, active ? .down : .standing)
          if active { standing.remove(pin) } else { standing.insert(pin) }
        case .ball, .foul:
          guard active else { continue }
          kind = input.role == .ball ? .ball : .foul
        case .cycle:
          kind = .cycle(isOn: active)
        }
        return .event(SensorEvent(kind, at: change.time))
      }
    }
  }

  mutating func close() { lines.close() }

  private func isActive(_ input: ResolvedWiring.Input, _ level: LineLevel) -> Bool {
    (level == .low) == input.activeLow
  }
}
