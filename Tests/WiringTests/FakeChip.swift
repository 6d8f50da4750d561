import Wiring

/// A chip with named lines, standing in for a real GPIO chip in tests.
struct FakeChip: ChipLines {
  let chipName: String
  let lineNames: [String]

  var lineCount: Int { lineNames.count }

  func offset(ofLineNamed name: String) -> Int? {
    lineNames.firstIndex(of: name)
  }

  /// The header chip of a Raspberry Pi 4: 58 lines named GPIO0 to GPIO57.
  static let raspberryPi4 = FakeChip(
    chipName: "gpiochip0", lineNames: (0..<58).map { "GPIO\($0)" })

  /// The gpio-sim bank the hardware-in-the-loop rig creates.
  static let gpioSim = FakeChip(
    chipName: "gpiochip0",
    lineNames: (1...10).map { "pin\($0)" } + ["ball", "foul", "cycle"])

  /// A small chip of 28 lines, GPIO0 to GPIO27, like the original Pi's header range.
  static let small = FakeChip(
    chipName: "gpiochip0", lineNames: (0..<28).map { "GPIO\($0)" })
}

/// Wiring file texts the tests build on.
enum Sample {
  /// A valid file with every section, inputs by name, one input with its own settings.
  static let complete = """
    # A lane.
    [chip]
    label = "pinctrl-bcm2711"

    [defaults]
    active-low = true
    bias = "pull-up"

    [pins]
    1 = "GPIO17"
    2 = "GPIO27"
    3 = "GPIO22"
    4 = "GPIO23"
    5 = "GPIO24"
    6 = "GPIO25"
    7 = "GPIO5"
    8 = "GPIO6"
    9 = "GPIO12"
    10 = { line = "GPIO13", active-low = false, bias = "pull-down" }

    [signals]
    ball = "GPIO16"
    foul = 19

    [detector]
    bounce = 2.5
    settle = 4
    max-delivery = 12.5
    """

  /// Ten pins by offset on a chip by path, and nothing else.
  static func pinsOnly(_ offsets: [Int] = Array(0..<10), extra: String = "") -> String {
    var text = "[chip]\npath = \"/dev/gpiochip0\"\n\n[pins]\n"
    for (index, offset) in offsets.enumerated() {
      text += "\(index + 1) = \(offset)\n"
    }
    return text + extra
  }
}
