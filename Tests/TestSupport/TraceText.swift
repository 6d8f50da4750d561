import Foundation

/// A trace put together from parts of others, each part's events moved to start a given
/// quiet after the last: an evening of open play, a league night and open play again on
/// one lane's sensors.
public struct TraceText: Sendable {
  /// The trace so far.
  public private(set) var text: String
  /// The last event's time, in seconds.
  private var end: Double

  /// A trace of `first`'s lines, as they are.
  public init(_ first: String) {
    text = first.hasSuffix("\n") ? first : first + "\n"
    end = Self.events(of: first).last?.time ?? 0
  }

  /// Appends `part`'s events, each moved by the last event's time plus `gap` seconds.
  public mutating func append(_ part: String, after gap: Double) {
    let offset = end + gap
    for event in Self.events(of: part) {
      end = event.time + offset
      text += String(format: "%.6f", end) + " " + event.rest + "\n"
    }
  }

  /// The lines of `trace` before the line `marker` (a comment), comments included.
  public static func events(_ trace: String, before marker: String) -> String {
    let lines = trace.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.prefix { $0 != marker }.joined(separator: "\n") + "\n"
  }

  /// Each event line's time and the rest of the line; comments and blank lines left out.
  private static func events(of trace: String) -> [(time: Double, rest: Substring)] {
    trace.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#"), let space = line.firstIndex(of: " "), let time = Double(line[..<space]) else {
        return nil
      }
      return (time, line[line.index(after: space)...])
    }
  }
}
