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

  /// One line of a journal as read, good or not.
  enum Line: Hashable, Sendable {
    case good(JournalEntry, offset: Int, length: Int)
    /// A line that is not a good record; `record` is its place counting from the first
    /// record (1), and `isContent` says its checksum matched (so it was written whole).
    case bad(record: Int, offset: Int, length: Int, reason: String, isContent: Bool)
  }

  /// The good records, in order.
  var entries: [JournalEntry] = []
  /// Where the good records end.
  var end: Int
  var tornTail: TornTail?

  /// Reads `bytes`, which start `base` bytes into the journal, whose last good record is
  /// numbered `previousSequence`, and which may skip only the numbers in `missing`.
  ///
  /// A bad line followed only by bad lines or an unfinished one is a torn tail: a write that
  /// a crash or power cut cut short. A bad line with a good record after it cannot be torn
  /// that way, nor can a line whose checksum matches: both are refused.
  ///
  /// - Parameter holdsNight: Whether the header says the journal holds a league night
  ///   (format 3): its records must all be a night's, the first its start; a lane's journal
  ///   may hold none (``kindProblem(of:isFirst:holdsNight:)``).
  /// - Throws: ``JournalError/corrupt(path:record:offset:reason:)`` for damage before the end
  ///   or impossible content; ``JournalError/inconsistent(sequence:reason:)`` when the
  ///   numbering skips or repeats, or a record is not of the header's kind.
  init(
    _ bytes: [UInt8], base: Int = 0, path: String, previousSequence: Int = 0,
    recordsBefore: Int = 0, missing: Set<Int> = [], holdsNight: Bool = false
  ) throws(JournalError) {
    end = base
    var sequence = previousSequence
    var firstBad: (offset: Int, record: Int, reason: String)?
    for line in Self.lines(bytes, base: base, recordsBefore: recordsBefore) {
      switch line {
      case .good(let entry, let offset, let length):
        if let bad = firstBad {
          throw JournalError.corrupt(path: path, record: bad.record, offset: bad.offset, reason: bad.reason)
        }
        var expected = sequence + 1
        while missing.contains(expected) { expected += 1 }
        guard entry.sequence == expected else {
          throw JournalError.inconsistent(
            sequence: entry.sequence,
            reason: "it follows record \(sequence); a record is missing or repeated")
        }
        if let problem = Self.kindProblem(
          of: entry, isFirst: recordsBefore == 0 && entries.isEmpty, holdsNight: holdsNight)
        {
          throw JournalError.inconsistent(sequence: entry.sequence, reason: problem)
        }
        sequence = entry.sequence
        entries.append(entry)
        end = offset + length
      case .bad(let record, let offset, _, let reason, let isContent):
        if isContent {
          throw JournalError.corrupt(path: path, record: record, offset: offset, reason: reason)
        }
        if firstBad == nil { firstBad = (offset, record, reason) }
      }
    }
    if let bad = firstBad {
      let tail = bytes[(bad.offset - base)...]
      if let reason = Self.notTorn(tail) {
        throw JournalError.corrupt(path: path, record: bad.record, offset: bad.offset, reason: reason)
      }
      tornTail = TornTail(offset: bad.offset, length: base + bytes.count - bad.offset, reason: bad.reason)
    }
  }

  /// Why `entry` cannot be in a journal whose header says it holds a night (or a lane's
  /// sessions), or `nil` when it can.
  ///
  /// A lane's journal (format 2, or 1) holds no night record: a reader of format 2 would
  /// score a night's deliveries without their lanes. A night's (format 3) starts with the
  /// night and holds nothing else but the night's records. Either way the file is not as
  /// LaneBridge writes it, so it is refused rather than guessed at.
  static func kindProblem(of entry: JournalEntry, isFirst: Bool, holdsNight: Bool) -> String? {
    let isNight = if case .night = entry.event { true } else { false }
    if !holdsNight {
      return isNight
        ? "a league night's record in a lane's journal (format 2 or 1); a night's journal is"
          + " format 3, so this file is not as LaneBridge writes it" : nil
    }
    if isFirst, case .night(.started) = entry.event { return nil }
    if isFirst {
      return "a league night's journal (format 3) starts with the night, and this one does not;"
        + " the file is not as LaneBridge writes it"
    }
    return isNight
      ? nil : "a lane's record in a league night's journal (format 3); a night's deliveries name their lane"
  }

  /// Why bad bytes at the end cannot be one torn record, or `nil` when they can.
  ///
  /// A write cut short leaves part of one record, perhaps followed by zeros; cut just before
  /// its line end, the whole record. A good record after the line's own start (two records
  /// run together when a line end was changed) or more text after the first line is damage,
  /// which cutting would lose.
  static func notTorn(_ tail: ArraySlice<UInt8>) -> String? {
    let firstLineEnd = tail.firstIndex(of: UInt8(ascii: "\n")) ?? tail.endIndex
    if tail[firstLineEnd...].contains(where: { $0 != 0 && $0 != UInt8(ascii: "\n") }) {
      return "bad records run on after it, which no torn write leaves"
    }
    let line = tail[..<firstLineEnd]
    // Past the line's own `{`, after its checksum and a space: a record there is another one.
    var index = min(line.startIndex + 10, line.endIndex)
    while let brace = line[index...].firstIndex(of: UInt8(ascii: "{")) {
      if brace - line.startIndex >= 9, (try? JournalRecord.entry(from: line[(brace - 9)...])) != nil {
        return "it holds a good record run together with it (a changed line end?)"
      }
      index = brace + 1
    }
    return nil
  }

  /// Every line of `bytes` (which start `base` bytes into the journal, after
  /// `recordsBefore` records), read as a record or not; an unfinished last line is bad.
  static func lines(_ bytes: [UInt8], base: Int, recordsBefore: Int) -> [Line] {
    var lines: [Line] = []
    var start = bytes.startIndex
    var record = recordsBefore
    while start < bytes.endIndex {
      record += 1
      guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        lines.append(.bad(
          record: record, offset: base + start, length: bytes.endIndex - start,
          reason: "the last record was never finished (no end of line)", isContent: false))
        break
      }
      do {
        let entry = try JournalRecord.entry(from: bytes[start..<newline])
        lines.append(.good(entry, offset: base + start, length: newline + 1 - start))
      } catch {
        lines.append(.bad(
          record: record, offset: base + start, length: newline + 1 - start,
          reason: error.description, isContent: error.isContent))
      }
      start = newline + 1
    }
    return lines
  }
}
