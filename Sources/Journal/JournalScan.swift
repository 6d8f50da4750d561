/// What reading a journal's bytes found: the good records, and a torn tail if the last
/// write never finished.
///
/// Pure: the file is read and repaired by ``JournalFile``; this decides what the bytes mean.
struct JournalScan: Hashable, Sendable {
  /// Bytes at the end that are not a whole good record, with no good record after them.
  struct TornTail: Hashable, Sendable {
    /// Where the tail starts: the end of the last good record.
    var offset: Int
    /// How many bytes it holds.
    var length: Int
    /// Why its first line is not a good record.
    var reason: String
  }

  /// The good records, in order.
  var entries: [JournalEntry] = []
  /// Where the good records end.
  var end: Int
  var tornTail: TornTail?

  /// Reads `bytes`, which start `base` bytes into the journal, whose last good record is
  /// numbered `previousSequence`.
  ///
  /// A bad line followed only by bad lines or an unfinished one is a torn tail: a write that
  /// a crash or power cut cut short. A bad line with a good record after it cannot be torn
  /// that way, and is refused.
  ///
  /// - Throws: ``JournalError/corrupt(path:record:offset:reason:)`` for damage before the end;
  ///   ``JournalError/inconsistent(sequence:reason:)`` when the numbering skips or repeats.
  init(
    _ bytes: [UInt8], base: Int = 0, path: String, previousSequence: Int = 0
  ) throws(JournalError) {
    end = base
    var sequence = previousSequence
    var start = bytes.startIndex
    var firstBad: (offset: Int, record: Int, reason: String)?
    while start < bytes.endIndex {
      guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        if firstBad == nil {
          firstBad = (base + start, sequence + 1, "the last record was never finished (no end of line)")
        }
        break
      }
      let line = bytes[start..<newline]
      do {
        let entry = try JournalRecord.entry(from: line)
        if let bad = firstBad {
          throw JournalError.corrupt(
            path: path, record: bad.record, offset: bad.offset, reason: bad.reason)
        }
        guard entry.sequence == sequence + 1 else {
          throw JournalError.inconsistent(
            sequence: entry.sequence,
            reason: "it follows record \(sequence); a record is missing or repeated")
        }
        sequence = entry.sequence
        entries.append(entry)
        end = base + newline + 1
      } catch let problem as JournalRecord.Problem {
        if firstBad == nil { firstBad = (base + start, sequence + 1, problem.description) }
      } catch let error as JournalError {
        throw error
      } catch {
        preconditionFailure("only journal errors are thrown here")
      }
      start = newline + 1
    }
    if let bad = firstBad {
      tornTail = TornTail(
        offset: bad.offset, length: base + bytes.count - bad.offset, reason: bad.reason)
    }
  }
}
