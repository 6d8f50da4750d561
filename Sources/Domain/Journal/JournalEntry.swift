import Bowling
import Foundation

/// One record of a lane's journal: the session starting, a delivery, or a correction, with
/// who made it and when; or one record of a league night's journal on a pair (``Event/night(_:)``).
///
/// The journal is the lane's memory: the session is rebuilt by applying its entries in order
/// (``LaneSession/apply(_:)``). Entries are written by `lane run`, `lane simulate --journal`
/// and `lane correct`; docs/operations.md describes the format. A night's journal (format 3)
/// holds only night records, and a lane's (format 2) none (``JournalledNight``).
public struct JournalEntry: Hashable, Sendable {
  /// What happened.
  public enum Event: Hashable, Sendable {
    /// A session began with these bowlers, in bowling order.
    case started(bowlers: [String])
    /// A delivery was detected and scored.
    case delivered(Delivery)
    /// An operator corrected the scores; `change` says what it changed, for the record.
    case corrected(Correction, change: String)
    /// The session ended: the journal's last record. `next` are the bowlers of the session
    /// the lane opens after it (empty: one unnamed bowler), kept here so that a lane that
    /// stops before it has opened that session opens the same one (``SessionRotation``).
    case ended(next: [String])
    /// A record of a league night on a pair: only ever in a night's journal, format 3.
    case night(NightEvent)
  }

  /// A delivery as the lane scored it, with what the sensors saw.
  public struct Delivery: Hashable, Sendable {
    /// The pins credited to the ball (before a foul takes them away).
    public var knocked: PinSet
    public var isFoul: Bool
    /// The pins the deck showed standing when the ball came, if sensed.
    public var deck: PinSet?
    /// When the delivery started and ended on the sensor's clock, in seconds, if sensed.
    public var start: Double?
    public var end: Double?

    public init(
      knocked: PinSet, isFoul: Bool, deck: PinSet? = nil, start: Double? = nil,
      end: Double? = nil
    ) {
      self.knocked = knocked
      self.isFoul = isFoul
      self.deck = deck
      self.start = start
      self.end = end
    }

    /// The delivery as the scoring engine takes it.
    public var `throw`: Throw { Throw(.pins(knocked), isFoul: isFoul) }
  }

  /// The record's number in its journal: 1 for the first, one more for each next record.
  public var sequence: Int
  /// When the entry was made, on the wall clock.
  public var time: Date
  /// Who made it: `lane` for the lane itself, or the operator's name.
  public var author: String
  public var event: Event
  /// On a session's or a night's start: the id it goes by (``SessionRotation``, rule 5).
  /// `nil` on every other record, and on starts written before ids were data.
  public var session: String?

  public init(sequence: Int = 0, time: Date, author: String, event: Event, session: String? = nil) {
    self.sequence = sequence
    self.time = time
    self.author = author
    self.event = event
    self.session = session
  }

  /// The entry as one record of a journal file, newline included: for tools that build a
  /// journal in one go (benchmarks, tests), since appends go through ``JournalFile``.
  public var record: [UInt8] { JournalRecord.bytes(of: self) }
}

extension LaneSession {
  /// A session rebuilt from a journal's entries, the first of which starts it.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the entries do not make
  ///   a session: no start, a second start, an entry after the session's end, or an entry
  ///   the session refuses.
  public init(journal entries: [JournalEntry]) throws(JournalError) {
    guard let first = entries.first, case .started(let bowlers) = first.event else {
      let reason =
        if case .night = entries.first?.event { JournalEntry.nightInLane } else {
          "the journal does not start a session"
        }
      throw .inconsistent(sequence: entries.first?.sequence ?? 1, reason: reason)
    }
    self.init(bowlers: bowlers)
    try apply(entries.dropFirst())
  }

  /// Applies journal entries in order; an end may only be the last of them.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when one does not apply, or
  ///   an entry follows the session's end.
  public mutating func apply(_ entries: some Sequence<JournalEntry>) throws(JournalError) {
    var end: JournalEntry?
    for entry in entries {
      if let end {
        throw .inconsistent(
          sequence: entry.sequence, reason: "a record after the session's end (record \(end.sequence))")
      }
      try apply(entry)
      if case .ended = entry.event { end = entry }
    }
  }

  /// Applies one journal entry: records its delivery or makes its correction.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the session refuses it,
  ///   or it is a league night's record.
  public mutating func apply(_ entry: JournalEntry) throws(JournalError) {
    do {
      switch entry.event {
      case .night:
        throw JournalError.inconsistent(sequence: entry.sequence, reason: JournalEntry.nightInLane)
      case .started:
        throw JournalError.inconsistent(
          sequence: entry.sequence, reason: "a second session start in the same journal")
      case .delivered(let delivery):
        try record(delivery.throw)
      case .corrected(let correction, _):
        try correct(correction)
      case .ended:
        break  // the games stay as they are; nothing may follow (``apply(_:)`` of a list)
      }
    } catch let error as JournalError {
      throw error
    } catch {
      throw .inconsistent(sequence: entry.sequence, reason: "\(error)")
    }
  }
}
