import Bowling
import Foundation
import POSIX
import SafeFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a journal without changing it: for `lane journal check`, `lane journal salvage`,
/// and the centre link, which resends every record after the last one the desk confirmed.
///
/// The file is read in chunks under a shared lock, one line at a time, so memory holds a
/// chunk and what the caller keeps, never the whole history.
public struct JournalReader: Sendable {
  /// One record that is not intact: where it is and why.
  public struct Damage: Hashable, Sendable, CustomStringConvertible {
    /// The record's place in the file, counting from 1 after the header.
    public var record: Int
    public var offset: Int
    public var length: Int
    public var reason: String

    public var description: String {
      "record \(record) at byte \(offset) (\(length) \(length == 1 ? "byte" : "bytes")): \(reason)"
    }
  }

  public let path: String
  /// What the file's first bytes say it is.
  public let format: JournalHeader.Format
  private let recordsStart: Int
  /// What reads the open file: the descriptor itself, or a test's double over it.
  private let reading: @Sendable (FileDescriptor) -> any PositionalReading

  /// Opens the journal at `path` for reading and recognises it.
  ///
  /// - Throws: ``JournalError``: `missing`, `notRegular`, `notAJournal`,
  ///   `unsupportedVersion`, or `system` when it cannot be read.
  public init(path: String) throws(JournalError) {
    try self.init(path: path, reading: { $0 })
  }

  /// Opens the journal at `path` for reading through `reading`, which wraps each descriptor
  /// opened (tests read short and interrupted through it).
  init(
    path: String, reading: @escaping @Sendable (FileDescriptor) -> any PositionalReading
  ) throws(JournalError) {
    self.path = path
    self.reading = reading
    let head = try Self.withFile(path, reading) { file throws(JournalError) in
      try file.read(from: 0, count: JournalHeader.maximumLength)
    }
    format = try JournalHeader.format(of: head[...], path: path)
    if case .current(_, let length) = format { recordsStart = length } else { recordsStart = 0 }
  }

  /// The header, or `nil` for a journal of version 1.
  public var header: JournalHeader? {
    if case .current(let header, _) = format { header } else { nil }
  }

  /// Every intact record numbered above `sequence`, in order, decoded one line at a time.
  ///
  /// - Throws: ``JournalError/corrupt(path:record:offset:reason:)`` at the first damaged
  ///   record that is not a torn tail being written, or `system` when it cannot be read.
  public func entries(after sequence: Int) throws(JournalError) -> [JournalEntry] {
    var found: [JournalEntry] = []
    var pending: Damage?
    try forEachLine { line throws(JournalError) in
      switch line {
      case .good(let entry, _, _):
        if let damage = pending {
          throw JournalError.corrupt(path: path, record: damage.record, offset: damage.offset, reason: damage.reason)
        }
        if entry.sequence > sequence { found.append(entry) }
      case .bad(let record, let offset, let length, let reason, _):
        if pending == nil { pending = Damage(record: record, offset: offset, length: length, reason: reason) }
      }
    }
    return found
  }

  /// Some records read from a place in the journal, and where the reading stopped.
  public struct Batch: Hashable, Sendable {
    public var entries: [JournalEntry]
    /// The byte after the last record read: where the next batch can start.
    public var end: Int
  }

  /// Up to `limit` intact records numbered above `sequence`, in order, read from `offset`
  /// (the start of a record; the first record by default).
  ///
  /// A record numbered `sequence` or lower is skipped by the number its line ends with
  /// (`"seq":N}`), unchecked and undecoded, so reading from the end of the last batch
  /// costs only the records returned. A line being written at the end is left for later.
  /// - Throws: ``JournalError/corrupt(path:record:offset:reason:)`` at a damaged record
  ///   above `sequence`, or `system` when it cannot be read.
  public func entries(after sequence: Int, limit: Int, from offset: Int? = nil) throws(JournalError) -> Batch {
    let start = max(offset ?? recordsStart, recordsStart)
    return try Self.withFile(path, reading) { file throws(JournalError) in
      var batch = Batch(entries: [], end: start)
      guard limit > 0 else { return batch }
      try file.readLines(from: start, recordsStart: recordsStart) { lines, base throws(JournalError) in
        var lineStart = lines.startIndex
        while batch.entries.count < limit,
          let newline = lines[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
        {
          let line = lines[lineStart..<newline]
          let lineOffset = base + lineStart
          lineStart = newline + 1
          batch.end = base + lineStart
          if let number = Self.sequence(endingLine: line), number <= sequence { continue }
          do throws(JournalRecord.Problem) {
            let entry = try JournalRecord.entry(from: line)
            if entry.sequence > sequence { batch.entries.append(entry) }
          } catch {
            throw JournalError.corrupt(
              path: path, record: try file.recordNumber(at: lineOffset, recordsStart: recordsStart),
              offset: lineOffset,
              reason: error.description)
          }
        }
        return batch.entries.count < limit
      }
      return batch
    }
  }

  /// The number a record's line ends with (`...,"seq":42}`), read without checking the line.
  static func sequence(endingLine line: ArraySlice<UInt8>) -> Int? {
    guard line.last == UInt8(ascii: "}") else { return nil }
    var value = 0
    var scale = 1
    var index = line.index(before: line.endIndex)
    while index > line.startIndex {
      index = line.index(before: index)
      let byte = line[index]
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
        let key = Array(#""seq":"#.utf8)
        guard scale > 1, index - line.startIndex + 1 >= key.count,
          line[(index - key.count + 1)...index].elementsEqual(key)
        else { return nil }
        return value
      }
      guard scale <= 1_000_000_000_000 else { return nil }
      value += Int(byte - UInt8(ascii: "0")) * scale
      scale *= 10
    }
    return nil
  }

  /// What a salvage wrote.
  public struct Salvage: Hashable, Sendable {
    public var path: String
    public var kept: Int
    /// Sequence numbers lost: recorded in the new journal's header as its only gaps.
    public var missing: [Int]
    public var damaged: [Damage]
  }

  /// Copies every intact record, in order, into a new journal at `newPath`; never changes
  /// this one and never replaces an existing file.
  ///
  /// A record whose number does not follow the last one kept is left out; the numbers
  /// between are listed in the new header as missing.
  /// - Throws: ``JournalError``: `system` (`EEXIST` when `newPath` exists) or a read error.
  public func salvage(to newPath: String, clock: () -> Date = Date.init) throws(JournalError) -> Salvage {
    var records: [UInt8] = []
    var last = 0
    var missing: [Int] = []
    var kept = 0
    var damaged: [Damage] = []
    var first: JournalEntry?
    try forEachLine { line throws(JournalError) in
      switch line {
      case .good(let entry, _, _):
        guard entry.sequence > last else { return }
        if first == nil { first = entry }
        missing += (last + 1)..<entry.sequence
        last = entry.sequence
        records += JournalRecord.bytes(of: entry)
        kept += 1
      case .bad(let record, let offset, let length, let reason, _):
        damaged.append(Damage(record: record, offset: offset, length: length, reason: reason))
      }
    }
    let header = JournalHeader(
      lane: self.header?.lane ?? JournalHeader.hostName,
      created: self.header?.created ?? first?.time ?? clock(),
      missing: Array(Set(missing + (self.header?.missing ?? [])).filter { $0 < last }).sorted(),
      version: self.header?.version ?? JournalHeader.version)
    do {
      let file = try NewFile(for: newPath, mode: 0o640)
      try file.write(header.bytes + records)
      try file.commit(replacing: false)
    } catch {
      throw JournalError(error)
    }
    return Salvage(path: newPath, kept: kept, missing: header.missing, damaged: damaged)
  }

  // MARK: Reading

  /// Calls `body` with every line after the header, read in chunks.
  func forEachLine(
    _ body: (JournalScan.Line) throws(JournalError) -> Void
  ) throws(JournalError) {
    try Self.withFile(path, reading) { file throws(JournalError) in
      var record = 0
      let rest = try file.readLines(from: recordsStart, recordsStart: recordsStart) {
        lines, base throws(JournalError) in
        for line in JournalScan.lines(Array(lines), base: base, recordsBefore: record) {
          record += 1
          try body(line)
        }
        return true
      }
      for line in JournalScan.lines(Array(rest.bytes), base: rest.offset, recordsBefore: record) {
        try body(line)
      }
    }
  }

  /// The longest line read, 16 MiB: a longer one is damage, not a record.
  static var longestLine: Int { JournalBytes.longestLine }

  func size() throws(JournalError) -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { throw .system(operation: "stat", path: path, errno: errno) }
    return Int(status.st_size)
  }

  func bytes(from offset: Int) throws(JournalError) -> [UInt8] {
    try Self.withFile(path, reading) { file throws(JournalError) in
      try file.read(from: offset, count: max(0, try size() - offset))
    }
  }

  /// Opens the regular file at `path` read-only, holds a shared lock while `body` reads.
  private static func withFile<Result>(
    _ path: String, _ reading: (FileDescriptor) -> any PositionalReading,
    _ body: (JournalBytes) throws(JournalError) -> Result
  ) throws(JournalError) -> Result {
    let descriptor: FileDescriptor
    do {
      descriptor = try ExistingFile.open(path, flags: O_RDONLY)
    } catch let problem where problem.errno == ENOENT {
      throw .missing(path: path)
    } catch {
      throw JournalError(error)
    }
    defer { try? descriptor.close() }
    do {
      _ = try retryOnInterrupt { flock(descriptor.rawValue, LOCK_SH) }
    } catch {
      throw .system(operation: "lock", path: path, errno: error.rawValue)
    }
    return try body(JournalBytes(source: reading(descriptor), path: path))
  }
}

