import Bowling

/// Where a lane's events are shown: the console board, the log, JSON lines, the end-of-run
/// report (and later the centre link and the web board).
///
/// ``LaneRunner`` hands each event over after it is in the journal ("durable before
/// shown"), in order, with the session it leaves behind.
public protocol LaneDisplay {
  /// Shows one event.
  ///
  /// - Parameters:
  ///   - event: What happened, with the journal sequence number it came from.
  ///   - session: The session after the event.
  /// - Throws: When the event cannot be shown; the runner stops and passes the error on.
  mutating func show(_ event: LaneEvent, in session: LaneSession) throws
}
