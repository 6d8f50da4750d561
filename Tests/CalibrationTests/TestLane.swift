import Bowling
import Calibration
import LaneSensing
import Wiring

/// The lane most calibration tests run on: 24 lines, two of them held by a kernel driver,
/// pins and signals on scattered lines; pin 8's sensor and the foul line are active high.
struct TestLane {
  static let pinLines = [17, 4, 22, 5, 23, 6, 12, 13, 16, 20]
  static let ballLine = 21
  static let foulLine = 3
  static let cycleLine = 7

  /// The true wiring.
  static let lines: [Wiring.Role: Int] = {
    var lines: [Wiring.Role: Int] = [.ball: ballLine, .foul: foulLine, .cycle: cycleLine]
    for pin in Pin.allCases { lines[.pin(pin)] = pinLines[pin.rawValue - 1] }
    return lines
  }()

  /// Offsets 0 and 1 are an I2C bus's; the rest are free.
  static let survey = ChipSurvey(
    path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-test",
    lines: (0..<24).map { offset in
      offset < 2
        ? .init(offset: offset, name: "GPIO\(offset)", consumer: "i2c", isUsed: true)
        : .init(offset: offset, name: "GPIO\(offset)")
    })

  /// Every free line's level at rest: high (pulled up), except pin 8's and the foul line.
  static let idle: [Int: LineLevel] = Dictionary(uniqueKeysWithValues: (2..<24).map { offset in
    (offset, offset == pinLines[7] || offset == foulLine ? LineLevel.low : .high)
  })

  let lane: SimulatedLane
  var technician: ScriptedTechnician
  var settings = CalibrationSettings()

  /// A lane at rest, with a technician whose contacts chatter 1 ms (pin 7's 4 ms).
  init(lines: [Wiring.Role: Int] = TestLane.lines) {
    lane = SimulatedLane(levels: Self.idle)
    technician = ScriptedTechnician(lane: lane, lines: lines, idle: Self.idle)
    for line in Self.pinLines { technician.bounces[line] = 1 }
    technician.bounces[Self.pinLines[6]] = 4
  }

  /// A calibration of this lane, ready to run.
  func calibration() throws -> Calibration<SimulatedLineSensor, ScriptedTechnician> {
    try Calibration(
      survey: Self.survey, sensor: SimulatedLineSensor(lane), technician: technician,
      settings: settings)
  }
}
