import Bowling
import LaneSensing
import PropertyBased
import TestSupport
import Testing

@Suite("Throw detector invariants on random traces")
struct ThrowDetectorInvariantTests {
  /// Any event the format can carry, at times that mostly go forward and sometimes back.
  static let anyEvent = Gen.int(in: 0...0xFFFFFF).map { choice -> (step: Int, kind: SensorEvent.Kind) in
    let pin = Pin.allCases[(choice >> 4) % 10]
    let kind: SensorEvent.Kind =
      switch choice & 0b1111 {
      case 0...5: .pin(pin, .down)
      case 6...9: .pin(pin, .standing)
      case 10: .ball
      case 11: .foul
      case 12: .cycle(isOn: true)
      case 13: .cycle(isOn: false)
      default: .snapshot(standing: PinSet(bits: UInt16((choice >> 8) & 0x3FF))!)
      }
    // Steps in milliseconds: mostly short, sometimes seconds, one in sixteen backwards.
    let step = (choice >> 18) % 16 == 0 ? -((choice >> 8) % 500) : (choice >> 8) % 4_000
    return (step, kind)
  }

  static func events(_ steps: [(step: Int, kind: SensorEvent.Kind)]) -> [SensorEvent] {
    var time = SensorInstant.zero
    return steps.map { step, kind in
      time = time + .milliseconds(Int64(step))
      return SensorEvent(kind, at: time)
    }
  }

  @Test("When a clean game trace gets chatter shorter than the bounce window, then the detected throws are the clean ones")
  func chatterDoesNotChangeThrows() async {
    await propertyCheck(
      input: Gen.int(in: 0...0x1FFF).array(of: 1...12), Gen.int(in: 0...0xFFFF).array(of: 12...12)
    ) { choices, noise in
      let configuration = ThrowDetector.Configuration()
      let lane = LaneModel(choices: choices, noise: noise, bounce: configuration.bounce)
      var clean = ThrowDetector(configuration: configuration)
      var noisy = ThrowDetector(configuration: configuration)
      let fromClean = clean.outputs(of: lane.clean).deliveries.map(LaneModel.Expected.init)
      let fromNoisy = noisy.outputs(of: lane.noisy).deliveries.map(LaneModel.Expected.init)
      #expect(fromClean == lane.expected)
      #expect(fromNoisy == fromClean)
    }
  }

  @Test("When any events arrive, even out of order, then output times never go backwards")
  func timeNeverGoesBackwards() async {
    await propertyCheck(input: Self.anyEvent.array(of: 0...60)) { steps in
      var detector = ThrowDetector()
      let times = detector.outputs(of: Self.events(steps)).times
      #expect(times == times.sorted())
    }
  }

  @Test("When any events arrive, then each delivery knocks only pins that stood before it")
  func knockedWereStanding() async {
    await propertyCheck(input: Self.anyEvent.array(of: 0...60)) { steps in
      var detector = ThrowDetector()
      for delivery in detector.outputs(of: Self.events(steps)).deliveries {
        #expect(delivery.knocked.isSubset(of: delivery.standingBefore))
        #expect(delivery.start <= delivery.end)
      }
    }
  }

  @Test("When the input ends, then finish closes every window and reports what waiting would have")
  func finishLosesNothing() async {
    await propertyCheck(input: Self.anyEvent.array(of: 0...60)) { steps in
      var detector = ThrowDetector()
      let events = Self.events(steps)
      for event in events { _ = detector.handle(event) }
      var waited = detector
      let finished = detector.finish()
      let afterWaiting = waited.advance(to: waited.now + .seconds(3_600))
      #expect(!detector.isInDelivery)
      #expect(detector.nextDeadline == nil)
      #expect(finished.deliveries == afterWaiting.deliveries)
      #expect(finished.filter { if case .deckChanged = $0 { true } else { false } }
        == afterWaiting.filter { if case .deckChanged = $0 { true } else { false } })
    }
  }
}
