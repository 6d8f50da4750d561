/// Where a lane's journal entries are kept: the file of a real lane, or memory for a replay
/// that need not survive.
///
/// More than one process may append to the same store (`lane run` and `lane correct`), so
/// an append succeeds only when the appender has read every entry before it.
public protocol JournalStore {
  /// Entries others appended since the last read or append, in order.
  ///
  /// - Throws: ``JournalError`` when the store cannot be read or its new records are damaged.
  mutating func readNew() throws(JournalError) -> JournalUpdate

  /// Appends `entry` as the next record and makes it durable, unless others appended first.
  ///
  /// The store numbers the entry. When others appended first, nothing is written and their
  /// entries come back to be applied before trying again.
  /// - Throws: ``JournalError`` when the entry cannot be written or made durable.
  mutating func append(_ entry: JournalEntry) throws(JournalError) -> JournalAppend

  /// Closes the session whose `end` was the last entry appended and opens the next one with
  /// `start`, numbered 1 (``SessionRotation``).
  ///
  /// - Returns: `start` as journalled (its time may be later, rule 5 of ``SessionRotation``).
  /// - Throws: ``JournalError`` when the session cannot be closed or the next one written;
  ///   the `end` stays, and the next start of the lane finishes the change.
  mutating func openNextSession(_ start: JournalEntry) throws(JournalError) -> JournalEntry
}

/// What a store read: entries others appended, and a torn record it set aside.
public struct JournalUpdate: Hashable, Sendable {
  public var entries: [JournalEntry]
  /// A record whose write never finished, moved out of the journal, if there was one.
  public var recovered: JournalRecovery?

  public init(entries: [JournalEntry] = [], recovered: JournalRecovery? = nil) {
    self.entries = entries
    self.recovered = recovered
  }
}

/// The outcome of an append.
public enum JournalAppend: Hashable, Sendable {
  /// The entry, numbered, is durable.
  case appended(JournalEntry)
  /// Others appended first; nothing was written. Apply these and try again.
  case behind(JournalUpdate)
}

/// A torn record found at the end of a journal, and where its bytes were put.
public struct JournalRecovery: Hashable, Sendable, CustomStringConvertible {
  public var path: String
  /// Where the torn bytes started; every record before is kept.
  public var offset: Int
  public var length: Int
  /// Why the bytes are not a whole record.
  public var reason: String
  /// The file the torn bytes were appended to, so nothing is thrown away.
  public var savedTo: String

  /// A warning for the operator: what was found, what was kept and what was lost.
  public var description: String {
    "the journal '\(path)' ended in a torn record at byte \(offset) (\(length)"
      + " \(length == 1 ? "byte" : "bytes")): \(reason). Every record before it is kept;"
      + " the torn bytes were moved to '\(savedTo)'. A delivery or correction being written"
      + " when the lane stopped was lost: check the last frame"
  }
}
