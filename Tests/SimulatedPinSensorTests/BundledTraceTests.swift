import Bowling
import LaneSensing
import SimulatedPinSensor
import TestSupport
import Testing

@Suite("Bundled traces")
struct BundledTraceTests {
  @Test(
    "When a bundled trace is replayed through the detector, then its throws are the expected ones",
    arguments: BundledTrace.all)
  func replay(trace: BundledTrace) throws {
    var sensor = try SimulatedPinSensor(contentsOf: trace.path)
    var detector = ThrowDetector()
    var detected: [DetectedThrow] = []
    try detector.run(&sensor) { output in
      if case .delivery(let delivery) = output { detected.append(delivery) }
    }
    #expect(detected.map(\.throw) == (try trace.expectedThrows()))
    #expect(detected.allSatisfy { !$0.isCutShort })
  }
}

extension BundledTraceTests {
  @Test("When the held-out trace is replayed, then each anomaly in its story is one warning")
  func heldOutWarnings() throws {
    var sensor = try SimulatedPinSensor(
      contentsOf: BundledTrace(name: "two-games-held-out").path)
    var detector = ThrowDetector()
    var warnings: [ThrowDetector.Warning.Kind] = []
    try detector.run(&sensor) { output in
      if case .warning(let warning) = output { warnings.append(warning.kind) }
    }
    let three = Pin(rawValue: 3)!
    #expect(warnings == [
      .ballDuringCycle,  // game 1, strike 9
      .pinRoseDuringDelivery(three), .wobbleIgnored(three),  // game 1, before strike 11
      .pinRoseDuringDelivery(Pin(rawValue: 10)!),  // game 2, frame 3
      .pinRoseDuringDelivery(three), .wobbleIgnored(three),  // game 2, before frame 4
    ])
  }
}
