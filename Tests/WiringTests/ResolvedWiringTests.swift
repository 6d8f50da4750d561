import Bowling
import Testing
import Wiring

@Suite("Resolving a wiring against a chip")
struct ResolvedWiringTests {
  @Suite("Given a Raspberry Pi wiring with lines by name and by offset")
  struct PiWiring {
    let resolved: ResolvedWiring

    init() throws {
      let file = try WiringFile(parsing: Sample.complete, name: "lane7.toml")
      resolved = try file.resolved(on: FakeChip.raspberryPi4)
    }

    @Test("When every line exists, then each input gets the offset of its line")
    func offsets() {
      #expect(resolved.offsets == [17, 27, 22, 23, 24, 25, 5, 6, 12, 13, 16, 19])
      #expect(resolved.chipName == "gpiochip0")
    }

    @Test("Then each input keeps its role, active level and bias")
    func settings() {
      #expect(resolved[Pin(rawValue: 10)!] == ResolvedWiring.Input(
        role: .pin(Pin(rawValue: 10)!), offset: 13,
        settings: Wiring.Input(line: .offset(13), activeLow: false, bias: .pullDown)))
      #expect(resolved[.ball]?.offset == 16)
      #expect(resolved[.cycle] == nil)
    }

    @Test("Then an event's offset leads back to what it senses")
    func roleAtOffset() {
      #expect(resolved.role(atOffset: 5) == .pin(Pin(rawValue: 7)!))
      #expect(resolved.role(atOffset: 19) == .foul)
      #expect(resolved.role(atOffset: 4) == nil)
    }
  }

  @Suite("Given a chip that lacks some of the wiring's lines")
  struct MissingLines {
    let error: WiringError?

    init() {
      let text = Sample.pinsOnly([0, 1, 2, 3, 4, 5, 6, 7, 8, 31])
        + "\n[signals]\nball = \"GPIO99\"\n"
      error = #expect(throws: WiringError.self) {
        try WiringFile(parsing: text, name: "lane7.toml").resolved(on: FakeChip.small)
      }
    }

    @Test("When it is resolved, then every missing line is reported with its file line")
    func problems() {
      #expect(error?.kinds == [
        .noSuchOffset(31, chip: "gpiochip0", lineCount: 28),
        .noSuchName("GPIO99", chip: "gpiochip0"),
      ])
      #expect(error?.problems.map(\.keyPath) == ["pins.10", "signals.ball"])
      #expect(error?.problems.map(\.line) == [14, 17])
    }

    @Test("Then the messages say what the chip has and how to list its lines")
    func messages() {
      let messages = error?.problems.map(\.message) ?? []
      #expect(messages == [
        "line 31 does not exist on gpiochip0, which has 28 lines (0-27).",
        "no line named GPIO99 on gpiochip0.",
      ])
      #expect(error?.problems.last?.fix.contains("gpioinfo gpiochip0") == true)
    }
  }

  @Suite("Given a name and an offset that are the same line")
  struct SharedLine {
    @Test("When it is resolved, then both keys are named with the offset they share")
    func sharedOffset() {
      let text = Sample.pinsOnly([17, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        + "\n[signals]\nball = \"GPIO17\"\n"
      let error = #expect(throws: WiringError.self) {
        try WiringFile(parsing: text, name: "lane7.toml").resolved(on: FakeChip.small)
      }
      #expect(error?.kinds == [.sharedOffset(17, keys: ["pins.1", "signals.ball"], chip: "gpiochip0")])
      #expect(error?.problems.first?.line == 17)
    }
  }

  @Suite("Given a wiring built in code with windows out of range")
  struct WindowsInCode {
    @Test("When it is resolved, then the windows are checked like a file's")
    func windows() {
      let wiring = Wiring(
        chip: .path("/dev/gpiochip0"),
        pins: { Wiring.Input(line: .offset($0.rawValue)) },
        detector: Wiring.Detector(
          bounce: .seconds(2), settle: .seconds(3), maximumDelivery: .seconds(2)))
      let error = #expect(throws: WiringError.self) {
        try ResolvedWiring(resolving: wiring, on: FakeChip.small, file: "calibrated.toml")
      }
      #expect(error?.kinds == [
        .windowOutOfRange(.bounce, value: "2000"),
        .deliveryNotLongerThanSettle,
      ])
      #expect(error?.problems.allSatisfy { $0.line == nil } == true)
    }
  }
}
