import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A simulated GPIO chip of the kernel's gpio-sim driver, made through configfs and removed
/// when released; its input lines are driven by writing pulls to sysfs.
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

  private let folder: String
  private var removed = false

  /// Makes and enables a chip labelled `label` with `lineCount` lines, the first ones named.
  ///
  /// Waits for its `/dev/gpiochipN` to be the chip's device (devtmpfs makes it as the chip
  /// registers).
  /// - Parameters:
  ///   - label: The chip's label; no chip of that label may exist already.
  ///   - lineCount: How many lines, at least one.
  ///   - lineNames: Names of lines 0, 1, ... in order; the rest stay unnamed.
  /// - Throws: ``Failure`` naming the file that could not be written, after removing what
  ///   was made.
  public init(label: String, lineCount: Int, lineNames: [String] = []) throws {
    guard lineCount > 0, lineNames.count <= lineCount, !label.isEmpty, !label.contains("/")
    else {
      throw Failure(
        description: "gpio-sim chip '\(label)': \(lineNames.count) names for \(lineCount) lines;"
          + " give a label without '/', at least one line and no more names than lines")
    }
    guard Self.isAvailable else {
      throw Failure(
        description: "\(Self.configfs) is not writable: run as root on a kernel with"
          + " CONFIG_GPIO_SIM and configfs mounted (the gpio-sim rig's VM)")
    }
    self.label = label
    self.lineCount = lineCount
    folder = "\(Self.configfs)/\(label)"
    guard mkdir(folder, 0o755) == 0 else {
      let reason = String(cString: strerror(errno))
      throw Failure(
        description: "cannot make \(folder) (\(reason)); a chip of that label may be left over:"
          + " remove it or pick another label")
    }
    do {
      try Self.makeFolder("\(folder)/bank0")
      try Self.write(label, to: "\(folder)/bank0/label")
      try Self.write(String(lineCount), to: "\(folder)/bank0/num_lines")
      for (offset, name) in lineNames.enumerated() {
        try Self.makeFolder("\(folder)/bank0/line\(offset)")
        try Self.write(name, to: "\(folder)/bank0/line\(offset)/name")
      }
      try Self.write("1", to: "\(folder)/live")
      let deviceName = try Self.read("\(folder)/dev_name")
      chipName = try Self.read("\(folder)/bank0/chip_name")
      sysfsDirectory = "/sys/devices/platform/\(deviceName)/\(chipName)"
      devicePath = "/dev/\(chipName)"
      try Self.waitForDevice(devicePath, numbers: try Self.read("\(sysfsDirectory)/dev"))
    } catch {
      Self.removeFolders(folder)
      throw error
    }
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

  /// Disables the chip and removes its configfs folders; lines still requested by a running
  /// process keep the chip's device until released. Removing twice does nothing.
  /// - Throws: ``Failure`` when the chip cannot be disabled.
  public func remove() throws {
    guard !removed else { return }
    removed = true
    if (try? Self.read("\(folder)/live")) == "1" {
      try Self.write("0", to: "\(folder)/live")
    }
    Self.removeFolders(folder)
  }

  // MARK: - configfs and sysfs files

  private func check(_ offset: Int) throws {
    guard (0..<lineCount).contains(offset) else {
      throw Failure(description: "\(label) has lines 0...\(lineCount - 1), not \(offset)")
    }
  }

  private static func makeFolder(_ path: String) throws {
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
      throw Failure(description: "cannot make \(path): \(String(cString: strerror(errno)))")
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
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
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

  /// Waits up to 5 s for `path` to be the character device `numbers` (`major:minor`).
  private static func waitForDevice(_ path: String, numbers: String) throws {
    for _ in 0..<100 {
      var status = stat()
      if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFCHR,
        deviceNumbers(UInt64(status.st_rdev)) == numbers
      {
        return
      }
      usleep(50_000)
    }
    throw Failure(description: "\(path) did not appear as device \(numbers) within 5 s")
  }

  /// `major:minor` of a Linux `dev_t` (glibc's `gnu_dev_major` and `gnu_dev_minor`, which
  /// are macros Swift does not import).
  static func deviceNumbers(_ device: UInt64) -> String {
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
    let minor = (device & 0xff) | ((device >> 12) & ~0xff)
    return "\(major):\(minor)"
  }

  /// Removes the chip's line and bank folders, then its own: configfs wants them emptied
  /// inside out.
  private static func removeFolders(_ folder: String) {
    let manager = FileManager.default
    let banks = (try? manager.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("bank") } ?? []
    for bank in banks {
      let bankFolder = "\(folder)/\(bank)"
      let lines = (try? manager.contentsOfDirectory(atPath: bankFolder))?.filter { $0.hasPrefix("line") } ?? []
      for line in lines {
        rmdir("\(bankFolder)/\(line)/hog")
        rmdir("\(bankFolder)/\(line)")
      }
      rmdir(bankFolder)
    }
    rmdir(folder)
  }
}
