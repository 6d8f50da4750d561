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
  /// The session's end, when its last record is one and no next session is open yet
  /// (`lane correct` on a journal whose lane has not started since): nothing is recorded.
  public private(set) var end: JournalEntry?

  /// Carries on the session that `entries` (the store's records so far) make.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when they do not make one (a
  ///   league night's records, whose start says so, among them).
  public init(store: Store, entries: [JournalEntry]) throws(JournalError) {
    self.store = store
    self.session = try LaneSession(journal: entries)
    self.lastSequence = entries.last?.sequence ?? 0
    self.end = Self.end(of: entries)
  }

  private static func end(of entries: [JournalEntry]) -> JournalEntry? {
    guard let last = entries.last, case .ended = last.event else { return nil }
    return last
  }

  /// Carries on the session of an opened journal: from its checkpoint, when opening used
  /// one, with the records after it applied; otherwise from every record.
  ///
  /// - Parameters:
  ///   - store: Where the lane's entries go: `file` itself, or a wrapper of it.
  ///   - file: The journal as opened.
  /// - Throws: ``JournalError/holdsLeagueNight(path:)`` for a league night's journal, or
  ///   ``JournalError/inconsistent(sequence:reason:)`` when the records do not make a session.
  public init(store: Store, opened file: JournalFile) throws(JournalError) {
    guard !file.header.holdsNight else { throw .holdsLeagueNight(path: file.path) }
    guard let (session, sequence) = file.checkpointed else {
      try self.init(store: store, entries: file.entries)
      return
    }
    var resumed = session
    try resumed.apply(file.entries)
    self.init(store: store, session: resumed, lastSequence: file.entries.last?.sequence ?? sequence)
    end = Self.end(of: file.entries)
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
      try refuseWhenEnded()
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
      try refuseWhenEnded()
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

  /// Ends the session and opens the next, for `next` (empty: one unnamed bowler): the
  /// `end` record is durable before anything changes, then the store closes the session
  /// (``SessionRotation``). The next session's id follows the closed one's and every id in
  /// `sessions` (a night the lane bowled in between).
  ///
  /// - Returns: The `end` entry and the next session's start, as journalled, and what others
  ///   journalled first (already applied).
  /// - Throws: ``JournalError`` when either cannot be made durable; once the end is, the
  ///   lane's next start opens the next session.
  public mutating func endSession(
    by author: String, at time: Date, next bowlers: [String], after sessions: [String] = []
  ) throws(JournalError) -> (end: JournalEntry, start: JournalEntry, others: [JournalUpdate]) {
    var others: [JournalUpdate] = []
    while true {
      try refuseWhenEnded()
      let entry = JournalEntry(time: time, author: author, event: .ended(next: bowlers))
      switch try store.append(entry) {
      case .appended(let written):
        lastSequence = written.sequence
        end = written
        let start = try store.openNextSession(
          JournalEntry(
            time: time, author: author, event: .started(bowlers: bowlers),
            session: SessionRotation.id(after: sessions, at: time)))
        session = try LaneSession(journal: [start])
        lastSequence = start.sequence
        end = nil
        return (written, start, others)
      case .behind(let update):
        try apply(update)
        others.append(update)
      }
    }
  }

  /// Refuses anything recorded after the session's end.
  private func refuseWhenEnded() throws(JournalError) {
    guard let end else { return }
    throw .inconsistent(
      sequence: end.sequence + 1,
      reason: "the session ended at record \(end.sequence); the lane opens the next one when it starts")
  }

  private mutating func apply(_ update: JournalUpdate) throws(JournalError) {
    for entry in update.entries {
      try refuseWhenEnded()
      try session.apply(entry)
      lastSequence = entry.sequence
      if case .ended = entry.event { end = entry }
    }
  }
}
