import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A time as text in UTC, the journal's one formatter: for a session's id and for the names
/// of files set aside.
enum TimeText {
  /// To the second, ISO 8601 extended (`2026-11-23T16:40:00Z`): a session's id.
  ///
  /// The time is first rounded to the nearest millisecond, then cut to the second, as
  /// Foundation's `ISO8601DateFormatter` with `.withInternetDateTime` does, so ids match
  /// the ones it made.
  static func seconds(_ date: Date) -> String {
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
    let parts = utc(milliseconds: milliseconds)
    return "\(four(parts.tm_year + 1900))-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  /// To the millisecond (cut, not rounded), ISO 8601 extended (`2026-11-23T16:40:00.123Z`):
  /// a session's id since ids are data (``SessionRotation/id(startingAt:)``).
  static func milliseconds(_ milliseconds: Int) -> String {
    let parts = utc(milliseconds: milliseconds)
    let fraction = String(milliseconds - floorDivide(milliseconds, 1000) * 1000 + 1000).dropFirst()
    return "\(four(parts.tm_year + 1900))-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
  }

  /// The milliseconds since 1970 of an id made by ``seconds(_:)`` or ``milliseconds(_:)``
  /// (a year from 1970 to 9999), or `nil` for any other text.
  static func milliseconds(of text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    guard separators.allSatisfy({ bytes[$0.0] == UInt8(ascii: $0.1.unicodeScalars.first!) }),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      year >= 1970, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction = 0
    if bytes.count == 24 {
      guard bytes[19] == UInt8(ascii: "."), let read = number(20..<23) else { return nil }
      fraction = read
    }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    let seconds = Int(timegm(&parts))
    // A day past the month's end (the 31st of April) comes back as another day: refused.
    guard parts.tm_mday == Int32(day) else { return nil }
    return seconds * 1000 + fraction
  }

  /// To the millisecond (cut, not rounded), ISO 8601 basic (`20250501T190411.123Z`): the
  /// names of a torn record set aside and of a migrated journal's original.
  static func compact(_ date: Date) -> String {
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
    let parts = utc(milliseconds: milliseconds)
    let fraction = String(milliseconds - floorDivide(milliseconds, 1000) * 1000 + 1000).dropFirst()
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec)).\(fraction)Z"
  }

  /// The calendar parts in UTC of the second that holds `milliseconds` since 1970.
  private static func utc(milliseconds: Int) -> tm {
    var time = time_t(floorDivide(milliseconds, 1000))
    var parts = tm()
    gmtime_r(&time, &parts)
    return parts
  }

  private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }

  private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }

  private static func four(_ value: Int32) -> String {
    String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value)
  }
}
