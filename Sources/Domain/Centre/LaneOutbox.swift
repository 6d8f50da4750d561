/// A lane's outbox on the centre link: which journal seqs to publish, and
/// what the desk has acknowledged; a pure state machine.
///
/// The journal is the outbox: a record is offered with ``recorded(_:)``
/// only once it is durable. The desk's ``Payload/Ack`` (not the broker's
/// PUBACK) moves ``acknowledged``; after a lost connection, a resend request
/// or an acknowledgement that does not come, everything after
/// ``acknowledged`` is published again, in order. Scoring never waits for
/// it. ``acknowledgementToPersist(every:)`` batches the writes of
/// "acknowledged up to N" to the lane's disk.
public struct LaneOutbox: Hashable, Sendable {
  /// Why the outbox refused an input.
  public enum Refusal: Error, Hashable, Sendable {
    /// The journal offered a seq that does not follow the last one.
    case outOfOrder(expected: Int, got: Int)
    /// The desk acknowledged seqs the lane never recorded: a forged or
    /// confused ack, ignored.
    case acknowledgedBeyondRecorded(upto: Int, lastRecorded: Int)
  }

  public let session: String
  /// The last durable seq in the journal (0 before the first).
  public private(set) var lastRecorded: Int
  /// The desk has every seq up to this one.
  public private(set) var acknowledged: Int
  /// Published on this connection up to this seq (not yet acknowledged).
  public private(set) var sentUpTo: Int
  /// The acknowledgement last written to the lane's disk.
  public private(set) var persistedAcknowledgement: Int

  /// An outbox resumed from the journal's last seq and the persisted ack.
  public init(session: String, lastRecorded: Int = 0, acknowledged: Int = 0) {
    self.session = session
    self.lastRecorded = lastRecorded
    self.acknowledged = min(acknowledged, lastRecorded)
    self.sentUpTo = self.acknowledged
    self.persistedAcknowledgement = self.acknowledged
  }

  /// The seqs to publish now, in order, or `nil` when all are out.
  public var toSend: ClosedRange<Int>? { toSend(within: nil) }

  /// The seqs to publish now, in order, at most `window` past ``acknowledged`` when a
  /// window is given; `nil` when all are out or the window is full.
  public func toSend(within window: Int?) -> ClosedRange<Int>? {
    let last = window.map { min(lastRecorded, acknowledged + $0) } ?? lastRecorded
    return sentUpTo < last ? (sentUpTo + 1)...last : nil
  }

  /// How many recorded events the desk has not acknowledged.
  public var unacknowledged: Int { lastRecorded - acknowledged }

  /// The journal made `seq` durable.
  public mutating func recorded(_ seq: Int) throws(Refusal) {
    guard seq == lastRecorded + 1 else {
      throw .outOfOrder(expected: lastRecorded + 1, got: seq)
    }
    lastRecorded = seq
  }

  /// The seqs up to `seq` were handed to the broker.
  public mutating func sent(upTo seq: Int) {
    sentUpTo = max(sentUpTo, min(seq, lastRecorded))
  }

  /// Takes the desk's acknowledgement; one for another session or older
  /// than the current one changes nothing.
  ///
  /// - Returns: Whether ``acknowledged`` moved.
  @discardableResult
  public mutating func acknowledge(_ ack: Payload.Ack) throws(Refusal) -> Bool {
    guard ack.session == session, ack.upto > acknowledged else { return false }
    guard ack.upto <= lastRecorded else {
      throw .acknowledgedBeyondRecorded(upto: ack.upto, lastRecorded: lastRecorded)
    }
    acknowledged = ack.upto
    sentUpTo = max(sentUpTo, acknowledged)
    return true
  }

  /// The connection was lost (or the desk came back, or no acknowledgement
  /// came in time): everything unacknowledged goes out again.
  public mutating func resendUnacknowledged() {
    sentUpTo = acknowledged
  }

  /// The desk, or a display that joined late (`lane display`), asked to publish again from
  /// `seq`: acknowledged seqs too, since a display does not acknowledge and the desk drops
  /// the repeats.
  public mutating func resend(from seq: Int) {
    sentUpTo = max(0, min(sentUpTo, seq - 1))
  }

  /// The acknowledgement to write to disk now: when it moved by `batch`
  /// or more since the last write, or everything recorded is acknowledged.
  public func acknowledgementToPersist(every batch: Int) -> Int? {
    guard acknowledged > persistedAcknowledgement else { return nil }
    let due = acknowledged - persistedAcknowledgement >= batch || acknowledged == lastRecorded
    return due ? acknowledged : nil
  }

  /// The acknowledgement `upto` is on the lane's disk.
  public mutating func persisted(_ upto: Int) {
    persistedAcknowledgement = max(persistedAcknowledgement, upto)
  }
}
