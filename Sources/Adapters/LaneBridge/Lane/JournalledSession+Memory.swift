import Foundation
import Journal

extension JournalledSession where Store == MemoryJournal {
  /// A new session journalled in memory only, for a replay or a test that need not survive.
  ///
  /// - Parameters:
  ///   - bowlers: The names in bowling order; none for one unnamed bowler.
  ///   - time: When the session starts, for its first record.
  public init(inMemoryFor bowlers: [String] = [], startingAt time: Date) throws(JournalError) {
    let store = MemoryJournal(
      starting: JournalEntry(
        time: time, author: "lane", event: .started(bowlers: bowlers), session: SessionRotation.id(startingAt: time)))
    try self.init(store: store, entries: store.entries)
  }
}
