import Bowling
import Foundation

/// A lane's session bound to its journal: every delivery and correction is made durable in
/// the journal before it changes the session, and entries others journalled are applied.
///
/// This is where "durable before shown" holds: ``record(_:at:)`` changes the session only
/// after its entry is in the journal, and returns the entry with its sequence number (the
/// number the centre link and the display carry). When another process (`lane correct`)
/// appended first, its entries are applied and the delivery is checked again on the updated
/// session. Each delivery costs constant time: the session is changed in place, never copied.
public struct JournalledSession<Store: JournalStore> {
  /// The session as journalled so far.
  public private(set) var session: LaneSession
  public private(set) var store: Store
  /// Who the lane's own entries are from.
  public var author = "lane"
  /// The sequence number of the last record applied or appended: the record a shown event
  /// came from (0 before the first).
  public private(set) var lastSequence: Int

  /// Carries on the session that `entries` (the store's records so far) make.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when they do not make one.
  public init(store: Store, entries: [JournalEntry]) throws(JournalError) {
    self.store = store
    self.session = try LaneSession(journal: entries)
    self.lastSequence = entries.last?.sequence ?? 0
  }

  /// Carries on the session of an opened journal: from its checkpoint, when opening used
  /// one, with the records after it applied; otherwise from every record.
  ///
  /// - Parameters:
  ///   - store: Where the lane's entries go: `file` itself, or a wrapper of it.
  ///   - file: The journal as opened.
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the records do not make
  ///   a session.
  public init(store: Store, opened file: JournalFile) throws(JournalError) {
    guard let (session, sequence) = file.checkpointed else {
      try self.init(store: store, entries: file.entries)
      return
    }
    var resumed = session
    for entry in file.entries { try resumed.apply(entry) }
    self.init(store: store, session: resumed, lastSequence: file.entries.last?.sequence ?? sequence)
  }

  /// Carries on `session`, which the store's records up to `lastSequence` make (from a
  /// checkpoint).
  public init(store: Store, session: LaneSession, lastSequence: Int) {
    self.store = store
    self.session = session
    self.lastSequence = lastSequence
  }

  /// Applies what others journalled since the last read.
  ///
  /// - Returns: What was read, already applied, for the caller to show.
  /// - Throws: ``JournalError`` when the store cannot be read or an entry does not apply.
  public mutating func catchUp() throws(JournalError) -> JournalUpdate {
    let update = try store.readNew()
    try apply(update)
    return update
  }

  /// What journalling a delivery did.
  public struct Recorded: Hashable, Sendable {
    /// The entry as journalled, with its sequence number.
    public var entry: JournalEntry
    /// Where the delivery counts in the session.
    public var place: LaneSession.Recorded
  }

  /// Journals a delivery for the bowler who is up, then records it in the session.
  ///
  /// `delivery` is asked again after others' entries are applied, since the pins set for
  /// the ball may have changed; it returns `nil` when nothing is to be recorded.
  /// - Returns: What was journalled (`nil` when `delivery` gave nothing), and what others
  ///   journalled first, already applied.
  /// - Throws: ``JournalError/refused(_:)`` when the session refuses the delivery (nothing
  ///   is written), or ``JournalError`` when it cannot be made durable; the session does not
  ///   count it then.
  public mutating func record(
    at time: Date, _ delivery: (LaneSession) -> JournalEntry.Delivery?
  ) throws(JournalError) -> (recorded: Recorded?, others: [JournalUpdate]) {
    var others: [JournalUpdate] = []
    while true {
      guard let next = delivery(session) else { return (nil, others) }
      do {
        try session.check(next.throw)
      } catch {
        throw .refused(error)
      }
      let entry = JournalEntry(time: time, author: author, event: .delivered(next))
      switch try store.append(entry) {
      case .appended(let written):
        let place: LaneSession.Recorded
        do {
          place = try session.record(next.throw)
        } catch {
          preconditionFailure("a delivery the session accepted on checking is recorded")
        }
        lastSequence = written.sequence
        return (Recorded(entry: written, place: place), others)
      case .behind(let update):
        try apply(update)
        others.append(update)
      }
    }
  }

  /// Makes an operator's correction, journalled with who made it and what it changed.
  ///
  /// - Returns: The journalled entry, and what others journalled first (already applied).
  /// - Throws: ``JournalError/refused(_:)`` when the session refuses it (nothing is written),
  ///   or ``JournalError`` when it cannot be made durable.
  public mutating func correct(
    _ correction: Correction, by author: String, at time: Date
  ) throws(JournalError) -> (entry: JournalEntry, others: [JournalUpdate]) {
    var others: [JournalUpdate] = []
    while true {
      var next = session
      do {
        try next.correct(correction)
      } catch {
        throw .refused(error)
      }
      let change = CorrectionChange.text(of: correction, before: session, after: next)
      let entry = JournalEntry(time: time, author: author, event: .corrected(correction, change: change))
      switch try store.append(entry) {
      case .appended(let written):
        session = next
        lastSequence = written.sequence
        return (written, others)
      case .behind(let update):
        try apply(update)
        others.append(update)
      }
    }
  }

  private mutating func apply(_ update: JournalUpdate) throws(JournalError) {
    for entry in update.entries {
      try session.apply(entry)
      lastSequence = entry.sequence
    }
  }
}
