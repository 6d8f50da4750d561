import Foundation

extension JournalEntry {
  /// The entry's JSON as the journal stores it, without the checksum and newline: what the
  /// centre link carries as an event's `record`.
  public var recordJSON: [UInt8] {
    // A record is `<8 hex digits> <json>\n` (JournalRecord).
    Array(JournalRecord.bytes(of: self).dropFirst(9).dropLast())
  }
}

extension JournalEntry {
  /// The entry a record's JSON holds, as the centre link carries it (``recordJSON``), with
  /// the same checks a journal file's record gets.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the JSON is not a
  ///   journal entry.
  public init(recordJSON json: some Collection<UInt8>) throws(JournalError) {
    let line = Array((JournalRecord.checksumText(of: json) + " ").utf8) + Array(json)
    do {
      self = try JournalRecord.entry(from: line[...])
    } catch {
      throw .inconsistent(sequence: 0, reason: "the record is not a journal entry: \(error)")
    }
  }
}
