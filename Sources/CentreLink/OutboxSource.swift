import Centre

/// Where a lane's outbox reads the records it publishes: the journal, behind one small
/// protocol so the lane link does not depend on how the journal is stored.
///
/// Records are numbered from 1 without gaps; a record is offered only once it is durable.
public protocol OutboxSource: Sendable {
  /// The session the records belong to, as the centre link names it.
  var session: String { get }
  /// The last durable record's seq (0 before the first).
  var lastSequence: Int { get }
  /// The durable records after `seq`, in order, at most `limit` of them.
  func records(after seq: Int, limit: Int) -> [OutboxRecord]
}

/// One journal record as the centre link publishes it on `…/events`.
public struct OutboxRecord: Hashable, Sendable {
  public var seq: Int
  public var type: Payload.Event.Kind
  /// The journal record's JSON, carried as it is.
  public var record: JSONValue

  public init(seq: Int, type: Payload.Event.Kind, record: JSONValue) {
    self.seq = seq
    self.type = type
    self.record = record
  }
}
