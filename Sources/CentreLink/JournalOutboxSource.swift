import Journal
import Centre
import Foundation
import LaneBridge
import Synchronization

/// The ``OutboxSource`` over today's journal (`JournalStore`): it is fed every entry the
/// lane's store holds or makes durable, through ``Store``, and keeps them for resends.
///
/// This is the one adapter between the centre link and the journal; when the journal
/// moves, only this file changes.
public final class JournalOutboxSource: OutboxSource {
  public let session: String
  private let entries = Mutex<[OutboxRecord]>([])
  private let refusal = Mutex<Refusal?>(nil)

  /// Why the source stopped taking the journal's records, if it did: the lane link reports
  /// it as a fault (records after the gap are not published).
  public var fault: Refusal? { refusal.withLock { $0 } }

  /// A source for the session the journal `entries` (the store's records so far) make.
  ///
  /// - Throws: ``Refusal`` when the entries do not start a session or have a gap.
  public init(entries: [JournalEntry]) throws(Refusal) {
    guard let first = entries.first, case .started = first.event else { throw .noSessionStart }
    session = Self.sessionID(startedAt: first.time)
    try add(entries)
  }

  /// Why the journal's records cannot be published.
  public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    case noSessionStart
    /// A record does not follow the last one: the centre link numbers without gaps.
    case gap(expected: Int, got: Int)

    public var description: String {
      switch self {
      case .noSessionStart: "the journal does not start with a session start"
      case .gap(let expected, let got):
        "the journal's record \(got) does not follow record \(expected - 1)"
      }
    }
  }

  /// The centre link's session id: the session start's time, to the second, in UTC
  /// (`2026-11-23T16:40:00Z`), the same after every restart from the journal.
  public static func sessionID(startedAt time: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: time)
  }

  public var lastSequence: Int { entries.withLock { $0.last?.seq ?? 0 } }

  public func records(after seq: Int, limit: Int) -> [OutboxRecord] {
    entries.withLock { records in
      // seqs run 1, 2, 3...: record n is at index n - 1.
      guard seq >= 0, seq < records.count else { return [] }
      return Array(records[seq..<min(records.count, seq + limit)])
    }
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
        let expected = (all.last?.seq ?? 0) + 1
        if record.seq < expected { continue }  // already had it
        guard record.seq == expected else { throw .gap(expected: expected, got: record.seq) }
        all.append(record)
      }
    }
  }

  static func record(of entry: JournalEntry) -> OutboxRecord {
    let type: Payload.Event.Kind =
      switch entry.event {
      case .started: .sessionStart
      case .delivered: .throw
      case .corrected: .correction
      }
    let json = (try? JSONDecoder().decode(JSONValue.self, from: Data(entry.recordJSON))) ?? .null
    return OutboxRecord(seq: entry.sequence, type: type, record: json)
  }

  /// A journal store that hands every entry it reads or makes durable to a source.
  public struct Store<Base: JournalStore>: JournalStore {
    public var base: Base
    public let source: JournalOutboxSource

    public init(_ base: Base, feeding source: JournalOutboxSource) {
      self.base = base
      self.source = source
    }

    public mutating func readNew() throws(JournalError) -> JournalUpdate {
      let update = try base.readNew()
      // A refusal is kept in `source.fault` and reported by the lane link; scoring goes on.
      try? source.add(update.entries)
      return update
    }

    public mutating func append(_ entry: JournalEntry) throws(JournalError) -> JournalAppend {
      let outcome = try base.append(entry)
      switch outcome {
      case .appended(let written): try? source.add([written])
      case .behind(let update): try? source.add(update.entries)
      }
      return outcome
    }
  }
}
