/// The libgpiod this package was built against, and what it can do.
public enum LibGPIOD {
  /// The two libgpiod APIs in use on lanes.
  public enum Generation: Int, Hashable, Sendable, CustomStringConvertible {
    /// libgpiod 1.x (Debian 12, Raspberry Pi OS bookworm).
    case v1 = 1
    /// libgpiod 2.x (Debian 13, Raspberry Pi OS trixie).
    case v2 = 2

    public var description: String { "libgpiod v\(rawValue) API" }
  }

  /// The API generation compiled in, chosen from the header at build time.
  public static var generation: Generation {
    Generation(rawValue: Shim.apiVersion) ?? .v1
  }

  /// The version of the libgpiod library loaded at run time, e.g. "2.2.1".
  public static var version: String { Shim.libraryVersion }

  /// Whether line requests can ask the kernel for a ``DebouncePeriod`` (2.x).
  public static var supportsKernelDebounce: Bool { Shim.supportsDebounce }

  /// Whether edge events carry sequence numbers that reveal lost events (2.x).
  public static var supportsSequenceNumbers: Bool { Shim.supportsSequenceNumbers }
}
