import Bowling
import LaneSensing
import League
import POSIX
import SimulatedPinSensor
import Testing
import TestSupport

@testable import LaneBridge

/// A live lane's sensor as the feed's threads see it: a script, then (a lane never ends)
/// a wait on its wake event, as a GPIO sensor waits, returning a quiet reading when woken;
/// or a failure after the script, as a kernel read fails.
private struct LiveSensor: PinSensor {
  enum Failure: Error, CustomStringConvertible {
    case unplugged
    var description: String { "the chip was unplugged" }
  }

  var script: SimulatedPinSensor
  let wake: WakeEvent
  var failsAtEnd = false
  var closed = false
  var standing: PinSet { script.standing }

  mutating func next(timeout: Duration) throws(Failure) -> SensorReading? {
    guard !closed else { return nil }
    // A script's readings are always well formed.
    if let reading = try? script.next(timeout: timeout) { return reading }
    if failsAtEnd { throw .unplugged }
    try? wake.wait()
    wake.reset()
    return .quiet(until: SensorInstant(nanoseconds: Int64.max / 2))
  }

  mutating func close() { closed = true }
}

@Suite("A live pair's two sensors, each on a thread of its own")
struct LivePairFeedTests {
  /// Every output of `feed` until both lanes have reported `deliveries` deliveries (a live
  /// lane never ends), per lane.
  static func outputs(
    of feed: LivePairFeed, until deliveries: [PairSide: Int]
  ) throws -> [PairSide: [ThrowDetector.Output]] {
    var outputs: [PairSide: [ThrowDetector.Output]] = [:]
    func count(_ lane: PairSide) -> Int {
      outputs[lane, default: []].filter { if case .delivery = $0 { true } else { false } }.count
    }
    while count(.left) < deliveries[.left, default: 0] || count(.right) < deliveries[.right, default: 0] {
      _ = try feed.step { outputs[$0.lane, default: []].append($0.output) }
    }
    return outputs
  }

  /// What one detector alone reports for `script`, up to its last delivery.
  static func alone(_ script: SensorScript) throws -> [ThrowDetector.Output] {
    var sensor = SimulatedPinSensor(script: script)
    var detector = ThrowDetector(configuration: .init())
    var outputs: [ThrowDetector.Output] = []
    try detector.run(&sensor) { outputs.append($0) }
    let last = outputs.lastIndex { if case .delivery = $0 { true } else { false } } ?? -1
    return Array(outputs[...last])
  }

  @Test("When both lanes bowl at once, then each lane's detector reports exactly what it reports alone, in its order")
  func eachLaneAsAlone() throws {
    var random = SeededRandom(seed: 106)
    let planned = PlannedNight(night: PairRunnerTests.night(
      games: 1,
      lineups: [[.bowler(.init(name: "Ana", average: 172))], [.bowler(.init(name: "Cy", average: 188)), .vacancy]]),
      using: &random)
    let (left, right) = (planned.scripts.left, planned.scripts.right)
    let wakes = (try WakeEvent(), try WakeEvent())
    let feed = try LivePairFeed(
      left: .init(sensor: LiveSensor(script: SimulatedPinSensor(script: left), wake: wakes.0), wake: wakes.0, detector: .init()),
      right: .init(sensor: LiveSensor(script: SimulatedPinSensor(script: right), wake: wakes.1), wake: wakes.1, detector: .init()))
    defer { feed.close() }
    let expected: [PairSide: [ThrowDetector.Output]] = [.left: try Self.alone(left), .right: try Self.alone(right)]
    let deliveries = expected.mapValues { $0.filter { if case .delivery = $0 { true } else { false } }.count }

    let outputs = try Self.outputs(of: feed, until: deliveries)

    #expect(deliveries[.left]! >= 10 && deliveries[.right]! >= 10)
    // A live lane never ends: what each reported up to its last delivery is compared.
    for lane in [PairSide.left, .right] {
      #expect(Array(outputs[lane, default: []].prefix(expected[lane]!.count)) == expected[lane]!)
    }
  }

  @Test("When the pair is closed while both lanes wait for an edge, then each lane's wait is woken and its thread has ended")
  func closeWakesBothLanes() throws {
    let wakes = (try WakeEvent(), try WakeEvent())
    let feed = try LivePairFeed(
      left: .init(sensor: LiveSensor(script: SimulatedPinSensor(script: .perfectGame), wake: wakes.0), wake: wakes.0, detector: .init()),
      right: .init(sensor: LiveSensor(script: SimulatedPinSensor(script: .perfectGame), wake: wakes.1), wake: wakes.1, detector: .init()))
    _ = try Self.outputs(of: feed, until: [.left: 12, .right: 12])

    feed.close()

    // Both threads posted their end: the feed has nothing more, and says so.
    #expect(try feed.step { _ in } == false)
    #expect(feed.openDeliverySince == nil)
  }

  @Test("When a lane's sensor fails, then its failure names the lane, after every output it reported before")
  func failureNamesTheLane() throws {
    let wakes = (try WakeEvent(), try WakeEvent())
    var failing = LiveSensor(script: SimulatedPinSensor(script: .perfectGame), wake: wakes.1)
    failing.failsAtEnd = true
    let feed = try LivePairFeed(
      left: .init(sensor: LiveSensor(script: SimulatedPinSensor(script: .perfectGame), wake: wakes.0), wake: wakes.0, detector: .init()),
      right: .init(sensor: failing, wake: wakes.1, detector: .init()))
    defer { feed.close() }
    var rightDeliveries = 0

    let failure = #expect(throws: PairSensorFailure.self) {
      while true {
        _ = try feed.step { output in
          if output.lane == .right, case .delivery = output.output { rightDeliveries += 1 }
        }
      }
    }

    #expect(failure?.lane == .right)
    #expect(failure?.description.contains("the chip was unplugged") == true)
    #expect(rightDeliveries == 12)
  }
}
