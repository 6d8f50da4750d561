/// How long a line's value must be stable before the kernel reports an edge.
///
/// The kernel debounces in software where the hardware cannot. Only libgpiod
/// 2.x can ask for it; see ``LibGPIOD/supportsKernelDebounce``.
public struct DebouncePeriod: Hashable, Comparable, Sendable {
  /// The period in microseconds, the kernel's unit.
  public var microseconds: UInt32

  /// Creates a period of whole microseconds.
  public init(microseconds: UInt32) {
    self.microseconds = microseconds
  }

  /// Creates a period from a duration, rounded down to whole microseconds and
  /// clamped to what the kernel can take (0 ... 4294 s).
  public init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    self.init(microseconds: UInt32(clamping: max(micros, 0)))
  }

  /// No debouncing: every edge is reported.
  public static let none = DebouncePeriod(microseconds: 0)

  /// A period of whole milliseconds.
  public static func milliseconds(_ value: UInt32) -> DebouncePeriod {
    DebouncePeriod(microseconds: value.multipliedReportingOverflow(by: 1000)
      .overflow ? .max : value * 1000)
  }

  /// The period as a duration.
  public var duration: Duration { .microseconds(microseconds) }

  public static func < (lhs: DebouncePeriod, rhs: DebouncePeriod) -> Bool {
    lhs.microseconds < rhs.microseconds
  }
}
