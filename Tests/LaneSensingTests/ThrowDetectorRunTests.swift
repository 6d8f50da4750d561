import Bowling
import LaneSensing
import Testing

/// `ThrowDetector.run`, the loop every lane runs: how long it asks the sensor to wait, and
/// that every output reaches its body.
@Suite("Running the detector over a sensor")
struct ThrowDetectorRunTests {
  /// A snapshot, a ball at 1 s (settle ends at 4 s), pin 1 down at 1.1 s (its bounce window
  /// ends at 1.13 s), then the end.
  static let readings: [SensorReading] = [
    .event(SensorEvent(.snapshot(standing: .full), at: .zero)),
    .event(SensorEvent(.ball, at: SensorInstant(nanoseconds: 1_000_000_000))),
    .event(SensorEvent(.pin(Pin(rawValue: 1)!, .down), at: SensorInstant(nanoseconds: 1_100_000_000))),
  ]

  /// Gives `readings` in order, recording each timeout in nanoseconds; it leaves
  /// `next(timeoutNanoseconds:)` to the protocol's default, which calls `next(timeout:)`.
  struct ScriptedSensor: PinSensor {
    var readings: [SensorReading]
    var timeouts: [Int64] = []
    var askedWithDuration = 0
    var standing: PinSet = .full

    mutating func next(timeout: Duration) -> SensorReading? {
      askedWithDuration += 1
      timeouts.append(timeout.nanoseconds)
      return readings.isEmpty ? nil : readings.removeFirst()
    }

    mutating func close() { readings = [] }
  }

  /// The same, taking the timeouts in nanoseconds itself, as `SimulatedPinSensor` does.
  struct IntegerSensor: PinSensor {
    var base: ScriptedSensor
    var standing: PinSet { base.standing }

    mutating func next(timeout: Duration) -> SensorReading? { base.next(timeout: timeout) }

    mutating func next(timeoutNanoseconds: Int64) -> SensorReading? {
      base.timeouts.append(timeoutNanoseconds)
      return base.readings.isEmpty ? nil : base.readings.removeFirst()
    }

    mutating func close() { base.close() }
  }

  /// The waits the loop should ask for: the idle timeout until a window is open, then the
  /// time left to the nearest deadline (settle at 4 s, then the bounce at 1.13 s).
  static let expectedTimeouts: [Int64] = [60_000_000_000, 60_000_000_000, 3_000_000_000, 30_000_000]

  @Test("Given a sensor that takes nanosecond timeouts, when the detector runs it to its end, then each wait is the time to the next deadline, asked in nanoseconds")
  func integerTimeouts() throws {
    var sensor = IntegerSensor(base: ScriptedSensor(readings: Self.readings))
    var detector = ThrowDetector()
    var outputs: [ThrowDetector.Output] = []

    let ending = try detector.run(&sensor, idleTimeout: .seconds(60)) { outputs.append($0) }

    #expect(ending == .sensorEnded)
    #expect(sensor.base.timeouts == Self.expectedTimeouts)
    #expect(sensor.base.askedWithDuration == 0)
    let deliveries = outputs.compactMap { output -> DetectedThrow? in
      if case .delivery(let delivery) = output { delivery } else { nil }
    }
    #expect(deliveries.map(\.knocked) == [[1]])
    #expect(outputs.count == 2)  // the initial snapshot's deck, then the throw
  }

  @Test("Given a sensor that only takes Duration timeouts, when the detector runs it, then it is asked for the same waits")
  func durationTimeouts() throws {
    var sensor = ScriptedSensor(readings: Self.readings)
    var detector = ThrowDetector()

    try detector.run(&sensor, idleTimeout: .seconds(60)) { _ in }

    #expect(sensor.timeouts == Self.expectedTimeouts)
    #expect(sensor.askedWithDuration == Self.expectedTimeouts.count)
  }
}
