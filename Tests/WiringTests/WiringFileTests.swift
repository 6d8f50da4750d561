import Bowling
import Testing
import Wiring

@Suite("Reading a wiring file")
struct WiringFileTests {
  @Suite("Given a complete, valid file")
  struct CompleteFile {
    let wiring: Wiring

    init() throws {
      wiring = try WiringFile(parsing: Sample.complete, name: "lane7.toml").wiring
    }

    @Test("When it names the chip by label, then the wiring opens the chip by label")
    func chipByLabel() {
      #expect(wiring.chip == .label("pinctrl-bcm2711"))
    }

    @Test("When pins are named lines, then each pin gets its line with the defaults")
    func pinsByName() {
      #expect(wiring[Pin.head] == Wiring.Input(line: .name("GPIO17"), activeLow: true, bias: .pullUp))
      #expect(wiring[Pin(rawValue: 7)!].line == .name("GPIO5"))
    }

    @Test("When an input is a table, then its own active level and bias win over the defaults")
    func inputOverrides() {
      #expect(
        wiring[Pin(rawValue: 10)!]
          == Wiring.Input(line: .name("GPIO13"), activeLow: false, bias: .pullDown))
    }

    @Test("When signals are given by name or offset, then those are wired and the rest are not")
    func signals() {
      #expect(wiring.ball?.line == .name("GPIO16"))
      #expect(wiring.foul?.line == .offset(19))
      #expect(wiring.cycle == nil)
      #expect(wiring.inputs.count == 12)
    }

    @Test("When windows are decimals or whole numbers, then they become exact durations")
    func windows() {
      #expect(wiring.detector.bounce == .microseconds(2_500))
      #expect(wiring.detector.settle == .seconds(4))
      #expect(wiring.detector.maximumDelivery == .milliseconds(12_500))
    }
  }

  @Suite("Given a file with only the chip and the pins")
  struct MinimalFile {
    let wiring: Wiring

    init() throws {
      wiring = try WiringFile(parsing: Sample.pinsOnly(), name: "minimal.toml").wiring
    }

    @Test("Then every input is active-low with a pull-up, as opto-isolated inputs need")
    func inputDefaults() {
      #expect(wiring.pins.allSatisfy { $0.activeLow && $0.bias == .pullUp })
    }

    @Test("Then the detector windows are 30 ms bounce, 3 s settle and no delivery bound")
    func detectorDefaults() {
      #expect(wiring.detector == Wiring.Detector(bounce: .milliseconds(30), settle: .seconds(3)))
      #expect(wiring.detector.maximumDelivery == nil)
    }

    @Test("Then no ball, foul or cycle signal is wired")
    func noSignals() {
      #expect(wiring.ball == nil && wiring.foul == nil && wiring.cycle == nil)
    }
  }

  @Suite("Given a file with one mistake")
  struct OneMistake {
    @Test("When it is read, then the one problem names its key, its line and its kind",
      arguments: Mistake.all)
    func problem(_ mistake: Mistake) {
      let error = #expect(throws: WiringError.self) {
        try WiringFile(parsing: mistake.text, name: "lane.toml")
      }
      #expect(error?.file == "lane.toml")
      #expect(error?.problems.count == 1)
      #expect(error?.problems.first?.keyPath == mistake.keyPath)
      #expect(error?.problems.first?.line == mistake.line)
      #expect(error?.problems.first?.kind == mistake.kind)
    }

    @Test("When it is not valid TOML, then the error gives the line and column of the mistake")
    func syntax() throws {
      let text = "[chip]\nlabel = \"x\"\n\n[pins]\n1 = = 2\n"
      let error = #expect(throws: WiringError.self) {
        try WiringFile(parsing: text, name: "lane.toml")
      }
      let problem = try #require(error?.problems.first)
      guard case .syntax = problem.kind else {
        Issue.record("expected a syntax error, got \(problem.kind)")
        return
      }
      #expect(problem.line == 5)
      #expect(problem.column != nil)
      #expect(error?.description.hasPrefix("lane.toml:5:") == true)
    }

    @Test("When a key is mistyped, then the message suggests the key that was meant")
    func typoMessage() {
      let text = Sample.pinsOnly(extra: "\n[detector]\nsettel = 3\n")
      let error = #expect(throws: WiringError.self) {
        try WiringFile(parsing: text, name: "lane7.toml")
      }
      #expect(
        error?.description == """
          lane7.toml:17: detector.settel: unknown key "settel". Did you mean "settle"? \
          Valid keys here: bounce, settle, max-delivery.
          """)
    }

    @Test("When the file does not exist, then the error says so and names the path")
    func unreadable() {
      let error = #expect(throws: WiringError.self) {
        try WiringFile(contentsOf: "/nonexistent/lane7.toml")
      }
      #expect(error?.file == "/nonexistent/lane7.toml")
      #expect(error?.kinds == [.unreadable(reason: "No such file or directory")])
    }
  }

  @Suite("Given a file with several mistakes")
  struct SeveralMistakes {
    let error: WiringError?

    init() {
      let text = """
        [chip]
        label = "pinctrl-bcm2711"

        [defaults]
        bias = "pullup"

        [pins]
        1 = 17
        2 = 27
        3 = 22
        4 = 17
        5 = 24
        6 = 25
        7 = 5
        8 = 6

        [detector]
        settel = 3
        """
      error = #expect(throws: WiringError.self) {
        try WiringFile(parsing: text, name: "lane7.toml")
      }
    }

    @Test("When it is read, then every problem is reported at once, in file order")
    func allProblems() {
      #expect(error?.kinds == [
        .unknownBias("pullup"),
        .missingPins([Pin(rawValue: 9)!, Pin(rawValue: 10)!]),
        .duplicateLine(.offset(17), keys: ["pins.1", "pins.4"]),
        .unknownKey("settel", suggestion: "settle", allowed: ["bounce", "settle", "max-delivery"]),
      ])
      #expect(error?.problems.map(\.line) == [5, 7, 11, 18])
    }

    @Test("When it is printed, then each problem is one line naming the file, line and key")
    func description() {
      let lines = error?.description.split(separator: "\n").map(String.init) ?? []
      #expect(lines.first == "lane7.toml has 4 problems:")
      #expect(lines.dropFirst().map { $0.prefix(while: { $0 != " " }) } == [
        "lane7.toml:5:", "lane7.toml:7:", "lane7.toml:11:", "lane7.toml:18:",
      ])
      #expect(lines.contains {
        $0.hasPrefix("lane7.toml:11: pins.4: pins.1 and pins.4 are both wired to line 17.")
      })
      #expect(lines.contains {
        $0.contains("Use one of \"as-is\", \"disabled\", \"pull-up\", \"pull-down\"")
      })
    }
  }
}

/// A wiring file with one mistake and the problem it must produce.
struct Mistake: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  let keyPath: String
  let line: Int?
  let kind: WiringError.Kind

  var testDescription: String { name }

  /// Pin lines of a valid `[pins]` table starting on line 5 of ``Sample/pinsOnly(_:extra:)``.
  static let all: [Mistake] = [
    Mistake(
      name: "a mistyped top-level table",
      text: Sample.pinsOnly(extra: "\n[signal]\nball = 20\n"),
      keyPath: "signal", line: 16,
      kind: .unknownKey("signal", suggestion: "signals", allowed: [
        "chip", "defaults", "pins", "signals", "detector",
      ])),
    Mistake(
      name: "an unknown key with nothing close",
      text: Sample.pinsOnly(extra: "\n[signals]\nbeam = 20\n"),
      keyPath: "signals.beam", line: 17,
      kind: .unknownKey("beam", suggestion: nil, allowed: ["ball", "foul", "cycle"])),
    Mistake(
      name: "a missing pin",
      text: Sample.pinsOnly(Array(0..<9)),
      keyPath: "pins", line: 4,
      kind: .missingPins([Pin(rawValue: 10)!])),
    Mistake(
      name: "two pins on one offset",
      text: Sample.pinsOnly([0, 1, 5, 3, 4, 5, 6, 7, 8, 9]),
      keyPath: "pins.6", line: 10,
      kind: .duplicateLine(.offset(5), keys: ["pins.3", "pins.6"])),
    Mistake(
      name: "two signals on one line name",
      text: Sample.pinsOnly(extra: "\n[signals]\nball = \"GPIO4\"\nfoul = \"GPIO4\"\n"),
      keyPath: "signals.foul", line: 18,
      kind: .duplicateLine(.name("GPIO4"), keys: ["signals.ball", "signals.foul"])),
    Mistake(
      name: "a zero bounce window",
      text: Sample.pinsOnly(extra: "\n[detector]\nbounce = 0\n"),
      keyPath: "detector.bounce", line: 17,
      kind: .windowOutOfRange(.bounce, value: "0")),
    Mistake(
      name: "a negative settle window",
      text: Sample.pinsOnly(extra: "\n[detector]\nsettle = -1\n"),
      keyPath: "detector.settle", line: 17,
      kind: .windowOutOfRange(.settle, value: "-1")),
    Mistake(
      name: "a bounce window above 1 s",
      text: Sample.pinsOnly(extra: "\n[detector]\nbounce = 1500\n"),
      keyPath: "detector.bounce", line: 17,
      kind: .windowOutOfRange(.bounce, value: "1500")),
    Mistake(
      name: "a settle window above 30 s",
      text: Sample.pinsOnly(extra: "\n[detector]\nsettle = 45.5\n"),
      keyPath: "detector.settle", line: 17,
      kind: .windowOutOfRange(.settle, value: "45.5")),
    Mistake(
      name: "a bounce window below a microsecond",
      text: Sample.pinsOnly(extra: "\n[detector]\nbounce = 0.0001\n"),
      keyPath: "detector.bounce", line: 17,
      kind: .windowOutOfRange(.bounce, value: "0.0001")),
    Mistake(
      name: "a delivery bound shorter than the settle window",
      text: Sample.pinsOnly(extra: "\n[detector]\nsettle = 5\nmax-delivery = 4\n"),
      keyPath: "detector.max-delivery", line: 18,
      kind: .deliveryNotLongerThanSettle),
    Mistake(
      name: "a window written with its unit",
      text: Sample.pinsOnly(extra: "\n[detector]\nbounce = \"5ms\"\n"),
      keyPath: "detector.bounce", line: 17,
      kind: .wrongType(expected: "a number of milliseconds", found: "the string \"5ms\"")),
    Mistake(
      name: "a pin given a boolean",
      text: Sample.pinsOnly().replacingFirst("7 = 6", with: "7 = true"),
      keyPath: "pins.7", line: 11,
      kind: .wrongType(
        expected: "a line offset such as 17 or a line name such as \"GPIO17\"",
        found: "true")),
    Mistake(
      name: "an active level given as a word",
      text: Sample.pinsOnly(extra: "\n[defaults]\nactive-low = \"yes\"\n"),
      keyPath: "defaults.active-low", line: 17,
      kind: .wrongType(expected: "true or false", found: "the string \"yes\"")),
    Mistake(
      name: "an unknown bias",
      text: Sample.pinsOnly(extra: "\n[defaults]\nbias = \"pullup\"\n"),
      keyPath: "defaults.bias", line: 17,
      kind: .unknownBias("pullup")),
    Mistake(
      name: "an unknown bias inside an input's table",
      text: Sample.pinsOnly().replacingFirst(
        "3 = 2", with: "3 = { line = 2, bias = \"up\" }"),
      keyPath: "pins.3.bias", line: 7,
      kind: .unknownBias("up")),
    Mistake(
      name: "a pin numbered 11",
      text: Sample.pinsOnly().replacingFirst("10 = 9", with: "10 = 9\n11 = 20"),
      keyPath: "pins.11", line: 15,
      kind: .pinOutOfRange("11")),
    Mistake(
      name: "a pin numbered 0",
      text: Sample.pinsOnly().replacingFirst("1 = 0", with: "0 = 20\n1 = 0"),
      keyPath: "pins.0", line: 5,
      kind: .pinOutOfRange("0")),
    Mistake(
      name: "a chip with both a path and a label",
      text: Sample.pinsOnly().replacingFirst(
        "path = \"/dev/gpiochip0\"", with: "path = \"/dev/gpiochip0\"\nlabel = \"x\""),
      keyPath: "chip", line: 1,
      kind: .conflictingKeys(["chip.path", "chip.label"])),
    Mistake(
      name: "a chip path without /dev",
      text: Sample.pinsOnly().replacingFirst("/dev/gpiochip0", with: "gpiochip0"),
      keyPath: "chip.path", line: 2,
      kind: .relativeChipPath("gpiochip0")),
    Mistake(
      name: "no chip",
      text: Sample.pinsOnly().replacingFirst("[chip]\npath = \"/dev/gpiochip0\"\n", with: ""),
      keyPath: "chip", line: nil,
      kind: .missingKey),
    Mistake(
      name: "an offset in quotes",
      text: Sample.pinsOnly().replacingFirst("5 = 4", with: "5 = \"4\""),
      keyPath: "pins.5", line: 9,
      kind: .quotedOffset("4")),
    Mistake(
      name: "a negative offset",
      text: Sample.pinsOnly().replacingFirst("5 = 4", with: "5 = -4"),
      keyPath: "pins.5", line: 9,
      kind: .negativeOffset(-4)),
    Mistake(
      name: "an empty line name",
      text: Sample.pinsOnly().replacingFirst("5 = 4", with: "5 = \" \""),
      keyPath: "pins.5", line: 9,
      kind: .emptyString),
    Mistake(
      name: "an input table without a line",
      text: Sample.pinsOnly().replacingFirst("10 = 9", with: "10 = { bias = \"pull-up\" }"),
      keyPath: "pins.10.line", line: 14,
      kind: .missingKey),
    Mistake(
      name: "a mistyped key inside an input table",
      text: Sample.pinsOnly().replacingFirst("10 = 9", with: "10 = { line = 9, activelow = false }"),
      keyPath: "pins.10.activelow", line: 14,
      kind: .unknownKey("activelow", suggestion: "active-low", allowed: [
        "line", "active-low", "bias",
      ])),
  ]
}

extension String {
  /// The string with the first occurrence of `target` replaced.
  func replacingFirst(_ target: String, with replacement: String) -> String {
    var copy = self
    guard let range = copy.firstRange(of: target) else { return self }
    copy.replaceSubrange(range, with: replacement)
    return copy
  }
}
