import Bowling

/// How one lane's sensors are wired to a GPIO chip: a line for each of the ten pins, the
/// optional ball, foul and pinsetter-cycle signals, and the throw detector's windows.
///
/// A `Wiring` is what a wiring file says, before it is checked against a real chip. Lines may
/// still be names; ``ResolvedWiring`` turns every one into an offset on a chip.
public struct Wiring: Sendable, Equatable {
  /// The GPIO chip every input of the lane is on.
  public var chip: Chip

  /// The inputs of pins 1 to 10, in pin order: always exactly ten.
  public private(set) var pins: [Input]

  /// The ball detector (a beam or switch near the pit), if the lane has one.
  public var ball: Input?

  /// The foul-line detector, if the lane has one.
  public var foul: Input?

  /// The pinsetter's cycle signal (on while it sweeps and respots), if the lane has one.
  public var cycle: Input?

  /// The throw detector's bounce, settle and delivery windows.
  public var detector: Detector

  /// Creates a wiring from the inputs of all ten pins and the optional signals.
  ///
  /// - Parameters:
  ///   - pins: A function giving the input of each pin; it is asked once for every pin.
  public init(
    chip: Chip,
    pins: (Pin) -> Input,
    ball: Input? = nil,
    foul: Input? = nil,
    cycle: Input? = nil,
    detector: Detector = Detector()
  ) {
    self.chip = chip
    self.pins = Pin.allCases.map(pins)
    self.ball = ball
    self.foul = foul
    self.cycle = cycle
    self.detector = detector
  }

  /// The input that senses `pin`.
  public subscript(pin: Pin) -> Input {
    get { pins[pin.rawValue - 1] }
    set { pins[pin.rawValue - 1] = newValue }
  }

  /// The input wired for `role`, or `nil` when that optional signal is not wired.
  public subscript(role: Role) -> Input? {
    switch role {
    case .pin(let pin): self[pin]
    case .ball: ball
    case .foul: foul
    case .cycle: cycle
    }
  }

  /// Every wired input with its role: the ten pins first, then ball, foul and cycle if present.
  public var inputs: [(role: Role, input: Input)] {
    Role.allCases.compactMap { role in self[role].map { (role, $0) } }
  }
}

extension Wiring {
  /// Which GPIO chip to open: by its device path or by its label.
  public enum Chip: Sendable, Hashable {
    /// A character device such as `/dev/gpiochip0`.
    case path(String)

    /// The label the driver gives the chip, such as `pinctrl-bcm2711` or `gpio-sim.0-node0`.
    ///
    /// Labels survive reboots and the order in which drivers probe, unlike chip numbers.
    case label(String)
  }

  /// A GPIO line on the chip: its offset, or the name the device tree gives it.
  public enum Line: Sendable, Hashable {
    /// The line's offset on the chip, counting from 0.
    case offset(Int)

    /// The line's name, such as `GPIO17` on a Raspberry Pi.
    case name(String)
  }

  /// The pull resistor the kernel applies to an input line.
  ///
  /// The raw values are the words a wiring file uses.
  public enum Bias: String, Sendable, Hashable, CaseIterable {
    /// Leave the line's bias as the firmware or a previous user set it.
    case asIs = "as-is"

    /// No pull resistor: the circuit drives the line both ways.
    case disabled

    /// Pull the line up to 3.3 V: right for a switch or opto-isolator that pulls it low.
    case pullUp = "pull-up"

    /// Pull the line down to ground: right for a circuit that drives it high.
    case pullDown = "pull-down"
  }

  /// One sensor input: the line it is wired to, its active level and its bias.
  public struct Input: Sendable, Hashable {
    /// The line the sensor is wired to.
    public var line: Line

    /// Whether a low level means "active" (a pin down, the ball seen, a foul, a cycle running).
    ///
    /// True for inputs driven through opto-isolators, which pull the line low when they conduct.
    public var activeLow: Bool

    /// The pull resistor the kernel applies to the line.
    public var bias: Bias

    /// Creates an input; the defaults suit a sensor wired through an opto-isolator.
    public init(line: Line, activeLow: Bool = true, bias: Bias = .pullUp) {
      self.line = line
      self.activeLow = activeLow
      self.bias = bias
    }
  }

  /// What an input senses: one of the ten pins, or one of the lane's signals.
  public enum Role: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case pin(Pin)
    case ball
    case foul
    case cycle

    public static let allCases: [Role] = Pin.allCases.map(Role.pin) + [.ball, .foul, .cycle]

    /// The role's key path in a wiring file, such as `pins.7` or `signals.ball`.
    public var keyPath: String {
      switch self {
      case .pin(let pin): "pins.\(pin.rawValue)"
      case .ball: "signals.ball"
      case .foul: "signals.foul"
      case .cycle: "signals.cycle"
      }
    }

    public var description: String {
      switch self {
      case .pin(let pin): "pin \(pin.rawValue)"
      case .ball: "ball"
      case .foul: "foul"
      case .cycle: "cycle"
      }
    }
  }
}

extension Wiring.Chip: CustomStringConvertible {
  public var description: String {
    switch self {
    case .path(let path): path
    case .label(let label): "the chip labelled \(label)"
    }
  }
}

extension Wiring.Line: CustomStringConvertible {
  public var description: String {
    switch self {
    case .offset(let offset): "line \(offset)"
    case .name(let name): "line \(name)"
    }
  }
}
