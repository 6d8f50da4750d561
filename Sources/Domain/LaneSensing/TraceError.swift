/// A trace line that cannot be read, with its line number and what was expected instead.
public struct TraceError: Error, Hashable, Sendable {
  /// What is wrong with the line.
  public enum Reason: Hashable, Sendable {
    /// The line does not start with a time in decimal seconds.
    case malformedTime(String)
    /// The line has a time but no event after it.
    case missingEvent
    /// The word after the time is not an event the format knows.
    case unknownEvent(String)
    /// A `pinN` names no pin from 1 to 10.
    case noSuchPin(String)
    /// A pin change is not followed by `up` or `down`.
    case malformedPinLevel(String?)
    /// A `pins` snapshot is not ten digits of `0` and `1`.
    case malformedSnapshot(String?)
    /// `cycle` is not followed by `on` or `off`.
    case malformedCycle(String?)
    /// Something follows a complete event.
    case trailingText(String)
    /// The line's time is earlier than the line before it.
    case timeWentBackwards(previous: SensorInstant, found: SensorInstant)
    /// The line is longer than `limit` bytes, the most a trace line may hold: the input is
    /// probably not a trace (a binary file, `/dev/zero`).
    case lineTooLong(limit: Int)
    /// The trace could not be read at all (the `errno` of the failed read).
    case unreadable(errno: Int32)
  }

  /// The 1-based line number in the trace.
  public var line: Int
  public var reason: Reason

  public init(line: Int, _ reason: Reason) {
    self.line = line
    self.reason = reason
  }
}

extension TraceError: CustomStringConvertible {
  public var description: String {
    "trace line \(line): " + explanation
  }

  private var explanation: String {
    switch reason {
    case .malformedTime(let text):
      "expected a time in seconds such as 3.410000 at the start of the line, found '\(text)'"
    case .missingEvent:
      "expected an event after the time: pins, ball, pinN down|up, cycle on|off or foul"
    case .unknownEvent(let word):
      "unknown event '\(word)'; expected pins, ball, pinN down|up, cycle on|off or foul"
    case .noSuchPin(let word):
      "'\(word)' is not a pin; pins are numbered pin1 to pin10"
    case .malformedPinLevel(let word):
      "expected 'down' or 'up' after the pin, found \(quoted(word))"
    case .malformedSnapshot(let word):
      "expected ten digits after 'pins' (pins 1 to 10, 1 = standing, 0 = down), "
        + "found \(quoted(word))"
    case .malformedCycle(let word):
      "expected 'on' or 'off' after 'cycle', found \(quoted(word))"
    case .trailingText(let text):
      "unexpected '\(text)' after the event; start comments with #"
    case .timeWentBackwards(let previous, let found):
      "time \(found.secondsText) is earlier than the previous line's "
        + "\(previous.secondsText); times must never decrease"
    case .lineTooLong(let limit):
      "the line is longer than \(limit) bytes, the most a trace line may hold; "
        + "check that this is a trace file (docs/trace-format.md)"
    case .unreadable(let errno):
      "the trace could not be read (errno \(errno))"
    }
  }

  private func quoted(_ word: String?) -> String {
    word.map { "'\($0)'" } ?? "nothing"
  }
}
