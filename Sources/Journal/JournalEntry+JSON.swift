import Foundation

extension JournalEntry {
  /// The entry's JSON as the journal stores it, without the checksum and newline: what the
  /// centre link carries as an event's `record`.
  public var recordJSON: [UInt8] {
    // A record is `<8 hex digits> <json>\n` (JournalRecord).
    Array(JournalRecord.bytes(of: self).dropFirst(9).dropLast())
  }
}
