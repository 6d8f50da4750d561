/// A journal kept in memory: for replays that need not survive, and for tests.
public struct MemoryJournal: JournalStore, Sendable {
  /// Every entry of the open session, in order.
  public private(set) var entries: [JournalEntry] = []
  /// The entries of each closed session, oldest first.
  public private(set) var closed: [[JournalEntry]] = []

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

  public mutating func openNextSession(_ start: JournalEntry) -> JournalEntry {
    var next = start
    if let previous = entries.first {
      next.session = SessionRotation.nextID(for: start, closing: SessionRotation.id(of: previous))
    }
    closed.append(entries)
    entries = []
    _ = append(next)
    return entries[0]
  }
}
