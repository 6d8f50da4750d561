import Bowling
import GPIO
import LaneSensing

extension GPIOPinSensor {
  /// Which chip and lines a lane's sensors are wired to, and how to read them.
  ///
  /// Pins 1-10 are required; the ball detector, the foul line and the
  /// pinsetter's cycle signal are optional. Every line is read with the same
  /// bias and kernel debounce period, each with its own active level.
  ///
  /// ```swift
  /// // A string pinsetter through opto-isolators on a Pi's header:
  /// // inputs pulled up, pulled low by the opto when its switch closes.
  /// let offsets: [LineOffset] = [4, 17, 27, 22, 5, 6, 13, 19, 26, 16]
  /// let configuration = GPIOPinSensor.Configuration(
  ///   chip: .named("gpiochip0"),
  ///   pins: .init { pin in .init(offsets[pin.rawValue - 1], activeLow: true) },
  ///   ball: .init(23, activeLow: true),
  ///   cycle: .init(24, activeLow: true),
  ///   pinActiveMeans: .down,
  ///   bias: .pullUp,
  ///   consumer: "lane-1")
  /// ```
  public struct Configuration: Sendable {
    /// Where the lines are: a chip already open, or one to open.
    public enum Chip: Sendable {
      /// A chip the caller opened (and may use for other things).
      case open(GPIOChip)
      /// A path (`/dev/gpiochip0`), a kernel name (`gpiochip0`) or a label
      /// (`pinctrl-bcm2711`), as `GPIOChip(named:)` takes it.
      case named(String)
    }

    /// One input line and the level at which it is active.
    public struct Input: Hashable, Sendable {
      /// The line's offset on the chip.
      public var offset: LineOffset
      /// Whether a low level means active: a switch or opto that pulls the
      /// line to ground when it closes.
      public var activeLow: Bool

      /// Creates an input on the line at `offset`.
      public init(_ offset: LineOffset, activeLow: Bool = false) {
        self.offset = offset
        self.activeLow = activeLow
      }
    }

    /// The input of each of the ten pins; none can be missing.
    public struct PinInputs: Hashable, Sendable {
      /// The inputs of pins 1 to 10, in pin order.
      private var inputs: [Input]

      /// Creates the inputs by asking for each pin's, from pin 1 to pin 10.
      ///
      /// - Throws: Whatever `input` throws, e.g. a wiring file's missing pin.
      public init<Failure: Error>(
        _ input: (Pin) throws(Failure) -> Input
      ) throws(Failure) {
        var inputs: [Input] = []
        for pin in Pin.allCases { inputs.append(try input(pin)) }
        self.inputs = inputs
      }

      /// The input of `pin`.
      public subscript(pin: Pin) -> Input {
        get { inputs[pin.rawValue - 1] }
        set { inputs[pin.rawValue - 1] = newValue }
      }
    }

    /// The chip the lines belong to.
    public var chip: Chip
    /// The input of each pin's sensor.
    public var pins: PinInputs
    /// The ball detector: a beam or switch near the pit, firing on its active edge.
    public var ball: Input?
    /// The foul-line detector, firing on its active edge.
    public var foul: Input?
    /// The pinsetter's cycle signal: active while it cycles.
    public var cycle: Input?
    /// What an active pin input says about the pin: `.down` (the switch closes
    /// when the pin falls, as on string pinsetters) or `.standing`.
    public var pinActiveMeans: SensorEvent.PinLevel
    /// The internal resistor of every line (`.pullUp` for opto-isolators that
    /// pull the input low).
    public var bias: Bias
    /// The name `gpioinfo` shows holding the lines.
    public var consumer: String
    /// How long a line must be stable before the kernel reports an edge.
    ///
    /// Used only where the kernel can debounce (libgpiod 2.x,
    /// `LibGPIOD.supportsKernelDebounce`); elsewhere it is ignored, never an
    /// error, and the throw detector's bounce window filters the chatter.
    public var debounce: DebouncePeriod
    /// The kernel's event queue size (libgpiod 2.x), 0 for its default of
    /// 16 events per line.
    public var eventBufferSize: Int

    /// Creates a configuration; only the chip and the pins are required.
    public init(
      chip: Chip,
      pins: PinInputs,
      ball: Input? = nil,
      foul: Input? = nil,
      cycle: Input? = nil,
      pinActiveMeans: SensorEvent.PinLevel = .down,
      bias: Bias = .asIs,
      consumer: String = "lane",
      debounce: DebouncePeriod = .none,
      eventBufferSize: Int = 0
    ) {
      self.chip = chip
      self.pins = pins
      self.ball = ball
      self.foul = foul
      self.cycle = cycle
      self.pinActiveMeans = pinActiveMeans
      self.bias = bias
      self.consumer = consumer
      self.debounce = debounce
      self.eventBufferSize = eventBufferSize
    }
  }
}

extension GPIOPinSensor.Configuration.Chip {
  /// The chip, opened if it is not open yet.
  ///
  /// - Throws: `GPIOError` as `GPIOChip(named:)`.
  func opened() throws(GPIOError) -> GPIOChip {
    switch self {
    case .open(let chip): chip
    case .named(let name): try GPIOChip(named: name)
    }
  }
}

extension GPIOPinSensor.Configuration {
  /// Every input with its role: pins 1-10, then ball, foul and cycle where wired.
  var lines: [(offset: LineOffset, line: EdgeTranslator.Line)] {
    var lines = Pin.allCases.map { pin in
      (pins[pin].offset, EdgeTranslator.Line(role: .pin(pin), activeLow: pins[pin].activeLow))
    }
    let optional: [(EdgeTranslator.Role, Input?)] = [(.ball, ball), (.foul, foul), (.cycle, cycle)]
    for case (let role, let input?) in optional {
      lines.append((input.offset, EdgeTranslator.Line(role: role, activeLow: input.activeLow)))
    }
    return lines
  }

  /// Offsets given to more than one input, in offset order.
  var duplicateOffsets: [LineOffset] {
    var seen = Set<LineOffset>()
    let repeated = lines.map(\.offset).filter { !seen.insert($0).inserted }
    return Set(repeated).sorted()
  }

  /// A translator for these inputs (the first of any inputs sharing a line).
  var translator: EdgeTranslator {
    EdgeTranslator(
      lines: Dictionary(lines.map { ($0.offset, $0.line) }, uniquingKeysWith: { first, _ in first }),
      pinActiveMeans: pinActiveMeans)
  }

  /// The one request that holds every input.
  ///
  /// Lines are requested as wired (not active-low), because one request has a
  /// single active level; each input's own level is applied when its events
  /// are translated. Both edges are watched, stamped on the monotonic clock.
  /// - Parameter kernelDebounce: Whether libgpiod can ask for a debounce period.
  func lineRequest(kernelDebounce: Bool) -> LineRequest.Configuration {
    LineRequest.Configuration(
      offsets: lines.map(\.offset),
      consumer: consumer,
      edgeDetection: .both,
      bias: bias,
      activeLow: false,
      debounce: kernelDebounce ? debounce : .none,
      // Only the pins: a ball detector's or foul line's pulse may be shorter than the
      // bounce window, and the kernel would swallow it.
      debouncedOffsets: Set(Pin.allCases.map { pins[$0].offset }),
      eventClock: .monotonic,
      eventBufferSize: eventBufferSize)
  }
}
