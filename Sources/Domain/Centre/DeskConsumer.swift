/// The front desk's consumer of lane events: each (lane, session, seq)
/// exactly once and in seq order, whatever the broker duplicates, reorders
/// or loses.
///
/// Pure: fed validated events, it says which to deliver, which seq to ask a
/// resend from, and what to acknowledge. Events ahead of a gap are held (at
/// most ``maximumHeld`` per session; later ones are dropped and come back
/// with the resend). A second event with a seq already seen is a duplicate
/// and is dropped whatever its content: the first copy wins.
///
/// **A session only after the ones before.** An event the lane published
/// ``Payload/Event/ahead`` of an earlier session is not the desk's yet: the
/// desk takes nothing of it (no delivery, no acknowledgement, no resend), and
/// the lane publishes it again, unmarked, once the desk has acknowledged every
/// earlier session whole. So the desk acknowledges a session only when it has
/// every one before it, and its one retained `{session, upto}` is all a
/// restarted desk needs. A display (``takesEventsAhead``) takes them: it
/// follows the open session live and acknowledges nothing.
public struct DeskConsumer: Sendable {
  /// One lane's session.
  public struct Key: Hashable, Sendable {
    public var lane: LaneID
    public var session: String

    public init(lane: LaneID, session: String) {
      self.lane = lane
      self.session = session
    }
  }

  /// What one received event led to.
  public struct Outcome: Hashable, Sendable {
    /// Events now deliverable, in seq order (empty while a gap is open).
    public var delivered: [Payload.Event] = []
    /// The event had been seen already.
    public var duplicate = false
    /// A gap is open: ask the lane to publish again from this seq.
    public var resendFrom: Int?
    /// The event was published ahead of an earlier session, and not taken.
    public var notYet = false
  }

  private struct Stream: Sendable {
    var next = 1
    var held: [Int: Payload.Event] = [:]
  }

  public let maximumHeld: Int
  /// Whether events published ahead of an earlier session are taken (a display's
  /// consumer) or left for the lane to publish again (the desk's).
  public let takesEventsAhead: Bool
  private var streams: [Key: Stream] = [:]

  public init(maximumHeld: Int = 10_000, takesEventsAhead: Bool = false) {
    self.maximumHeld = maximumHeld
    self.takesEventsAhead = takesEventsAhead
  }

  /// Continues a session after a desk restart from the desk's own retained
  /// acknowledgement: seqs up to `upto` count as delivered.
  ///
  /// - Returns: Held events that follow `upto` without a gap, now deliverable.
  @discardableResult
  public mutating func resume(_ key: Key, acknowledgedUpTo upto: Int) -> [Payload.Event] {
    var stream = streams[key] ?? Stream()
    stream.next = max(stream.next, upto + 1)
    stream.held = stream.held.filter { $0.key >= stream.next }
    var delivered: [Payload.Event] = []
    while let held = stream.held.removeValue(forKey: stream.next) {
      delivered.append(held)
      stream.next += 1
    }
    streams[key] = stream
    return delivered
  }

  /// Takes back the delivery of a session's events from `seq` on, which the desk could not
  /// store: they count as never received, so the next one asks for a resend from `seq`.
  public mutating func rewind(_ key: Key, to seq: Int) {
    guard var stream = streams[key], seq < stream.next else { return }
    stream.next = max(1, seq)
    stream.held = [:]
    streams[key] = stream
  }

  /// Takes one validated event.
  public mutating func receive(_ event: Payload.Event) -> Outcome {
    guard takesEventsAhead || event.ahead != true else { return Outcome(notYet: true) }
    let key = Key(lane: event.lane, session: event.session)
    var stream = streams[key] ?? Stream()
    defer { streams[key] = stream }
    var outcome = Outcome()
    if event.seq < stream.next || stream.held[event.seq] != nil {
      outcome.duplicate = true
    } else if event.seq == stream.next {
      outcome.delivered.append(event)
      stream.next += 1
      while let held = stream.held.removeValue(forKey: stream.next) {
        outcome.delivered.append(held)
        stream.next += 1
      }
    } else if stream.held.count < maximumHeld {
      stream.held[event.seq] = event
    }
    if !stream.held.isEmpty { outcome.resendFrom = stream.next }
    return outcome
  }

  /// The next seq expected from a session (1 for an unknown one).
  public func expected(_ key: Key) -> Int {
    streams[key]?.next ?? 1
  }

  /// The acknowledgement to publish (retained) on the lane's `…/ack`, once
  /// something of the session was delivered.
  public func acknowledgement(_ key: Key) -> Payload.Ack? {
    guard let next = streams[key]?.next, next > 1 else { return nil }
    return Payload.Ack(session: key.session, upto: next - 1)
  }
}
