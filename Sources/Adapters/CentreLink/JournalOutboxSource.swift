import Journal
import Centre
import Foundation
import LaneBridge
import Synchronization

/// The ``OutboxSource`` over today's journal (`JournalStore`): it is fed every entry the
/// lane's store makes durable, through ``Store``, and keeps them for resends. A lane
/// resumed from a checkpoint leaves the records before it in the journal file: they are
/// read from there, from the place the desk asks for, only when it asks.
///
/// This is the one adapter between the centre link and the journal; when the journal
/// moves, only this file changes.
public final class JournalOutboxSource: OutboxSource {
  public let session: String
  private let entries = Mutex<[OutboxRecord]>([])
  /// The journal holding the records up to `through`, which are not kept in memory.
  private let journal: (path: String, through: Int)?
  /// Where the last read of the journal stopped: the records after `after` start at `offset`.
  private let cursor = Mutex<(after: Int, offset: Int)?>(nil)
  private let refusal = Mutex<Refusal?>(nil)
  /// The seq of the last record by each desk request's author (`desk/…`): of the records
  /// held in memory as they are added, and of those left in the journal once they are
  /// first asked for (read once, then kept), so a desk command costs no scan of the session.
  private let deskAuthors = Mutex<[String: Int]>([:])
  private let journalIndexed = Mutex(false)

  /// Why the source stopped taking the journal's records, if it did: the lane link reports
  /// it as a fault (records after the gap are not published).
  public var fault: Refusal? { refusal.withLock { $0 } }

  /// A source for the session the journal `entries` (the store's records so far) make.
  ///
  /// - Throws: ``Refusal`` when the entries do not start a session or have a gap.
  public init(entries: [JournalEntry]) throws(Refusal) {
    guard let first = entries.first, Self.startsASession(first) else { throw .noSessionStart }
    session = SessionRotation.id(of: first)
    journal = nil
    try add(entries)
  }

  /// Where a source's records come from when the lane starts.
  public enum Origin: Sendable {
    /// Every record of the session, from its start.
    case entries([JournalEntry])
    /// The journal at `path` up to record `through` (left there), then `entries`.
    case journal(path: String, through: Int, entries: [JournalEntry])
  }

  /// A source for the records `origin` gives.
  ///
  /// - Throws: ``Refusal`` as the initialisers for each kind of origin do.
  public convenience init(_ origin: Origin) throws(Refusal) {
    switch origin {
    case .entries(let entries): try self.init(entries: entries)
    case .journal(let path, let through, let entries):
      try self.init(journal: path, through: through, entries: entries)
    }
  }

  /// A source for a lane resumed from a checkpoint: the records up to `sequence` stay in the
  /// journal at `path`, which is read for its first record (the session's start) and later
  /// only for the records the desk asks for; `entries` follow `sequence`.
  ///
  /// - Throws: ``Refusal`` when the journal does not start a session, cannot be read, or
  ///   `entries` do not follow `sequence`.
  public init(journal path: String, through sequence: Int, entries: [JournalEntry]) throws(Refusal) {
    let first: JournalEntry?
    do {
      first = try JournalReader(path: path).entries(after: 0, limit: 1).entries.first
    } catch {
      throw .unreadable("\(error)")
    }
    guard let first, first.sequence == 1, Self.startsASession(first) else { throw .noSessionStart }
    session = SessionRotation.id(of: first)
    journal = (path, sequence)
    try add(entries)
  }

  /// A source for a closed session, all of whose records stay in its archive at `path`
  /// (``SessionRotation``) and are read only when the link asks for them; opening reads
  /// the archive through once, for its last seq.
  ///
  /// - Throws: ``Refusal`` when the archive cannot be read or does not start a session.
  public convenience init(archive path: String) throws(Refusal) {
    var last = 0
    var offset: Int?
    do {
      let reader = try JournalReader(path: path)
      while true {
        let batch = try reader.entries(after: last, limit: 4096, from: offset)
        guard let final = batch.entries.last else { break }
        (last, offset) = (final.sequence, batch.end)
      }
    } catch {
      throw .unreadable("\(error)")
    }
    try self.init(journal: path, through: last, entries: [])
  }

  /// Whether `entry` starts what the centre link publishes as a session: a lane's session,
  /// or a pair's league night (its journal's first record), which both lanes of the pair
  /// publish whole.
  static func startsASession(_ entry: JournalEntry) -> Bool {
    switch entry.event {
    case .started, .night(.started): true
    default: false
    }
  }

  /// Why the journal's records cannot be published.
  public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    case noSessionStart
    /// A record does not follow the last one: the centre link numbers without gaps.
    case gap(expected: Int, got: Int)
    /// The journal's earlier records cannot be read.
    case unreadable(String)

    public var description: String {
      switch self {
      case .noSessionStart: "the journal does not start with a session start or a league night"
      case .gap(let expected, let got):
        "the journal's record \(got) does not follow record \(expected - 1)"
      case .unreadable(let reason): "the journal's earlier records cannot be read: \(reason)"
      }
    }
  }

  public var lastSequence: Int { entries.withLock { $0.last?.seq ?? journal?.through ?? 0 } }

  public func records(after seq: Int, limit: Int) -> [OutboxRecord] {
    let kept = journal?.through ?? 0
    guard seq >= kept else { return journalRecords(after: seq, limit: min(limit, kept - seq)) }
    return entries.withLock { records in
      // seqs run kept + 1, kept + 2...: record n is at index n - kept - 1.
      guard seq >= 0, seq - kept < records.count else { return [] }
      return Array(records[(seq - kept)..<min(records.count, seq - kept + limit)])
    }
  }

  /// Up to `limit` records after `seq` read from the journal, from where the last read
  /// stopped when that is not past them; none when it cannot be read (noted as the fault).
  private func journalRecords(after seq: Int, limit: Int) -> [OutboxRecord] {
    guard let journal, seq >= 0, limit > 0 else { return [] }
    let start = cursor.withLock { $0.flatMap { $0.after <= seq ? $0.offset : nil } }
    do {
      let batch = try JournalReader(path: journal.path).entries(after: seq, limit: limit, from: start)
      let records = batch.entries.prefix { $0.sequence <= journal.through }.map(Self.record(of:))
      guard records.first?.seq == seq + 1 else {
        throw Refusal.gap(expected: seq + 1, got: records.first?.seq ?? journal.through)
      }
      if let last = records.last { cursor.withLock { $0 = (last.seq, batch.end) } }
      return Array(records)
    } catch let refused as Refusal {
      refusal.withLock { $0 = $0 ?? refused }
    } catch {
      refusal.withLock { $0 = $0 ?? .unreadable("\(error)") }
    }
    return []
  }

  /// Takes entries the journal made durable, in order.
  public func add(_ new: [JournalEntry]) throws(Refusal) {
    let records = new.map(Self.record(of:))
    guard fault == nil else { return }
    do {
      try append(records)
    } catch {
      refusal.withLock { $0 = error }
      throw error
    }
  }

  private func append(_ records: [OutboxRecord]) throws(Refusal) {
    try entries.withLock { (all: inout [OutboxRecord]) throws(Refusal) in
      for record in records {
        let expected = (all.last?.seq ?? journal?.through ?? 0) + 1
        if record.seq < expected { continue }  // already had it
        guard record.seq == expected else { throw .gap(expected: expected, got: record.seq) }
        all.append(record)
        index(record)
      }
    }
  }

  /// Notes `record`'s author when it is a desk request's.
  private func index(_ record: OutboxRecord) {
    guard let author = record.author, author.hasPrefix("desk/") else { return }
    deskAuthors.withLock { $0[author] = record.seq }
  }

  public func sequence(ofRecordBy author: String) -> Int? {
    if let journal, !journalIndexed.withLock({ $0 }) {
      // The records the checkpoint covers are read once, in batches, from the journal.
      var after = 0
      var found: [String: Int] = [:]
      while after < journal.through, case let records = journalRecords(after: after, limit: 1024),
        !records.isEmpty
      {
        for record in records {
          if let by = record.author, by.hasPrefix("desk/") { found[by] = record.seq }
        }
        after = records[records.count - 1].seq
      }
      // Later records (already indexed as they came) win over the journal's.
      deskAuthors.withLock { index in index.merge(found) { later, _ in later } }
      journalIndexed.withLock { $0 = after >= journal.through }
    }
    if author.hasPrefix("desk/") { return deskAuthors.withLock { $0[author] } }
    return nil
  }

  static func record(of entry: JournalEntry) -> OutboxRecord {
    let type: Payload.Event.Kind =
      switch entry.event {
      case .started: .sessionStart
      case .delivered: .throw
      case .corrected: .correction
      case .ended: .sessionEnd
      // A league night's records, as the pair's lanes publish them: its start is the
      // session's, each delivery a throw (on the side its record names), each correction
      // and undo a correction.
      case .night(.started): .sessionStart
      case .night(.delivered): .throw
      case .night(.corrected), .night(.undone): .correction
      }
    let json = (try? JSONDecoder().decode(JSONValue.self, from: Data(entry.recordJSON))) ?? .null
    return OutboxRecord(seq: entry.sequence, type: type, record: json)
  }

  /// A journal store that hands every entry it reads or makes durable to the open
  /// session's source, and moves the sessions on when the journal opens the next session.
  public struct Store<Base: JournalStore>: JournalStore {
    public var base: Base
    public let sessions: LaneSessions
    /// The journal's path, whose archive folder holds closed sessions; `nil` without a
    /// journal file (a closed session's records then stay in memory).
    public let journal: String?

    public init(_ base: Base, feeding sessions: LaneSessions, journal: String?) {
      self.base = base
      self.sessions = sessions
      self.journal = journal
    }

    public mutating func readNew() throws(JournalError) -> JournalUpdate {
      let update = try base.readNew()
      // A refusal is kept in `source.fault` and reported by the lane link; scoring goes on.
      try? sessions.open.add(update.entries)
      return update
    }

    public mutating func append(_ entry: JournalEntry) throws(JournalError) -> JournalAppend {
      let outcome = try base.append(entry)
      switch outcome {
      case .appended(let written): try? sessions.open.add([written])
      case .behind(let update): try? sessions.open.add(update.entries)
      }
      return outcome
    }

    /// Opens the next session; the closed one is read from its archive from now on (it
    /// holds the very records the journal did), or kept in memory when it cannot be.
    public mutating func openNextSession(_ start: JournalEntry) throws(JournalError) -> JournalEntry {
      let closing = sessions.open
      let opened = try base.openNextSession(start)
      let archived = journal.flatMap { path in
        try? JournalOutboxSource(
          journal: SessionRotation.archivePath(forJournal: path, session: closing.session),
          through: closing.lastSequence, entries: [])
      }
      if let next = try? JournalOutboxSource(entries: [opened]) {
        sessions.rotate(closed: archived ?? closing, next: next)
      }
      return opened
    }
  }
}
