import Glibc

extension GPIOChip {
  /// A `gpiochip*` device found in a folder: its information, or why it could
  /// not be opened.
  public enum Listing: Hashable, Sendable {
    /// A chip that could be opened.
    case chip(Info)
    /// A device that could not be opened, with the errno.
    case unopenable(path: String, errno: Int32)

    /// The device path.
    public var path: String {
      switch self {
      case .chip(let info): info.path
      case .unopenable(let path, _): path
      }
    }
  }

  /// Lists the GPIO chips in `directory` (`/dev/gpiochip*`), in number order,
  /// with label and line count, or why each could not be opened.
  ///
  /// Never throws: a folder that cannot be read has no chips to list.
  public static func available(in directory: String = "/dev") -> [Listing] {
    deviceNames(in: directory)
      .sorted(by: numberOrder)
      .map { name in
        let path = directory == "/" ? "/" + name : directory + "/" + name
        do throws(Shim.Failure) {
          let chip = try Shim.openChip(path: path)
          defer { Shim.closeChip(chip) }
          let info = try Shim.chipInfo(chip)
          return .chip(Info(
            path: path,
            name: Shim.string(fromName: info.name),
            label: Shim.string(fromName: info.label),
            lineCount: Int(info.num_lines)))
        } catch {
          return .unopenable(path: path, errno: error.errno)
        }
      }
  }

  /// The `gpiochip*` entries of a folder.
  private static func deviceNames(in directory: String) -> [String] {
    guard let folder = opendir(directory) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix("gpiochip") { names.append(name) }
    }
    return names
  }

  /// `gpiochip2` before `gpiochip10`.
  private static func numberOrder(_ lhs: String, _ rhs: String) -> Bool {
    let left = Int(lhs.dropFirst(8)), right = Int(rhs.dropFirst(8))
    switch (left, right) {
    case let (left?, right?) where left != right: return left < right
    default: return lhs < rhs
    }
  }
}

extension GPIOChip.Listing: CustomStringConvertible {
  /// `/dev/gpiochip0 "pinctrl-bcm2711" (58 lines)` or
  /// `/dev/gpiochip1 (cannot open: Permission denied)`.
  public var description: String {
    switch self {
    case .chip(let info):
      "\(info.path) \"\(info.label)\" (\(info.lineCount) lines)"
    case .unopenable(let path, let errno):
      "\(path) (cannot open: \(String(cString: strerror(errno))))"
    }
  }
}
