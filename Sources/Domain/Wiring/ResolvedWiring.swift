import Bowling

/// A lane's wiring checked against a real chip: every input is a concrete offset on it.
///
/// This is what the GPIO sensor requests lines with.
public struct ResolvedWiring: Sendable, Equatable {
  /// The chip as the wiring file named it.
  public let chip: Wiring.Chip

  /// The chip's kernel name, such as `gpiochip0`.
  public let chipName: String

  /// Every wired input: pins 1 to 10 first, then ball, foul and cycle if wired.
  public let inputs: [Input]

  /// The throw detector's windows.
  public let detector: Wiring.Detector

  /// Resolves every input of `wiring` to an offset on `chip`.
  ///
  /// - Parameters:
  ///   - wiring: The lane's wiring, as read from a file or built in code.
  ///   - chip: The chip the lines are on.
  ///   - file: The wiring file's name, for error messages.
  /// - Throws: A ``WiringError`` with every problem: offsets and names the chip does not
  ///   have, inputs that share an offset, detector windows out of range.
  public init(
    resolving wiring: Wiring, on chip: some ChipLines, file: String = "wiring"
  ) throws(WiringError) {
    try self.init(resolving: wiring, on: chip, file: file, lineOf: { _ in nil })
  }

  init(
    resolving wiring: Wiring,
    on chip: some ChipLines,
    file: String,
    lineOf: (String) -> Int?
  ) throws(WiringError) {
    var problems: [WiringError.Problem] = []
    func report(_ keyPath: String, _ kind: WiringError.Kind) {
      problems.append(.init(keyPath: keyPath, line: lineOf(keyPath), kind: kind))
    }

    var inputs: [Input] = []
    for (role, input) in wiring.inputs {
      switch input.line {
      case .offset(let offset) where offset < 0:
        report(role.keyPath, .negativeOffset(offset))
      case .offset(let offset) where offset >= chip.lineCount:
        report(role.keyPath, .noSuchOffset(offset, chip: chip.chipName, lineCount: chip.lineCount))
      case .offset(let offset):
        inputs.append(Input(role: role, offset: offset, settings: input))
      case .name(let name):
        guard let offset = chip.offset(ofLineNamed: name) else {
          report(role.keyPath, .noSuchName(name, chip: chip.chipName))
          continue
        }
        inputs.append(Input(role: role, offset: offset, settings: input))
      }
    }

    let rolesByOffset = Dictionary(grouping: inputs, by: \.offset)
    for offset in inputs.map(\.offset).uniqued() {
      guard let sharing = rolesByOffset[offset], sharing.count > 1 else { continue }
      report(
        sharing[1].role.keyPath,
        .sharedOffset(offset, keys: sharing.map(\.role.keyPath), chip: chip.chipName)
      )
    }
    for (window, value) in wiring.detector.windowsOutOfRange() {
      report(window.keyPath, .windowOutOfRange(window, value: value))
    }
    if let bound = wiring.detector.maximumDelivery, bound <= wiring.detector.settle {
      report(Wiring.Window.maximumDelivery.keyPath, .deliveryNotLongerThanSettle)
    }

    guard problems.isEmpty else {
      throw WiringError(file: file, problems: WiringFile.inFileOrder(problems))
    }
    self.chip = wiring.chip
    self.chipName = chip.chipName
    self.inputs = inputs
    self.detector = wiring.detector
  }

  /// The input that senses `pin`.
  public subscript(pin: Pin) -> Input { inputs[pin.rawValue - 1] }

  /// The input wired for `role`, or `nil` when that optional signal is not wired.
  public subscript(role: Wiring.Role) -> Input? {
    inputs.first { $0.role == role }
  }

  /// The role of the input on `offset`, for turning a line's event into a sensor event.
  public func role(atOffset offset: Int) -> Wiring.Role? {
    inputs.first { $0.offset == offset }?.role
  }

  /// The offsets of every input, in the order of ``inputs``.
  public var offsets: [Int] { inputs.map(\.offset) }
}

extension ResolvedWiring {
  /// One input on the chip: what it senses, its offset and how to request it.
  public struct Input: Sendable, Hashable {
    /// What the input senses.
    public let role: Wiring.Role

    /// The line's offset on the chip.
    public let offset: Int

    /// Whether a low level means "active".
    public let activeLow: Bool

    /// The pull resistor to request.
    public let bias: Wiring.Bias

    /// Creates an input on `offset` with `settings`' active level and bias.
    public init(role: Wiring.Role, offset: Int, settings: Wiring.Input) {
      self.role = role
      self.offset = offset
      self.activeLow = settings.activeLow
      self.bias = settings.bias
    }
  }
}

extension Wiring.Detector {
  /// The windows outside their sane range, with their values as a file would write them.
  func windowsOutOfRange() -> [(Wiring.Window, String)] {
    var windows: [(Wiring.Window, String)] = []
    let checks: [(Wiring.Window, Duration?)] = [
      (.bounce, bounce), (.settle, settle), (.maximumDelivery, maximumDelivery),
    ]
    for case (let window, let duration?) in checks
    where duration <= .zero || duration > window.limit {
      windows.append((window, window.written(duration)))
    }
    return windows
  }
}

extension Sequence where Element: Hashable {
  /// The elements in order, each only the first time it appears.
  func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
