import Bowling
import LaneSensing

/// A scripted lane for tests: "pin 7 falls at 3.41 s", "ball at 3.2 s", with chatter.
///
/// Each method returns a new script, so a lane reads as one chain:
/// ```swift
/// let script = SensorScript()
///   .ball(at: .seconds(3.2))
///   .pin(7, fallsAt: .milliseconds(3410), chatter: .bounces(2, every: .milliseconds(2)))
///   .cycleOn(at: .seconds(9))
/// ```
/// Times are durations after the script's origin (`SensorInstant.zero`) and may be given in
/// any order; the sensor replays them sorted, keeping the written order for equal times.
public struct SensorScript: Hashable, Sendable {
  /// Extra edges a switch makes around a change before it rests at its new level.
  public struct Chatter: Hashable, Sendable {
    /// How many times the contact springs back before resting.
    public var bounces: Int
    /// Time between consecutive edges.
    public var spacing: Duration

    /// A clean change: one edge.
    public static let none = Chatter(bounces: 0, spacing: .zero)

    /// A change that springs back `count` times, one edge every `spacing`.
    public static func bounces(_ count: Int, every spacing: Duration) -> Chatter {
      Chatter(bounces: count, spacing: spacing)
    }
  }

  /// The deck when the sensor opens; the first reading is a snapshot of it.
  public var initialStanding: PinSet
  /// What the lane will report, in the order written.
  public private(set) var readings: [SensorReading] = []

  /// Starts a script whose deck opens with `standing` pins up.
  public init(standing: PinSet = .full) {
    initialStanding = standing
  }

  /// The ball detector fires.
  public func ball(at time: Duration) -> Self {
    adding(.ball, at: time)
  }

  /// The foul line trips.
  public func foul(at time: Duration) -> Self {
    adding(.foul, at: time)
  }

  /// The pinsetter starts a cycle.
  public func cycleOn(at time: Duration) -> Self {
    adding(.cycle(isOn: true), at: time)
  }

  /// The pinsetter ends its cycle.
  public func cycleOff(at time: Duration) -> Self {
    adding(.cycle(isOn: false), at: time)
  }

  /// Pin `number` falls, its switch chattering as given.
  public func pin(_ number: Int, fallsAt time: Duration, chatter: Chatter = .none) -> Self {
    change(number, to: .down, at: time, chatter: chatter)
  }

  /// Pin `number` comes back up (a respot), its switch chattering as given.
  public func pin(_ number: Int, risesAt time: Duration, chatter: Chatter = .none) -> Self {
    change(number, to: .standing, at: time, chatter: chatter)
  }

  /// Every pin in `pins` falls at once.
  public func pins(_ pins: PinSet, fallAt time: Duration, chatter: Chatter = .none) -> Self {
    pins.reduce(self) { $0.pin($1.rawValue, fallsAt: time, chatter: chatter) }
  }

  /// Every pin in `pins` comes back up at once.
  public func pins(_ pins: PinSet, riseAt time: Duration, chatter: Chatter = .none) -> Self {
    pins.reduce(self) { $0.pin($1.rawValue, risesAt: time, chatter: chatter) }
  }

  /// A standing pin wobbles: its sensor reads down for `length`, `pulses` times, one pulse
  /// every `period`, and it ends standing.
  public func wobble(
    pin number: Int, at time: Duration, pulses: Int = 1, length: Duration = .milliseconds(5),
    period: Duration = .milliseconds(50)
  ) -> Self {
    let pin = Self.pin(number)
    var script = self
    for index in 0..<pulses {
      let start = time + period * index
      script = script.adding(.pin(pin, .down), at: start)
        .adding(.pin(pin, .standing), at: start + length)
    }
    return script
  }

  /// The sensor reports every pin's level at once.
  public func snapshot(_ standing: PinSet, at time: Duration) -> Self {
    adding(.snapshot(standing: standing), at: time)
  }

  /// The sensor drops `count` events and then re-reads the deck as `standing`.
  public func lostEvents(_ count: Int, at time: Duration, standing: PinSet) -> Self {
    var script = self
    script.readings.append(.lost(count: count, at: .zero + time))
    return script.snapshot(standing, at: time)
  }

  private func change(
    _ number: Int, to level: SensorEvent.PinLevel, at time: Duration, chatter: Chatter
  ) -> Self {
    let pin = Self.pin(number)
    let other: SensorEvent.PinLevel = level == .down ? .standing : .down
    var script = adding(.pin(pin, level), at: time)
    for bounce in 0..<chatter.bounces {
      let sprung = time + chatter.spacing * (2 * bounce + 1)
      script = script.adding(.pin(pin, other), at: sprung)
        .adding(.pin(pin, level), at: sprung + chatter.spacing)
    }
    return script
  }

  private func adding(_ kind: SensorEvent.Kind, at time: Duration) -> Self {
    var script = self
    script.readings.append(.event(SensorEvent(kind, at: .zero + time)))
    return script
  }

  private static func pin(_ number: Int) -> Pin {
    guard let pin = Pin(rawValue: number) else {
      preconditionFailure("pins are numbered 1 to 10, not \(number)")
    }
    return pin
  }
}
