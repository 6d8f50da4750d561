/// The position of a line on its GPIO chip, counted from 0.
///
/// Offsets are per chip: offset 17 of `gpiochip0` on a Raspberry Pi is header
/// pin 11 ("GPIO17"), and means nothing on another chip.
public struct LineOffset: RawRepresentable, Hashable, Comparable, Sendable {
  /// The kernel's offset number.
  public var rawValue: UInt32

  /// Creates an offset from the kernel's number.
  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  public static func < (lhs: LineOffset, rhs: LineOffset) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension LineOffset: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: UInt32) {
    self.init(rawValue: value)
  }
}

extension LineOffset: CustomStringConvertible {
  public var description: String { String(rawValue) }
}
