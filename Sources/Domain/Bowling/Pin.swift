/// One of the ten pins, numbered from the head pin (1) to the back-right corner (10).
///
/// Rows from the front: 1 / 2 3 / 4 5 6 / 7 8 9 10.
public struct Pin: RawRepresentable, Hashable, Comparable, Sendable, CaseIterable {
  public let rawValue: Int

  /// Creates a pin from its number, or `nil` when the number is not 1 through 10.
  public init?(rawValue: Int) {
    guard (1...10).contains(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  /// The head pin, pin 1.
  public static let head = Pin(rawValue: 1)!

  public static let allCases: [Pin] = (1...10).map { Pin(rawValue: $0)! }

  public static func < (lhs: Pin, rhs: Pin) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Pin: CustomStringConvertible {
  public var description: String { String(rawValue) }
}

extension Pin {
  /// The row the pin stands in, 1 (the head pin's) to 4 (the back row).
  public var row: Int {
    switch rawValue {
    case 1: 1
    case 2...3: 2
    case 4...6: 3
    default: 4
    }
  }

  /// The pin's lateral position on the deck in half pin-spacings, -3 (pin 7) to 3 (pin 10).
  ///
  /// Pins in one row are two units apart; each row is offset by one unit from the row ahead.
  public var lateral: Int {
    let firstInRow = [1, 2, 4, 7][row - 1]
    return 2 * (rawValue - firstInRow) - (row - 1)
  }
}
