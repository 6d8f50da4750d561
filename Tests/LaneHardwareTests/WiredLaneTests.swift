import Bowling
import GPIO
import GPIOPinSensor
import Testing
import Wiring

@testable import LaneHardware

@Suite("Opening a lane's sensors from its wiring")
struct WiredLaneTests {
  /// A chip like the gpio-sim rig's: pin1..pin10, ball, foul, cycle at offsets 0-12.
  let chip = ChipInventory(
    chipName: "gpiochip0",
    lineNames: (1...10).map { "pin\($0)" } + ["ball", "foul", "cycle", "spare"])

  func resolved(_ text: String) throws -> ResolvedWiring {
    try WiringFile(parsing: text, name: "lane.toml").resolved(on: chip)
  }

  static let pins = (1...10).map { "\($0) = \"pin\($0)\"" }.joined(separator: "\n")

  @Test("When every input is wired, then the sensor gets each line, its level and the debounce")
  func mapsInputs() throws {
    let wiring = try resolved("""
      [chip]
      label = "gpio-sim.0-node0"
      [pins]
      \(Self.pins)
      [signals]
      ball = "ball"
      cycle = { line = "cycle", active-low = false }
      [detector]
      bounce = 20
      """)

    let configuration = try WiredLane.sensorConfiguration(
      wiring, chip: .named("gpiochip0"), file: "lane.toml")

    #expect(configuration.pins[Pin(rawValue: 7)!] == .init(6, activeLow: true))
    #expect(configuration.ball == .init(10, activeLow: true))
    #expect(configuration.foul == nil)
    #expect(configuration.cycle == .init(12, activeLow: false))
    #expect(configuration.bias == .pullUp)
    #expect(configuration.pinActiveMeans == .down)
    #expect(configuration.debounce == .milliseconds(20))
  }

  @Test("When inputs ask for different pulls, then the file is refused with the inputs named")
  func mixedBias() throws {
    let wiring = try resolved("""
      [chip]
      path = "/dev/gpiochip0"
      [pins]
      \(Self.pins)
      [signals]
      foul = { line = "foul", bias = "pull-down" }
      """)

    let error = #expect(throws: LaneSetupError.self) {
      try WiredLane.sensorConfiguration(wiring, chip: .named("gpiochip0"), file: "lane.toml")
    }
    #expect({ if case .mixedBias? = error { true } else { false } }())
    #expect(error?.description.hasPrefix(
      "lane.toml: inputs ask for different bias settings (pull-down: signals.foul; pull-up: pins.1")
      == true)
  }

  @Test("When the wiring file does not exist, then the error is the wiring's")
  func missingFile() {
    let error = #expect(throws: LaneSetupError.self) {
      try WiredLane(wiringFile: "/nonexistent/lane.toml")
    }
    #expect({ if case .wiring? = error { true } else { false } }())
  }
}
