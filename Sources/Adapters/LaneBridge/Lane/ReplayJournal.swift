import Journal

/// A journal for a replay that nobody reads back (`lane simulate` without `--journal`): it
/// numbers the entries appended, as any store does, and keeps none of them.
///
/// ``MemoryJournal`` keeps every entry, which a test reads; a replay of millions of events
/// would hold every delivery twice (in the session and in the journal) for nothing. The
/// session it journals for keeps what its games need.
public struct ReplayJournal: JournalStore, Sendable {
  /// How many entries have been appended, the session's start included.
  public private(set) var count = 0

  /// A journal whose first record is `start`, numbered 1.
  ///
  /// - Returns: The journal and `start` numbered, to build the session from.
  public static func starting(with start: JournalEntry) -> (journal: ReplayJournal, start: JournalEntry) {
    var journal = ReplayJournal()
    guard case .appended(let numbered) = journal.append(start) else {
      preconditionFailure("a replay journal never has entries from others")
    }
    return (journal, numbered)
  }

  /// An empty journal.
  public init() {}

  /// Nothing: no other process appends to a replay's journal.
  public mutating func readNew() -> JournalUpdate { JournalUpdate() }

  public mutating func append(_ entry: JournalEntry) -> JournalAppend {
    count += 1
    var numbered = entry
    numbered.sequence = count
    return .appended(numbered)
  }

  /// Numbers from 1 again. The start's time is kept as given: a replay keeps no record of
  /// the session before (rule 5 of `SessionRotation` matters where session ids are published,
  /// and a replay without a journal has no control socket to change sessions by).
  public mutating func openNextSession(_ start: JournalEntry) -> JournalEntry {
    count = 0
    guard case .appended(let numbered) = append(start) else {
      preconditionFailure("a replay journal never has entries from others")
    }
    return numbered
  }
}
