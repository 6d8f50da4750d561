import Bowling
import LaneSensing

/// A lane with a ball detector and cycle signals, bowled from random choices, as the events its
/// sensors would report: clean, or with contact chatter shorter than the bounce window.
struct LaneModel {
  /// What the detector should report for a delivery, without its times.
  struct Expected: Hashable, CustomStringConvertible {
    var standingBefore: PinSet
    var knocked: PinSet
    var isFoul: Bool

    init(standingBefore: PinSet, knocked: PinSet, isFoul: Bool) {
      self.standingBefore = standingBefore
      self.knocked = knocked
      self.isFoul = isFoul
    }

    init(_ detected: DetectedThrow) {
      self.init(
        standingBefore: detected.standingBefore, knocked: detected.knocked,
        isFoul: detected.isFoul)
    }

    var description: String { "\(standingBefore) knocked \(knocked)\(isFoul ? " foul" : "")" }
  }

  /// The events in time order, and the deliveries they hold.
  private(set) var clean: [SensorEvent] = []
  private(set) var noisy: [SensorEvent] = []
  private(set) var expected: [Expected] = []

  /// Bowls one delivery per choice; `noise[i]` (if any) shapes the chatter of delivery `i`.
  ///
  /// - Parameter bounce: The detector's bounce window; every pulse of noise is shorter.
  init(choices: [Int], noise: [Int], bounce: Duration) {
    let bounceMilliseconds = Int(bounce.nanoseconds / 1_000_000)
    var standing = PinSet.full
    var ballAtRack = 0
    var time = SensorInstant.zero + .seconds(1)
    for (index, choice) in choices.enumerated() {
      let n = index < noise.count ? noise[index] : 0
      let knocked = standing.intersection(PinSet(bits: UInt16(choice & 0x3FF))!)
      let isFoul = (choice >> 10) & 0b111 == 0
      expected.append(Expected(standingBefore: standing, knocked: knocked, isFoul: isFoul))

      // Chatter on a random pin while the deck waits, and on another during the delivery.
      let shortPulse = Duration.milliseconds(1 + (n >> 4) % max(1, bounceMilliseconds - 1))
      pulse(Pin.allCases[n % 10], wasStanding: standing, at: time - .milliseconds(500), shortPulse)
      if isFoul { add(.foul, at: time - .milliseconds(200)) }
      add(.ball, at: time)
      let wobbler = Pin.allCases[(n >> 8) % 10]
      if standing.subtracting(knocked).contains(wobbler) {
        pulse(wobbler, wasStanding: standing, at: time + .milliseconds(1_700), shortPulse)
      }

      // Each knocked pin falls within 1.5 s of the ball; a noisy one bounces as it falls.
      for (order, pin) in knocked.enumerated() {
        let offset = 50 + ((choice >> 4) &* (order + 1) &* 7919) % 1_450
        let fall = time + .milliseconds(Int64(abs(offset)))
        add(.pin(pin, .down), at: fall, noisy: false)
        let chatter = n >> (order % 12) & 1 == 1
        noisy.append(SensorEvent(.pin(pin, .down), at: fall))
        if chatter {
          noisy.append(SensorEvent(.pin(pin, .standing), at: fall + shortPulse / 2))
          noisy.append(SensorEvent(.pin(pin, .down), at: fall + shortPulse))
        }
      }

      // The pinsetter cycles once the deck has settled: a new rack after a cleared deck or
      // a second ball, otherwise the leave stays.
      standing = standing.subtracting(knocked)
      ballAtRack += 1
      add(.cycle(isOn: true), at: time + .seconds(5))
      if standing.isEmpty || ballAtRack == 2 {
        for pin in standing.complement {
          add(.pin(pin, .standing), at: time + .seconds(6) + .milliseconds(Int64(pin.rawValue)))
        }
        standing = .full
        ballAtRack = 0
      }
      add(.cycle(isOn: false), at: time + .seconds(7))
      time = time + .seconds(8)
    }
    noisy.sort { $0.time < $1.time }
  }

  private mutating func add(_ kind: SensorEvent.Kind, at time: SensorInstant, noisy: Bool = true) {
    clean.append(SensorEvent(kind, at: time))
    if noisy { self.noisy.append(SensorEvent(kind, at: time)) }
  }

  /// A flicker of `pin` away from its level and back, `length` long, in the noisy trace only.
  private mutating func pulse(
    _ pin: Pin, wasStanding standing: PinSet, at time: SensorInstant, _ length: Duration
  ) {
    let level: SensorEvent.PinLevel = standing.contains(pin) ? .standing : .down
    let away: SensorEvent.PinLevel = level == .standing ? .down : .standing
    noisy.append(SensorEvent(.pin(pin, away), at: time))
    noisy.append(SensorEvent(.pin(pin, level), at: time + length))
  }
}

extension ThrowDetector {
  /// Feeds every event, then finishes; returns everything reported.
  mutating func outputs(of events: [SensorEvent]) -> [Output] {
    events.flatMap { handle($0) } + finish()
  }
}

extension Array where Element == ThrowDetector.Output {
  /// The instant each output is stamped with.
  var times: [SensorInstant] {
    map { output in
      switch output {
      case .delivery(let delivery): delivery.end
      case .deckChanged(let change): change.time
      case .warning(let warning): warning.time
      }
    }
  }
}
