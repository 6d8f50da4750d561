import CGPIOD

/// One change of a line's logical value, as the kernel time-stamped it.
public struct EdgeEvent: Hashable, Sendable {
  /// Which way the logical value went.
  public enum Kind: Hashable, Sendable {
    /// Inactive to active (after active-low is applied).
    case rising
    /// Active to inactive (after active-low is applied).
    case falling
  }

  /// The line that changed.
  public var offset: LineOffset
  /// Which way it changed.
  public var kind: Kind
  /// When, in nanoseconds on ``clock``, stamped by the kernel in the interrupt.
  public var timestampNanoseconds: UInt64
  /// The clock of ``timestampNanoseconds``.
  public var clock: EventClock
  /// The event's number among all events of its request (from 1), or `nil`
  /// where libgpiod cannot tell (1.x).
  public var globalSequence: UInt64?
  /// The event's number among the events of its line (from 1), or `nil`
  /// where libgpiod cannot tell (1.x).
  public var lineSequence: UInt64?

  /// Creates an event from its parts.
  public init(
    offset: LineOffset,
    kind: Kind,
    timestampNanoseconds: UInt64,
    clock: EventClock = .monotonic,
    globalSequence: UInt64? = nil,
    lineSequence: UInt64? = nil
  ) {
    self.offset = offset
    self.kind = kind
    self.timestampNanoseconds = timestampNanoseconds
    self.clock = clock
    self.globalSequence = globalSequence
    self.lineSequence = lineSequence
  }

  /// Converts the shim's event; `CGPIOD_SEQNO_UNKNOWN` becomes `nil`.
  init(_ event: cgpiod_edge_event, clock: EventClock) {
    let unknown = UInt64(CGPIOD_SEQNO_UNKNOWN)
    self.init(
      offset: LineOffset(rawValue: event.offset),
      kind: event.edge == CGPIOD_EDGE_RISING ? .rising : .falling,
      timestampNanoseconds: event.timestamp_ns,
      clock: clock,
      globalSequence: event.global_seqno == unknown ? nil : event.global_seqno,
      lineSequence: event.line_seqno == unknown ? nil : event.line_seqno
    )
  }

  /// The timestamp as a duration since the clock's origin (boot, for
  /// ``EventClock/monotonic``).
  public var timestamp: Duration { .nanoseconds(Int64(clamping: timestampNanoseconds)) }

  /// How many events of the request the kernel dropped between `previous` and
  /// this one (its queue overflowed), or `nil` when sequence numbers are
  /// unknown (libgpiod 1.x).
  public func eventsLost(since previous: EdgeEvent) -> UInt64? {
    guard let current = globalSequence, let before = previous.globalSequence,
      current > before
    else { return nil }
    return current - before - 1
  }
}
