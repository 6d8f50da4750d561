import Bowling
import Testing
@testable import Wiring

@Suite("Writing a wiring file")
struct WiringRenderingTests {
  @Test("When a wiring is written and read back, then it is the same wiring",
    arguments: RoundTrip.all)
  func roundTrip(_ example: RoundTrip) throws {
    let text = example.wiring.fileText(header: ["Lane 7, calibrated 2025-03-14"])
    let read = try WiringFile(parsing: text, name: "written.toml").wiring
    #expect(read == example.wiring)
  }

  @Test("When a wiring is written with a header and notes, then they are comments in the file")
  func comments() {
    let wiring = RoundTrip.all[0].wiring
    let text = wiring.fileText(
      header: ["Lane 7", "calibrated 2025-03-14: longest bounce 1.2 ms"],
      notes: [.pin(Pin.head): "header pin 11", .ball: "header pin 36"])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.prefix(2) == ["# Lane 7", "# calibrated 2025-03-14: longest bounce 1.2 ms"])
    #expect(lines.contains("1 = \"GPIO17\"  # header pin 11"))
    #expect(lines.contains { $0.hasPrefix("ball = \"GPIO16\"") && $0.hasSuffix("# header pin 36") })
  }

  @Test("When most inputs share settings, then those are the defaults and the rest are tables")
  func defaultsAndOverrides() {
    var wiring = RoundTrip.all[0].wiring
    wiring[Pin(rawValue: 4)!].bias = .disabled
    let text = wiring.fileText()
    #expect(text.contains("[defaults]\nactive-low = true\nbias = \"pull-up\"\n"))
    #expect(text.contains("4 = { line = \"GPIO23\", bias = \"disabled\" }\n"))
  }

  @Test("When a name needs escaping, then the written file still reads back the same name")
  func escaping() throws {
    let wiring = Wiring(
      chip: .label("odd \"chip\" \\ label\t1"),
      pins: { Wiring.Input(line: .name("line \"\($0.rawValue)\"\u{1}")) })
    let read = try WiringFile(parsing: wiring.fileText(), name: "escaped.toml").wiring
    #expect(read == wiring)
  }

  @Test("Then windows are written exactly in their file units",
    arguments: zip(
      [Duration.milliseconds(5), .microseconds(2_500), .microseconds(1), .seconds(1)],
      ["5", "2.5", "0.001", "1000"]))
  func bounceNumbers(_ duration: Duration, _ written: String) {
    #expect(Wiring.Window.bounce.written(duration) == written)
  }

  @Test("Then seconds always carry a decimal point",
    arguments: zip(
      [Duration.seconds(3), .milliseconds(2_250), .microseconds(15_000_001)],
      ["3.0", "2.25", "15.000001"]))
  func secondNumbers(_ duration: Duration, _ written: String) {
    #expect(Wiring.Window.settle.written(duration) == written)
  }
}

/// A wiring to write and read back, named for the test report.
struct RoundTrip: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let wiring: Wiring

  static let all: [RoundTrip] = [
    RoundTrip(
      testDescription: "a Pi lane with all signals and a delivery bound",
      wiring: Wiring(
        chip: .label("pinctrl-bcm2711"),
        pins: { pin in
          let names = [17, 27, 22, 23, 24, 25, 5, 6, 12, 13]
          return Wiring.Input(line: .name("GPIO\(names[pin.rawValue - 1])"))
        },
        ball: Wiring.Input(line: .name("GPIO16")),
        foul: Wiring.Input(line: .offset(19), activeLow: false, bias: .pullDown),
        cycle: Wiring.Input(line: .name("GPIO26"), bias: .asIs),
        detector: Wiring.Detector(
          bounce: .microseconds(1_750), settle: .milliseconds(2_400),
          maximumDelivery: .seconds(15)))),
    RoundTrip(
      testDescription: "a pins-only lane by path with default windows",
      wiring: Wiring(chip: .path("/dev/gpiochip4"), pins: { .init(line: .offset($0.rawValue + 1)) })),
    RoundTrip(
      testDescription: "a lane whose inputs are mostly active-high without bias",
      wiring: Wiring(
        chip: .path("/dev/gpiochip0"),
        pins: { pin in
          Wiring.Input(
            line: .offset(pin.rawValue), activeLow: pin.rawValue == 1,
            bias: pin.rawValue == 1 ? .pullUp : .disabled)
        },
        cycle: Wiring.Input(line: .offset(30), activeLow: false, bias: .disabled))),
  ]
}
