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

  /// The seq of the last record made by `author`, a desk request's (`desk/<request id>`),
  /// if there is one: how the lane finds the record a desk request already became.
  func sequence(ofRecordBy author: String) -> Int?
}

extension OutboxSource {
  /// Reads every record from the first: a source with no index of its own.
  public func sequence(ofRecordBy author: String) -> Int? {
    var found: Int?
    var after = 0
    while case let records = records(after: after, limit: 1024), !records.isEmpty {
      for record in records where record.author == author { found = record.seq }
      after = records[records.count - 1].seq
    }
    return found
  }
}

/// One journal record as the centre link publishes it on `…/events`.
public struct OutboxRecord: Hashable, Sendable {
  public var seq: Int
  public var type: Payload.Event.Kind
  /// The journal record's JSON, carried as it is.
  public var record: JSONValue

  /// Who made the record (its `by`), if it says.
  public var author: String? {
    guard case .object(let fields) = record, case .string(let by)? = fields["by"] else { return nil }
    return by
  }

  public init(seq: Int, type: Payload.Event.Kind, record: JSONValue) {
    self.seq = seq
    self.type = type
    self.record = record
  }
}
