/// A set of pins held as a ten-bit mask: cheap to copy, compare and hash.
public struct PinSet: Hashable, Sendable {
  /// Bit `n - 1` is set when pin `n` is in the set.
  @inlinable public var bits: UInt16 { mask }
  /// ``bits``, which only this type's own operations set (inlined in other modules).
  @usableFromInline var mask: UInt16

  /// Creates a set from a mask; bits above the tenth are rejected.
  public init?(bits: UInt16) {
    guard bits & ~PinSet.full.bits == 0 else { return nil }
    self.mask = bits
  }

  @inlinable init(unchecked bits: UInt16) { self.mask = bits }

  public init<S: Sequence>(_ pins: S) where S.Element == Pin {
    mask = pins.reduce(0) { $0 | (1 << UInt16($1.rawValue - 1)) }
  }

  /// No pins.
  public static let empty = PinSet(unchecked: 0)
  /// All ten pins: a full rack.
  public static let full = PinSet(unchecked: 0b11_1111_1111)

  // The set operations are inlinable: the throw detector and the trace reader, in other
  // modules, use them on every event, and a call each cost more than the operation.
  @inlinable public var count: Int { bits.nonzeroBitCount }
  @inlinable public var isEmpty: Bool { bits == 0 }

  @inlinable public func contains(_ pin: Pin) -> Bool { bits & Self.bit(pin) != 0 }

  @inlinable public mutating func insert(_ pin: Pin) {
    self = PinSet(unchecked: bits | Self.bit(pin))
  }
  @inlinable public mutating func remove(_ pin: Pin) {
    self = PinSet(unchecked: bits & ~Self.bit(pin))
  }

  @inlinable public func union(_ other: PinSet) -> PinSet { PinSet(unchecked: bits | other.bits) }
  @inlinable public func intersection(_ other: PinSet) -> PinSet {
    PinSet(unchecked: bits & other.bits)
  }
  @inlinable public func subtracting(_ other: PinSet) -> PinSet {
    PinSet(unchecked: bits & ~other.bits)
  }
  @inlinable public func isSubset(of other: PinSet) -> Bool { bits & ~other.bits == 0 }

  /// The pins not in this set.
  public var complement: PinSet { PinSet.full.subtracting(self) }

  @inlinable static func bit(_ pin: Pin) -> UInt16 { 1 << UInt16(pin.rawValue - 1) }
}

extension PinSet: Sequence {
  /// The pins in ascending order.
  public func makeIterator() -> some IteratorProtocol<Pin> {
    Pin.allCases.lazy.filter(contains).makeIterator()
  }
}

extension PinSet: ExpressibleByArrayLiteral {
  /// Creates a set from pin numbers; a number outside 1...10 is a programming error.
  public init(arrayLiteral numbers: Int...) {
    self.init(numbers.map { number in
      guard let pin = Pin(rawValue: number) else {
        preconditionFailure("pin numbers run from 1 to 10, not \(number)")
      }
      return pin
    })
  }
}

extension PinSet: CustomStringConvertible {
  /// The pin numbers joined by dashes, the way bowlers name a leave: `7-10`; `-` when empty.
  public var description: String {
    guard !isEmpty else { return "-" }
    // At most `1-2-3-4-5-6-7-8-9-10`, 20 bytes, written on the stack and made a string
    // once: no string per pin (a replay's warnings name pins thousands of times), and no
    // allocation for up to 15 bytes, which fit a small string.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
      var count = 0
      var rest = bits
      while rest != 0 {
        let number = UInt8(rest.trailingZeroBitCount + 1)
        rest &= rest &- 1
        if count > 0 {
          text[count] = UInt8(ascii: "-")
          count += 1
        }
        if number == 10 {
          text[count] = UInt8(ascii: "1")
          count += 1
        }
        text[count] = UInt8(ascii: "0") + number % 10
        count += 1
      }
      return String(decoding: UnsafeBufferPointer(rebasing: text[..<count]), as: UTF8.self)
    }
  }
}
