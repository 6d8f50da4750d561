/// A lane's outboxes across its sessions: one ``LaneOutbox`` for each session the desk does
/// not have whole yet, oldest first, the open session's last; a pure state machine.
///
/// **Before when the desk is online, beside when it is not.** With the desk online, a
/// session's records go out only once the desk has acknowledged every record of the
/// sessions before it (``due(deskOnline:)``): the lane's `…/ack` topic holds one retained
/// `{session, upto}`, the lane's acknowledgement file one pair, and a restarted desk resumes
/// only the session of its retained ack, so publishing in order keeps that one pair enough.
/// With no desk online nothing is acknowledged anyway, and displays (`lane display`) still
/// follow the open session live: every session's records go out, oldest first; when the
/// desk comes back, everything unacknowledged is published again in order.
///
/// A closed session leaves once the desk has acknowledged its last record; the
/// acknowledgement to keep on disk is always the oldest session's
/// (``acknowledgementToPersist(every:)``), written at once when that session changes.
public struct SessionOutboxes: Hashable, Sendable {
  /// Oldest first; the last is the open session's.
  public private(set) var outboxes: [LaneOutbox]
  /// The last seq of each closed session.
  private var ends: [String: Int]
  /// The session the acknowledgement on the lane's disk names.
  private var persistedSession: String

  /// The outboxes of the closed sessions `closed` (oldest first, each holding its session's
  /// last seq as recorded) and of the open session `open`.
  ///
  /// - Parameter persisted: The session the lane's acknowledgement file names.
  public init(closed: [LaneOutbox], open: LaneOutbox, persisted: String) {
    outboxes = closed + [open]
    ends = Dictionary(closed.map { ($0.session, $0.lastRecorded) }) { first, _ in first }
    persistedSession = persisted
    settle()
  }

  /// The open session's outbox.
  public var open: LaneOutbox { outboxes[outboxes.count - 1] }

  /// The oldest session the desk does not have whole (the open one when it has the rest).
  public var oldest: LaneOutbox { outboxes[0] }

  /// How many recorded records the desk has not acknowledged, in every session.
  public var unacknowledged: Int { outboxes.reduce(0) { $0 + $1.unacknowledged } }

  /// The lane closed the open session at seq `end` and opened `session`.
  public mutating func opened(_ session: String, closingAt end: Int) {
    ends[open.session] = end
    outboxes.append(LaneOutbox(session: session))
    settle()
  }

  /// The journal made `session`'s records durable up to `seq`.
  ///
  /// - Throws: ``LaneOutbox/Refusal/outOfOrder(expected:got:)`` past a closed session's end.
  public mutating func recorded(upTo seq: Int, in session: String) throws(LaneOutbox.Refusal) {
    guard let index = index(of: session) else { return }
    let last = min(seq, ends[session] ?? seq)
    guard last == seq else { throw .outOfOrder(expected: last + 1, got: seq) }
    while outboxes[index].lastRecorded < last {
      try outboxes[index].recorded(outboxes[index].lastRecorded + 1)
    }
  }

  /// The next seqs to publish and their session, or `nil` when nothing is due now: with
  /// the desk online, a later session waits until every earlier one is acknowledged.
  /// `ahead` is set when an earlier session is not acknowledged whole (the desk offline):
  /// the events are for displays, and go out again without it once the desk has the
  /// earlier sessions.
  ///
  /// - Parameter window: With the desk online, at most this many events past the
  ///   acknowledged one are out at once (`nil`: no limit): a backlog goes out as the desk
  ///   keeps up, not all at once.
  public func due(deskOnline: Bool, window: Int? = nil) -> (session: String, seqs: ClosedRange<Int>, ahead: Bool)? {
    for (index, outbox) in outboxes.enumerated() {
      if let seqs = outbox.toSend(within: deskOnline ? window : nil) { return (outbox.session, seqs, index > 0) }
      if deskOnline && outbox.unacknowledged > 0 { return nil }
    }
    return nil
  }

  /// The seqs of `session` up to `seq` were handed to the broker.
  public mutating func sent(upTo seq: Int, in session: String) {
    guard let index = index(of: session) else { return }
    outboxes[index].sent(upTo: seq)
  }

  /// Takes the desk's acknowledgement for its session; one for a session the lane no longer
  /// holds (the desk had it whole) changes nothing.
  ///
  /// - Returns: Whether anything was acknowledged.
  @discardableResult
  public mutating func acknowledge(_ ack: Payload.Ack) throws(LaneOutbox.Refusal) -> Bool {
    guard let index = index(of: ack.session) else { return false }
    defer { settle() }
    return try outboxes[index].acknowledge(ack)
  }

  /// Everything unacknowledged goes out again, oldest session first.
  public mutating func resendUnacknowledged() {
    for index in outboxes.indices { outboxes[index].resendUnacknowledged() }
  }

  /// The desk (or a display) asked to publish `session` again from `seq`; with no session,
  /// or one the lane no longer holds, the oldest, the one being published.
  ///
  /// - Returns: The session that goes out again.
  @discardableResult
  public mutating func resend(from seq: Int, in session: String? = nil) -> String {
    let index = session.flatMap(index(of:)) ?? 0
    outboxes[index].resend(from: seq)
    return outboxes[index].session
  }

  /// The acknowledgement to write to the lane's disk now: the oldest session's, at once when
  /// it is not the session the file names, else as ``LaneOutbox`` batches it.
  public func acknowledgementToPersist(every batch: Int) -> Payload.Ack? {
    let oldest = self.oldest
    guard oldest.session == persistedSession else {
      return Payload.Ack(session: oldest.session, upto: oldest.acknowledged)
    }
    return oldest.acknowledgementToPersist(every: batch).map {
      Payload.Ack(session: oldest.session, upto: $0)
    }
  }

  /// `ack` is on the lane's disk.
  public mutating func persisted(_ ack: Payload.Ack) {
    persistedSession = ack.session
    guard let index = index(of: ack.session) else { return }
    outboxes[index].persisted(ack.upto)
  }

  private func index(of session: String) -> Int? {
    outboxes.firstIndex { $0.session == session }
  }

  /// Lets go of closed sessions, oldest first, that the desk has whole; what went out of
  /// the next one went out ``due(deskOnline:)``'s `ahead`, which the desk does not take, so
  /// it goes out again.
  private mutating func settle() {
    var letGo = false
    while outboxes.count > 1, let end = ends[outboxes[0].session], outboxes[0].acknowledged >= end {
      ends[outboxes[0].session] = nil
      outboxes.removeFirst()
      letGo = true
    }
    if letGo { outboxes[0].resendUnacknowledged() }
  }
}
