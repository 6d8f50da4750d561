import Bowling
import GPIO
import LaneSensing
import Testing

@testable import GPIOPinSensor

/// A string pinsetter wired through opto-isolators, as the gpio-sim rig lays it
/// out: lines 0-9 are pins 1-10, then ball (10), foul (11) and cycle (12).
///
/// Pins, ball and cycle are active-low (the opto pulls the input low); the foul
/// line is active-high, so both polarities are exercised.
func optoConfiguration(
  pinActiveMeans: SensorEvent.PinLevel = .down,
  pinsActiveLow: Bool = true,
  chip: GPIOPinSensor.Configuration.Chip = .named("unused")
) -> GPIOPinSensor.Configuration {
  GPIOPinSensor.Configuration(
    chip: chip,
    pins: .init { pin in .init(LineOffset(rawValue: UInt32(pin.rawValue - 1)), activeLow: pinsActiveLow) },
    ball: .init(10, activeLow: true),
    foul: .init(11, activeLow: false),
    cycle: .init(12, activeLow: true),
    pinActiveMeans: pinActiveMeans,
    bias: .pullUp,
    consumer: "lane-test")
}

/// The line of `pin` in ``optoConfiguration(pinActiveMeans:pinsActiveLow:chip:)``.
func line(of pin: Int) -> LineOffset { LineOffset(rawValue: UInt32(pin - 1)) }

let ballLine: LineOffset = 10
let foulLine: LineOffset = 11
let cycleLine: LineOffset = 12

/// An edge of `offset` stamped `milliseconds` after the clock's origin.
func edge(
  _ offset: LineOffset, _ kind: EdgeEvent.Kind, at milliseconds: UInt64, sequence: UInt64? = nil
) -> EdgeEvent {
  EdgeEvent(
    offset: offset, kind: kind, timestampNanoseconds: milliseconds * 1_000_000,
    globalSequence: sequence)
}

/// Every line of the rig at the same physical level.
func allLines(high: Bool) -> [LineOffset: Bool] {
  Dictionary(uniqueKeysWithValues: (0...12).map { (LineOffset(rawValue: UInt32($0)), high) })
}

/// The pin event `kind` of pin `number`.
func pin(_ number: Int, _ level: SensorEvent.PinLevel) -> SensorEvent.Kind {
  .pin(Pin(rawValue: number)!, level)
}

/// Thrown by a level reader that must not be called.
struct LevelsReadUnexpectedly: Error {}

/// Thrown by a level reader that fails on purpose.
struct LevelsUnreadable: Error, Equatable {}

extension EdgeTranslator {
  /// Translates a batch, from a read that was not full, whose lines' levels
  /// must not be needed.
  mutating func translate(_ events: [EdgeEvent]) throws -> [SensorReading] {
    try translate(events, filledTheRead: false) {
      () throws(LevelsReadUnexpectedly) in throw LevelsReadUnexpectedly()
    }
  }
}
