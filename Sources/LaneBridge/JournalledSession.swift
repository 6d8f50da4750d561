import Bowling
import Foundation
import LaneSensing

/// A lane's scorer bound to its journal: every delivery and correction is made durable in
/// the journal before it changes the session, and entries others journalled are applied.
///
/// This is where "durable before shown" holds: ``score(_:at:)`` returns events to show only
/// after their delivery is in the journal. When another process (`lane correct`) appended
/// first, its entries are applied and the delivery is scored again on the updated session.
public struct JournalledSession<Store: JournalStore> {
  /// The session as journalled so far.
  public private(set) var scorer: LaneScorer
  public private(set) var store: Store
  /// Who the lane's own entries are from.
  public var author = "lane"
  /// The sequence number of the last record applied or appended: the record a shown event
  /// came from.
  public private(set) var lastSequence: Int

  /// Carries on the session that `entries` (the store's records so far) make.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when they do not make one.
  public init(store: Store, entries: [JournalEntry]) throws(JournalError) {
    self.store = store
    self.lastSequence = entries.last?.sequence ?? 0
    self.scorer = LaneScorer(session: try LaneSession(journal: entries))
  }

  public var session: LaneSession { scorer.session }

  /// Applies what others journalled since the last read.
  ///
  /// - Returns: What was read, already applied, for the caller to show.
  /// - Throws: ``JournalError`` when the store cannot be read or an entry does not apply.
  public mutating func catchUp() throws(JournalError) -> JournalUpdate {
    let update = try store.readNew()
    try apply(update)
    return update
  }

  /// Scores one output of the throw detector, journalling its delivery first.
  ///
  /// - Returns: The events to show, and what others journalled first (already applied).
  /// - Throws: ``JournalError`` when the delivery cannot be made durable; the session does
  ///   not count it then.
  public mutating func score(
    _ output: ThrowDetector.Output, at time: Date
  ) throws(JournalError) -> (events: [LaneScorer.Event], others: [JournalUpdate]) {
    var others: [JournalUpdate] = []
    while true {
      var next = scorer
      let events = next.take(output)
      let scored = events.lazy.compactMap { event -> ScoredThrow? in
        if case .scored(let scored) = event { scored } else { nil }
      }.first
      guard let scored else {
        scorer = next
        return (events, others)
      }
      let entry = JournalEntry(time: time, author: author, event: .delivered(scored.journalled))
      switch try store.append(entry) {
      case .appended(let written):
        lastSequence = written.sequence
        scorer = next
        return (events, others)
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
      var next = scorer
      do {
        try next.correct(correction)
      } catch {
        throw .refused(error)
      }
      let change = CorrectionChange.text(of: correction, before: session, after: next.session)
      let entry = JournalEntry(time: time, author: author, event: .corrected(correction, change: change))
      switch try store.append(entry) {
      case .appended(let written):
        lastSequence = written.sequence
        scorer = next
        return (written, others)
      case .behind(let update):
        try apply(update)
        others.append(update)
      }
    }
  }

  private mutating func apply(_ update: JournalUpdate) throws(JournalError) {
    for entry in update.entries {
      try scorer.apply(entry)
      lastSequence = entry.sequence
    }
  }
}
