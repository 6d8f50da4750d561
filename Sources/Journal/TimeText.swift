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
