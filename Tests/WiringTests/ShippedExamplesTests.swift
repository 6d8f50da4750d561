import Bowling
import TestSupport
import Testing
import Wiring

@Suite("The wiring files shipped under Hardware/wiring")
struct ShippedExamplesTests {
  /// The folder of shipped wiring files.
  static let folder = PackageFolder.url("Hardware/wiring").path

  @Test("When a shipped file is read, then it validates and resolves on its chip",
    arguments: [
      ("string-pinsetter-pi.toml", FakeChip.raspberryPi4),
      ("minimal-pins-only.toml", FakeChip.raspberryPi4),
      ("gpio-sim.toml", FakeChip.gpioSim),
    ])
  func validates(_ name: String, on chip: FakeChip) throws {
    let file = try WiringFile(contentsOf: "\(Self.folder)/\(name)")
    let resolved = try file.resolved(on: chip)
    #expect(resolved.inputs.count >= 10)
  }

  @Test("Then the gpio-sim file puts pins 1-10, ball, foul and cycle on offsets 0 to 12")
  func gpioSimOffsets() throws {
    let file = try WiringFile(contentsOf: "\(Self.folder)/gpio-sim.toml")
    #expect(file.wiring.chip == .label("gpio-sim-lane"))
    let resolved = try file.resolved(on: FakeChip.gpioSim)
    #expect(resolved.offsets == Array(0...12))
    #expect(resolved.inputs.map(\.role) == Wiring.Role.allCases)
  }

  @Test("Then the Pi example wires every input active-low with a pull-up on the header's GPIOs")
  func piExample() throws {
    let file = try WiringFile(contentsOf: "\(Self.folder)/string-pinsetter-pi.toml")
    let resolved = try file.resolved(on: FakeChip.raspberryPi4)
    #expect(resolved.inputs.allSatisfy { $0.activeLow && $0.bias == .pullUp })
    #expect(resolved.offsets == [17, 27, 22, 23, 24, 25, 5, 6, 12, 13, 16, 19, 26])
    #expect(file.wiring.detector.maximumDelivery == .seconds(15))
  }

  @Test("Then the minimal example has no signals and the default windows")
  func minimalExample() throws {
    let wiring = try WiringFile(contentsOf: "\(Self.folder)/minimal-pins-only.toml").wiring
    #expect(wiring.inputs.count == 10)
    #expect(wiring.detector == Wiring.Detector())
  }
}
