import Wiring

/// What calibration found on a GPIO chip: the chip and every line on it, whether in use or not.
///
/// The GPIO shell reads it from the kernel; tests write it by hand. Lines that another program
/// or a kernel driver holds cannot be watched and are never offered for a pin.
public struct ChipSurvey: Hashable, Sendable {
  /// One line of the chip.
  public struct Line: Hashable, Sendable {
    /// The line's offset on the chip.
    public var offset: Int

    /// Its name from the device tree (`GPIO17`), `""` when unnamed.
    public var name: String

    /// Who holds it, `""` when nobody or the holder gave no name.
    public var consumer: String

    /// Whether a program or a kernel driver holds it.
    public var isUsed: Bool

    /// Creates a surveyed line.
    public init(offset: Int, name: String = "", consumer: String = "", isUsed: Bool = false) {
      self.offset = offset
      self.name = name
      self.consumer = consumer
      self.isUsed = isUsed
    }
  }

  /// The device path, such as `/dev/gpiochip0`.
  public var path: String

  /// The kernel name, such as `gpiochip0`.
  public var name: String

  /// The driver's label, such as `pinctrl-bcm2711`; `""` when it has none.
  public var label: String

  /// Every line of the chip, in offset order.
  public var lines: [Line]

  /// Creates a survey of a chip.
  public init(path: String, name: String, label: String, lines: [Line]) {
    self.path = path
    self.name = name
    self.label = label
    self.lines = lines
  }

  /// The lines nobody holds, which calibration can watch.
  public var freeLines: [Line] { lines.filter { !$0.isUsed } }

  /// The chip as a wiring file names it: by label, which survives reboots and probe order,
  /// or by path when the driver gives no label.
  public var wiringChip: Wiring.Chip {
    label.isEmpty ? .path(path) : .label(label)
  }

  /// The line at `offset`, if the chip has it.
  public subscript(offset: Int) -> Line? {
    lines.first { $0.offset == offset }
  }
}
