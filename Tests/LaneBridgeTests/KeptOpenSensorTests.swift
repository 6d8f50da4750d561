import Bowling
import LaneSensing
import SimulatedPinSensor
import Testing

@testable import LaneBridge

@Suite("A sensor kept open across a pair's loops")
struct KeptOpenSensorTests {
  /// A full deck at 0 s, the 1 pin down at 2 s, the 2 pin at 3 s: three events.
  static let script = SensorScript().pin(1, fallsAt: .seconds(2)).pin(2, fallsAt: .seconds(3))

  /// The readings until the sensor ends, without the quiet ones.
  static func events(_ sensor: KeptOpenSensor<SimulatedPinSensor>, upTo count: Int = .max) -> [SensorReading] {
    var events: [SensorReading] = []
    while events.count < count, let reading = try? sensor.next(timeout: .seconds(10)) {
      if case .event = reading { events.append(reading) }
    }
    return events
  }

  @Test("When a loop closes it mid-trace, then the next loop reads on where it was, from a snapshot of the deck as it stands at the last reading's instant")
  func nextLoopReadsOn() {
    let sensor = KeptOpenSensor(SimulatedPinSensor(script: Self.script))
    let first = Self.events(sensor, upTo: 2)

    sensor.close()
    let second = Self.events(sensor)

    #expect(first.map(\.time) == [.zero + .seconds(0), .zero + .seconds(2)])
    let snapshot = SensorReading.event(SensorEvent(.snapshot(standing: PinSet.full.subtracting([1] as PinSet)), at: .zero + .seconds(2)))
    #expect(second.first == snapshot)
    #expect(second.dropFirst().map(\.time) == [.zero + .seconds(3)])
  }

  @Test("When it is released, then it reads nothing more, and a close before any reading owes no snapshot")
  func released() throws {
    let sensor = KeptOpenSensor(SimulatedPinSensor(script: Self.script))
    sensor.close()
    #expect(Self.events(sensor, upTo: 1).first?.time == .zero)

    sensor.release()

    #expect(try sensor.next(timeout: .seconds(10)) == nil)
  }
}
