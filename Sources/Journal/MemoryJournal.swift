/// A journal kept in memory: for replays that need not survive, and for tests.
public struct MemoryJournal: JournalStore, Sendable {
  /// Every entry appended, in order.
  public private(set) var entries: [JournalEntry] = []

  /// A journal whose first record is `start` (the session starting).
  public init(starting start: JournalEntry) {
    _ = append(start)
  }

  public mutating func readNew() -> JournalUpdate { JournalUpdate() }

  public mutating func append(_ entry: JournalEntry) -> JournalAppend {
    var numbered = entry
    numbered.sequence = entries.count + 1
    entries.append(numbered)
    return .appended(numbered)
  }
}
