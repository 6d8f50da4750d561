import Bowling
import LaneSensing
import SimulatedPinSensor
import Testing

/// A trace shipped under `Hardware/traces/` with its hand-written `.expected` file.
struct BundledTrace: CustomTestStringConvertible, Sendable {
  /// `Hardware/traces/` in this package, found from this source file's path.
  static let directory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // BundledTraceTests.swift, SimulatedPinSensorTests, Tests
    return parts.joined(separator: "/") + "/Hardware/traces"
  }()

  var name: String
  var testDescription: String { name }

  var tracePath: String { Self.directory + "/\(name).trace" }

  /// The expected throws: `knocked=1,2,3 foul=false` lines (`-` for none), in order.
  func expectedThrows() throws -> [Throw] {
    let file = try TraceFile(path: Self.directory + "/\(name).expected")
    var expected: [Throw] = []
    while let line = file.nextLine() {
      guard line.hasPrefix("knocked=") else { continue }
      let fields = line.split(separator: " ")
      let pins = fields[0].dropFirst("knocked=".count)
      let knocked = pins == "-" ? PinSet.empty : PinSet(
        pins.split(separator: ",").map { Pin(rawValue: Int($0)!)! })
      expected.append(Throw(.pins(knocked), isFoul: fields[1] == "foul=true"))
    }
    return expected
  }
}

@Suite("Bundled traces")
struct BundledTraceTests {
  @Test(
    "When a bundled trace is replayed through the detector, then its throws are the expected ones",
    arguments: [
      "string-pinsetter-game", "respot-only-game", "freefall-fouls-and-sweeps",
      // Held out: never used while tuning the detector.
      "two-games-held-out",
    ].map { BundledTrace(name: $0) })
  func replay(trace: BundledTrace) throws {
    var sensor = try SimulatedPinSensor(contentsOf: trace.tracePath)
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
      contentsOf: BundledTrace(name: "two-games-held-out").tracePath)
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
