import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A simulated GPIO chip of the kernel's gpio-sim driver, made and removed through configfs by
/// `Hardware/gpio-sim/gpio-sim.sh` (the rig's bash library, which its guest scripts source);
/// its input lines are driven by writing pulls to sysfs.
///
/// Like libgpiod's `tests/gpiosim.hpp`: make a chip with named lines, set each line's pull,
/// read its value back, remove it. Needs root, configfs mounted on `/sys/kernel/config` and a
/// kernel built with `CONFIG_GPIO_SIM` (the gpio-sim rig's VM has all three).
public final class GPIOSim: @unchecked Sendable {
  /// How a line's input is pulled: a switch closing to ground is `.down`.
  public enum Pull: String, Sendable {
    case up = "pull-up"
    case down = "pull-down"
  }

  /// Why a chip could not be made, driven or read: the file, and what to do.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Where the driver's configfs folder is.
  public static let configfs = "/sys/kernel/config/gpio-sim"

  /// The bash library that makes and removes chips, run as a command.
  static let script = PackageFolder.url("Hardware/gpio-sim/gpio-sim.sh").path

  /// Whether chips can be made here: the driver's configfs folder exists and is writable.
  public static var isAvailable: Bool {
    access(configfs, W_OK) == 0
  }

  /// The chip's label, also its configfs folder's name.
  public let label: String
  /// How many lines the chip has.
  public let lineCount: Int
  /// The chip's name for libgpiod tools, `gpiochipN`.
  public let chipName: String
  /// The chip's character device, `/dev/gpiochipN`.
  public let devicePath: String
  /// The sysfs folder holding `sim_gpioN/pull` and `sim_gpioN/value`.
  public let sysfsDirectory: String

  private var removed = false

  /// Makes and enables a chip labelled `label` with `lineCount` lines, the first ones named,
  /// with `gpio-sim.sh create`, which also waits for its `/dev/gpiochipN` to be the chip's
  /// device.
  ///
  /// - Parameters:
  ///   - label: The chip's label; no chip of that label may exist already.
  ///   - lineCount: How many lines, at least one.
  ///   - lineNames: Names of lines 0, 1, ... in order; the rest stay unnamed.
  /// - Throws: ``Failure`` with gpio-sim.sh's message (it removes what it made).
  public init(label: String, lineCount: Int, lineNames: [String] = []) throws {
    self.label = label
    self.lineCount = lineCount
    let made = try Self.run(["create", label, String(lineCount)] + lineNames)
    guard made.count == 3 else {
      throw Failure(description: "gpio-sim.sh create \(label) printed \(made), not a device, a chip name and a folder")
    }
    (devicePath, chipName, sysfsDirectory) = (made[0], made[1], made[2])
  }

  deinit {
    try? remove()
  }

  /// The sysfs file that drives line `offset`'s input.
  public func pullFile(_ offset: Int) -> String {
    "\(sysfsDirectory)/sim_gpio\(offset)/pull"
  }

  /// Pulls line `offset` up or down; a requested input sees the level, and its edge, at once.
  /// - Throws: ``Failure`` for an offset the chip lacks or a write the kernel refuses.
  public func set(_ offset: Int, _ pull: Pull) throws {
    try check(offset)
    try Self.write(pull.rawValue, to: pullFile(offset))
  }

  /// The value the chip reports for line `offset`: its pulled level, or what a consumer
  /// drives on an output.
  /// - Throws: ``Failure`` for an offset the chip lacks or an unreadable value.
  public func value(_ offset: Int) throws -> Int {
    try check(offset)
    let text = try Self.read("\(sysfsDirectory)/sim_gpio\(offset)/value")
    guard let value = Int(text), value == 0 || value == 1 else {
      throw Failure(description: "line \(offset) of \(label) reads '\(text)', not 0 or 1")
    }
    return value
  }

  /// Disables the chip and removes its configfs folders (`gpio-sim.sh destroy`); lines
  /// still requested by a running process keep the chip's device until released. Removing
  /// twice does nothing.
  /// - Throws: ``Failure`` with gpio-sim.sh's message when the chip cannot be removed.
  public func remove() throws {
    guard !removed else { return }
    removed = true
    _ = try Self.run(["destroy", label])
  }

  // MARK: - sysfs files and gpio-sim.sh

  private func check(_ offset: Int) throws {
    guard (0..<lineCount).contains(offset) else {
      throw Failure(description: "\(label) has lines 0...\(lineCount - 1), not \(offset)")
    }
  }

  /// Writes `value` in one `write(2)`, as the driver's attributes want it.
  static func write(_ value: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let bytes = Array((value + "\n").utf8)
    let written = bytes.withUnsafeBytes { bytes in
      retryingInterrupts { Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
    }
    guard written == bytes.count else {
      throw Failure(
        description: "cannot write '\(value)' to \(path): \(String(cString: strerror(errno)))")
    }
  }

  static func read(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      throw Failure(description: "cannot read \(path)")
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `gpio-sim.sh` with `arguments`: the lines it printed.
  ///
  /// - Throws: ``Failure`` with what it said when it does not exit 0.
  private static func run(_ arguments: [String]) throws -> [String] {
    let child = try ChildProcess(
      "/bin/bash", [script] + arguments, output: .pipe(.outOfChild), error: .pipe(.outOfChild))
    let (printed, said) = try child.readOutputAndError()
    let status = child.waitForExit()
    guard status == 0 else {
      throw Failure(
        description: "gpio-sim.sh \(arguments.joined(separator: " ")) exited \(status): \(said)")
    }
    return printed.split(separator: "\n").map(String.init)
  }
}
