/// A moment on a sensor's clock, in whole nanoseconds from an arbitrary origin.
///
/// Kernel edge timestamps are monotonic nanoseconds, and trace files give decimal seconds
/// from any origin; both map onto this exactly. Only differences between instants mean
/// anything, and they are Swift `Duration`s.
public struct SensorInstant: Hashable, Comparable, Sendable {
  /// Nanoseconds since the clock's origin.
  public var nanoseconds: Int64

  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// The clock's origin.
  public static let zero = SensorInstant(nanoseconds: 0)

  public static func < (lhs: SensorInstant, rhs: SensorInstant) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// The earliest instant the clock can hold, some 292 years before its origin.
  public static let distantPast = SensorInstant(nanoseconds: .min)

  /// The latest instant the clock can hold, some 292 years after its origin.
  public static let distantFuture = SensorInstant(nanoseconds: .max)

  /// The instant `duration` after `instant`, rounded down to the nanosecond.
  ///
  /// Saturates at ``distantFuture`` (or ``distantPast``) instead of overflowing: a trace may
  /// hold any time the format can write, and a window that would end past the clock's range
  /// then ends at its edge rather than trapping.
  public static func + (instant: SensorInstant, duration: Duration) -> SensorInstant {
    let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(duration.nanoseconds)
    guard overflow else { return SensorInstant(nanoseconds: sum) }
    return duration > .zero ? .distantFuture : .distantPast
  }

  /// The instant `duration` before `instant`, rounded down to the nanosecond; saturates like
  /// `+`.
  public static func - (instant: SensorInstant, duration: Duration) -> SensorInstant {
    instant + (.zero - duration)
  }

  /// The time from `earlier` to `later`, saturating at the largest `Int64` nanoseconds.
  public static func - (later: SensorInstant, earlier: SensorInstant) -> Duration {
    let (difference, overflow) = later.nanoseconds.subtractingReportingOverflow(
      earlier.nanoseconds)
    guard overflow else { return .nanoseconds(difference) }
    return .nanoseconds(later > earlier ? Int64.max : Int64.min)
  }
}

extension SensorInstant {
  /// Parses decimal seconds such as `3.4115` exactly, without going through floating point.
  ///
  /// Accepts digits, optionally followed by a point and one to nine fractional digits.
  /// Returns `nil` for anything else, including a value too large for 64-bit nanoseconds.
  public init?<Text: StringProtocol>(seconds text: Text) {
    self.init(secondsUTF8: text.utf8)
  }

  /// Parses decimal seconds from their UTF-8 bytes, exactly as ``init(seconds:)`` does.
  public init?<Bytes: Sequence<UInt8>>(secondsUTF8 bytes: Bytes) {
    // Bytes in memory (a trace line, a string's UTF-8) with at most nine whole digits, as
    // every trace time under 31 years is, take the fast path; the rest the general one.
    if let contiguous = bytes.withContiguousStorageIfAvailable(Self.parseContiguousSeconds) {
      guard let contiguous else { return nil }
      self = contiguous
    } else {
      guard let parsed = Self.parseSeconds(bytes) else { return nil }
      self = parsed
    }
  }

  /// Decimal seconds from bytes in memory: the form every trace writes
  /// (``leadingSeconds(_:count:)``) when that is all the bytes hold, anything else through
  /// ``parseSeconds(_:)``. The two agree on every input (`SensorInstantTests`).
  private static func parseContiguousSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> SensorInstant? {
    if let base = bytes.baseAddress, let (instant, length) = leadingSeconds(base, count: bytes.count),
      length == bytes.count
    {
      return instant
    }
    return parseSeconds(bytes)
  }

  /// Decimal seconds at the start of `count` bytes in the form every trace writes: one to
  /// nine whole digits, optionally a point and one to nine fractional digits, read without
  /// overflow checks (nine digits cannot overflow). Stops at the first byte past them.
  ///
  /// - Returns: The instant and how many bytes it took, or `nil` when the bytes do not start
  ///   that way (then ``parseSeconds(_:)`` decides).
  static func leadingSeconds(
    _ base: UnsafePointer<UInt8>, count: Int
  ) -> (instant: SensorInstant, length: Int)? {
    var index = 0
    var whole: Int64 = 0
    while index < count, index < 10 {
      let digit = base[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      whole = whole &* 10 &+ Int64(digit)
      index += 1
    }
    guard index > 0, index < 10 else { return nil }
    var fraction: Int64 = 0
    var fractionDigits = 0
    if index < count, base[index] == UInt8(ascii: ".") {
      index += 1
      while index < count {
        let digit = base[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        guard fractionDigits < 9 else { return nil }
        fraction = fraction &* 10 &+ Int64(digit)
        fractionDigits += 1
        index += 1
      }
      guard fractionDigits > 0 else { return nil }
    }
    for _ in fractionDigits..<9 { fraction &*= 10 }
    return (SensorInstant(nanoseconds: whole &* 1_000_000_000 &+ fraction), index)
  }

  /// Decimal seconds from any bytes, every digit checked for overflow.
  private static func parseSeconds<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> SensorInstant? {
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var fractionDigits = 0
    var wholeDigits = 0
    var sawPoint = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digit = Int64(byte &- UInt8(ascii: "0"))
        if sawPoint {
          fractionDigits += 1
          guard fractionDigits <= 9 else { return nil }
          fraction = fraction * 10 + digit
        } else {
          wholeDigits += 1
          let (times10, overflow1) = whole.multipliedReportingOverflow(by: 10)
          let (sum, overflow2) = times10.addingReportingOverflow(digit)
          guard !overflow1, !overflow2 else { return nil }
          whole = sum
        }
      case UInt8(ascii: "."):
        guard !sawPoint else { return nil }
        sawPoint = true
      default:
        return nil
      }
    }
    guard wholeDigits > 0, !sawPoint || fractionDigits > 0 else { return nil }
    for _ in fractionDigits..<9 { fraction *= 10 }
    let (scaled, overflow1) = whole.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflow2) = scaled.addingReportingOverflow(fraction)
    guard !overflow1, !overflow2 else { return nil }
    return SensorInstant(nanoseconds: total)
  }

  /// The instant as decimal seconds with six to nine fractional digits: `3.411500`.
  ///
  /// Trailing zeros past the sixth digit are dropped, so microsecond traces read naturally
  /// and nanosecond ones lose nothing. Parsing the result gives back the same instant.
  public var secondsText: String {
    // At most `-9223372036.854775808`, 21 bytes, written on the stack and made a string
    // once: no string per part (a replay's warnings give times thousands of times), and
    // no allocation for the common times of up to 15 bytes, which fit a small string.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { text in
      var count = 0
      if nanoseconds < 0 {
        text[0] = UInt8(ascii: "-")
        count = 1
      }
      let magnitude = nanoseconds.magnitude
      var whole = magnitude / 1_000_000_000
      var wholeDigits = 1
      while whole >= 10 {
        whole /= 10
        wholeDigits += 1
      }
      whole = magnitude / 1_000_000_000
      for index in (count..<count + wholeDigits).reversed() {
        text[index] = UInt8(ascii: "0") + UInt8(whole % 10)
        whole /= 10
      }
      count += wholeDigits
      text[count] = UInt8(ascii: ".")
      count += 1
      // Nine fractional digits, then the zeros past the sixth dropped.
      var fraction = magnitude % 1_000_000_000
      var fractionDigits = 9
      while fractionDigits > 6, fraction % 10 == 0 {
        fraction /= 10
        fractionDigits -= 1
      }
      for index in (count..<count + fractionDigits).reversed() {
        text[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
        fraction /= 10
      }
      return String(
        decoding: UnsafeBufferPointer(rebasing: text[..<(count + fractionDigits)]), as: UTF8.self)
    }
  }
}

extension SensorInstant: CustomStringConvertible {
  public var description: String { secondsText + "s" }
}

extension Duration {
  /// The duration in whole nanoseconds, rounded toward zero; saturates at `Int64.max` and
  /// `Int64.min` for durations beyond some 292 years.
  public var nanoseconds: Int64 {
    // Most durations a lane sees are under 9.2 s: one 64-bit division, no 128-bit one.
    let attoseconds = attoseconds
    if let small = Int64(exactly: attoseconds) { return small / 1_000_000_000 }
    return Int64(exactly: attoseconds / 1_000_000_000) ?? (attoseconds < 0 ? .min : .max)
  }
}
