import Glibc

/// A libgpiod operation failed: what was being done, the errno, and what the
/// user can do about it.
///
/// The ``description`` is meant for people at the lane; ``problem`` is for
/// code that wants to react to a specific case.
public struct GPIOError: Error, Hashable, Sendable {
  /// What the package was doing when the kernel or libgpiod said no.
  public enum Operation: Hashable, Sendable {
    /// Opening the chip at a path.
    case openChip(path: String)
    /// Opening the chip with a label, searching a folder.
    case openChipLabelled(String, directory: String)
    /// Reading a chip's name, label and line count.
    case readChipInfo(chip: String)
    /// Reading what the kernel says about a line.
    case readLineInfo(chip: String, offset: LineOffset)
    /// Looking a line up by name.
    case findLine(chip: String, name: String)
    /// Requesting input lines.
    case requestLines(chip: String, LineRequest.Configuration)
    /// Reading the values of requested lines.
    case readValues(chip: String)
    /// Waiting for edge events.
    case waitForEvents(chip: String)
    /// Reading edge events.
    case readEvents(chip: String)
  }

  /// A line that another consumer holds.
  public struct BusyLine: Hashable, Sendable {
    /// The busy line.
    public var offset: LineOffset
    /// The name its holder gave, `""` when it gave none.
    public var consumer: String

    /// Creates a busy line.
    public init(offset: LineOffset, consumer: String) {
      self.offset = offset
      self.consumer = consumer
    }
  }

  /// What went wrong, with the facts the message needs.
  public enum Problem: Hashable, Sendable {
    /// No chip at that path or with that label; these chips exist.
    case chipMissing(available: [GPIOChip.Listing])
    /// The path exists but is not a GPIO chip; these chips exist.
    case notAChip(available: [GPIOChip.Listing])
    /// The user may not open the chip.
    case permissionDenied
    /// Lines are held by another consumer (empty when the kernel would not
    /// say which).
    case linesBusy([BusyLine])
    /// Offsets at or beyond the chip's number of lines.
    case offsetsBeyondChip([LineOffset], lineCount: Int)
    /// The same offset requested twice.
    case duplicateOffsets([LineOffset])
    /// More lines than one request can hold.
    case tooManyLines(Int)
    /// No line on the chip has that name.
    case lineNameMissing
    /// The build's libgpiod or the chip's driver cannot do a setting.
    case unsupportedSetting(String)
    /// Anything else: the errno says it all.
    case other
  }

  /// What was being done.
  public var operation: Operation
  /// The errno libgpiod or the kernel reported.
  public var errno: Int32
  /// What went wrong.
  public var problem: Problem

  /// Creates an error from what was done, the errno and the diagnosed problem.
  public init(operation: Operation, errno: Int32, problem: Problem) {
    self.operation = operation
    self.errno = errno
    self.problem = problem
  }

  /// The system's text for ``errno`` ("Device or resource busy").
  public var errnoDescription: String { String(cString: strerror(errno)) }
}

extension GPIOError.Operation: CustomStringConvertible {
  public var description: String {
    switch self {
    case .openChip(let path):
      "open GPIO chip \(path)"
    case .openChipLabelled(let label, let directory):
      "open the GPIO chip labelled \"\(label)\" in \(directory)"
    case .readChipInfo(let chip):
      "read the chip information of \(chip)"
    case .readLineInfo(let chip, let offset):
      "read the information of line \(offset) of \(chip)"
    case .findLine(let chip, let name):
      "find the line named \"\(name)\" on \(chip)"
    case .requestLines(let chip, let configuration):
      "request \(GPIOError.lineList(configuration.offsets)) of \(chip) as inputs"
    case .readValues(let chip):
      "read the line values of \(chip)"
    case .waitForEvents(let chip):
      "wait for edge events on \(chip)"
    case .readEvents(let chip):
      "read edge events from \(chip)"
    }
  }
}

extension GPIOError: CustomStringConvertible {
  /// What went wrong and what to do, in words for the person at the lane.
  public var description: String {
    "Cannot \(operation): \(explanation) \(advice)"
  }

  /// One sentence on what is wrong.
  public var explanation: String {
    switch problem {
    case .chipMissing:
      switch operation {
      case .openChipLabelled(let label, _): "no GPIO chip is labelled \"\(label)\"."
      default: "there is no such GPIO chip."
      }
    case .notAChip:
      "it is not a GPIO character device."
    case .permissionDenied:
      "this user may not use it (\(errnoDescription))."
    case .linesBusy(let lines) where lines.isEmpty:
      "a line is already in use by another program or a kernel driver."
    case .linesBusy(let lines):
      lines.map { line in
        let holder = line.consumer.isEmpty
          ? "a consumer that gave no name (a kernel driver or another program)"
          : "\"\(line.consumer)\""
        return "line \(line.offset) is already in use by \(holder)"
      }.joined(separator: "; ") + "."
    case .offsetsBeyondChip(let offsets, let lineCount):
      "\(Self.lineList(offsets)) \(offsets.count == 1 ? "is" : "are") beyond the chip,"
        + " which has \(lineCount) lines (offsets 0-\(max(lineCount - 1, 0)))."
    case .duplicateOffsets(let offsets):
      "\(Self.lineList(offsets)) \(offsets.count == 1 ? "is" : "are") requested more than once."
    case .tooManyLines(let count):
      "\(count) lines were requested but one request holds at most 64."
    case .lineNameMissing:
      "no line on the chip has that name."
    case .unsupportedSetting(let setting):
      "\(setting)."
    case .other:
      "\(errnoDescription) (errno \(errno))."
    }
  }

  /// What the user can do about it.
  public var advice: String {
    switch problem {
    case .chipMissing(let available), .notAChip(let available):
      Self.chipList(available)
    case .permissionDenied:
      """
      Give the gpio group access to the GPIO chips with a udev rule, \
      SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660" \
      (e.g. in /etc/udev/rules.d/60-gpiochip.rules, then run \
      `sudo udevadm control --reload && sudo udevadm trigger`), and add the \
      user to that group with `sudo usermod -aG gpio $USER` (log in again \
      afterwards). Running as root is not needed.
      """
    case .linesBusy:
      """
      Stop the program holding the line (`gpioinfo` lists every line's \
      consumer), disable the kernel driver or overlay that claims it, or wire \
      the input to a free line.
      """
    case .offsetsBeyondChip:
      "Fix the line offset in the wiring file; `gpioinfo` lists the chip's lines."
    case .duplicateOffsets:
      "Give each input its own line in the wiring file."
    case .tooManyLines:
      "Split the inputs over several requests."
    case .lineNameMissing:
      "Check the spelling (names are case-sensitive) or use the line offset; `gpioinfo` lists the names."
    case .unsupportedSetting:
      "Change that setting in the wiring file."
    case .other:
      "Check that the lane's GPIO hardware and its driver work (`gpioinfo`, `dmesg`)."
    }
  }

  /// "line 4" or "lines 4, 7 and 9".
  static func lineList(_ offsets: [LineOffset]) -> String {
    let numbers = offsets.map(\.description)
    guard let last = numbers.last else { return "no lines" }
    if numbers.count == 1 { return "line \(last)" }
    return "lines \(numbers.dropLast().joined(separator: ", ")) and \(last)"
  }

  /// The chips that exist, for messages about a chip that does not.
  static func chipList(_ chips: [GPIOChip.Listing]) -> String {
    guard !chips.isEmpty else {
      return """
        No GPIO chips were found (no /dev/gpiochip* devices): this machine has \
        no GPIO driver loaded, or it is not the lane's computer.
        """
    }
    return "GPIO chips found: "
      + chips.map(\.description).joined(separator: "; ") + "."
  }
}
