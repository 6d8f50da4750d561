import Bowling
import Foundation
import League

/// A league night on a pair bound to its journal: every delivery, correction and undo is
/// made durable in the journal before it changes the night, and entries others journalled
/// are applied.
///
/// One journal holds one night on a pair (format 3, docs/operations.md): its first record
/// is the night (``JournalEntry/nightStart(of:by:at:)``), then the deliveries of both
/// lanes, each naming its lane, and the corrections and undos with who made them, when and
/// why. It is modelled on ``JournalledSession``, with these differences, each for a reason:
/// - Nothing the night refuses is written: each change is tried on a copy of the night
///   first, and a refusal throws ``JournalError/nightRefused(_:)`` (exit 65) with the
///   journal and the night unchanged; a ball after a lane's last turn is one, which the
///   caller turns into a warning.
/// - A correction or an undo needs a reason (1 to 500 characters, no control characters):
///   a league's sheet is audited, and "why" is what the audit asks.
/// - There is no end record and no rotation: the night is over when every turn is bowled
///   (``LeaguePlay/isComplete``), and corrections after the last ball are still the desk's
///   to make. The next night starts a journal of its own.
/// - There is no checkpoint: a night is a few hundred records, read whole on every opening.
public struct JournalledNight<Store: JournalStore> {
  /// The night as journalled so far.
  public private(set) var play: LeaguePlay
  public private(set) var store: Store
  /// Who the pair's own deliveries are from.
  public var author = "lane"
  /// The sequence number of the last record applied or appended (1, the night's start,
  /// before the first ball).
  public private(set) var lastSequence: Int
  /// Every correction and undo journalled, in order, with who made it, when and why: for the
  /// boards and the sheet to list.
  public private(set) var changes: [NightChange] = []
  /// The records of the corrections still standing, latest last: what an undo takes back.
  private var standing: [Int] = []

  /// What journalling a delivery did.
  public struct Delivered: Hashable, Sendable {
    /// The entry as journalled, with its sequence number.
    public var entry: JournalEntry
    /// Where the delivery went in the night.
    public var outcome: LeaguePlay.Outcome
  }

  /// Carries on the night that `entries` (the store's records so far) make, each replayed
  /// with its author and time.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when they do not make one: no
  ///   night start (a lane's session), a lane's record, or a record the night refuses.
  public init(store: Store, entries: [JournalEntry]) throws(JournalError) {
    self.store = store
    play = try LeaguePlay(journal: Array(entries.prefix(1)))
    lastSequence = entries.first?.sequence ?? 0
    for entry in entries.dropFirst() { try apply(entry) }
  }

  /// Carries on the night of an opened journal.
  ///
  /// - Parameters:
  ///   - store: Where the night's entries go: `file` itself, or a wrapper of it.
  ///   - file: The journal as opened.
  /// - Throws: ``JournalError/holdsLaneSession(path:)`` for a lane's journal, or
  ///   ``JournalError/inconsistent(sequence:reason:)`` when the records do not make a night.
  public init(store: Store, opened file: JournalFile) throws(JournalError) {
    guard file.header.holdsNight else { throw .holdsLaneSession(path: file.path) }
    try self.init(store: store, entries: file.entries)
  }

  /// Applies what others journalled since the last read (`lane correct` on a stopped pair).
  ///
  /// - Returns: What was read, already applied, for the caller to show.
  /// - Throws: ``JournalError`` when the store cannot be read or an entry does not apply.
  public mutating func catchUp() throws(JournalError) -> JournalUpdate {
    let update = try store.readNew()
    try apply(update)
    return update
  }

  /// Journals a delivery bowled on `lane`, then scores it in the night.
  ///
  /// When others journalled first, their entries are applied and the delivery is tried
  /// again on the night they leave.
  /// - Returns: What was journalled, and what others journalled first, already applied.
  /// - Throws: ``JournalError/nightRefused(_:)`` when the night refuses the ball (nobody is
  ///   up on the lane, or the pins cannot have fallen): nothing is written or counted. Or
  ///   ``JournalError`` when it cannot be made durable; the night does not count it then.
  public mutating func deliver(
    _ delivery: JournalEntry.Delivery, on lane: PairSide, at time: Date
  ) throws(JournalError) -> (delivered: Delivered, others: [JournalUpdate]) {
    let entry = JournalEntry(time: time, author: author, event: .night(.delivered(delivery, on: lane)))
    var outcome: LeaguePlay.Outcome?
    let (written, others) = try journal(entry) { night throws(LeagueError) in
      outcome = try night.deliver(delivery.throw, on: lane)
    }
    guard let outcome else { preconditionFailure("a journalled delivery was scored on the night") }
    return (Delivered(entry: written, outcome: outcome), others)
  }

  /// Makes a correction of the night, journalled with who made it, when and why.
  ///
  /// - Returns: The journalled entry, and what others journalled first (already applied).
  /// - Throws: ``JournalError/nightRefused(_:)`` when the night refuses it or the reason is
  ///   missing, too long or holds control characters: nothing is written. Or
  ///   ``JournalError`` when it cannot be made durable.
  public mutating func correct(
    _ correction: LeagueCorrection, by author: String, why reason: String, at time: Date
  ) throws(JournalError) -> (entry: JournalEntry, others: [JournalUpdate]) {
    try Self.check(reason)
    let entry = JournalEntry(time: time, author: author, event: .night(.corrected(correction, reason: reason)))
    return try journal(entry) { night throws(LeagueError) in try night.correct(correction) }
  }

  /// Takes back the latest correction still standing, journalled with who, when and why.
  ///
  /// - Returns: The journalled entry, and what others journalled first (already applied).
  /// - Throws: ``JournalError/nightRefused(_:)`` (``LeagueError/nothingToUndo`` when no
  ///   correction stands) with nothing written, or ``JournalError`` when it cannot be made
  ///   durable.
  public mutating func undo(
    by author: String, why reason: String, at time: Date
  ) throws(JournalError) -> (entry: JournalEntry, others: [JournalUpdate]) {
    try Self.check(reason)
    let entry = JournalEntry(time: time, author: author, event: .night(.undone(reason: reason)))
    return try journal(entry) { night throws(LeagueError) in try night.undo() }
  }

  // MARK: Journalling

  /// Tries `change` on a copy of the night, appends `entry` once the night takes it, then
  /// keeps the copy; others' entries, when they came first, are applied and it is tried again.
  private mutating func journal(
    _ entry: JournalEntry, _ change: (inout LeaguePlay) throws(LeagueError) -> Void
  ) throws(JournalError) -> (entry: JournalEntry, others: [JournalUpdate]) {
    var others: [JournalUpdate] = []
    while true {
      var next = play
      do {
        try change(&next)
      } catch {
        throw .nightRefused(error)
      }
      if let what = JournalRecord.unreadable(entry) {
        throw .nightRefused(.refused("it cannot be journalled: its record would hold \(what)"))
      }
      switch try store.append(entry) {
      case .appended(let written):
        play = next
        note(written)
        return (written, others)
      case .behind(let update):
        try apply(update)
        others.append(update)
      }
    }
  }

  /// Refuses a correction's or an undo's reason that its record could not hold.
  private static func check(_ reason: String) throws(JournalError) {
    guard let problem = JournalRecord.reasonProblem(reason) else { return }
    throw .nightRefused(.refused(
      "give a reason of 1 to \(JournalRecord.maximumReasonLength) characters without control"
        + " characters, not \(problem)"))
  }

  private mutating func apply(_ update: JournalUpdate) throws(JournalError) {
    for entry in update.entries { try apply(entry) }
  }

  /// Applies an entry already in the journal.
  private mutating func apply(_ entry: JournalEntry) throws(JournalError) {
    try play.apply(entry)
    note(entry)
  }

  /// Keeps the books of an entry the night has taken: its number, and who changed what.
  private mutating func note(_ entry: JournalEntry) {
    lastSequence = entry.sequence
    guard case .night(let event) = entry.event else { return }
    let action: NightChange.Action
    let reason: String
    switch event {
    case .started, .delivered:
      return
    case .corrected(let correction, let why):
      standing.append(entry.sequence)
      (action, reason) = (.correction(correction), why)
    case .undone(let why):
      // The night took the undo, so a correction stood for it to take back.
      (action, reason) = (.undo(of: standing.popLast() ?? 0), why)
    }
    changes.append(NightChange(
      sequence: entry.sequence, action: action, author: entry.author, time: entry.time, reason: reason))
  }
}

extension JournalledNight {
  /// Makes a league command's action (``LeagueCommand/Action``): the correction, or the undo,
  /// journalled with who made it, when and why.
  ///
  /// - Throws: What ``correct(_:by:why:at:)`` and ``undo(by:why:at:)`` throw.
  public mutating func make(
    _ action: LeagueCommand.Action, by author: String, why reason: String, at time: Date
  ) throws(JournalError) -> (entry: JournalEntry, others: [JournalUpdate]) {
    switch action {
    case .correct(let correction): try correct(correction, by: author, why: reason, at: time)
    case .undo: try undo(by: author, why: reason, at: time)
    }
  }
}
