/// A journal store of either kind, so a command picks the file or memory at run time.
public struct AnyJournalStore: JournalStore {
  private var base: any JournalStore

  public init(_ base: some JournalStore) {
    self.base = base
  }

  public mutating func readNew() throws(JournalError) -> JournalUpdate { try base.readNew() }

  public mutating func append(_ entry: JournalEntry) throws(JournalError) -> JournalAppend {
    try base.append(entry)
  }

  public mutating func openNextSession(_ start: JournalEntry) throws(JournalError) -> JournalEntry {
    try base.openNextSession(start)
  }
}
