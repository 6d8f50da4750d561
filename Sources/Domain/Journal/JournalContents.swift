/// A journal's bytes read as a lane reads them, without a file: for fuzzing and tools.
///
/// The same rules as ``JournalFile``: the header recognised (or a version 1 journal), then
/// every record, a torn tail noted (not cut: there is no file), damage refused.
public struct JournalContents: Sendable {
  public var format: JournalHeader.Format
  /// The good records, in order.
  public var entries: [JournalEntry]
  /// Where a torn tail starts, if the bytes end in one.
  public var tornTailOffset: Int?

  /// Reads `bytes` as the whole of a journal named `path` (for messages).
  ///
  /// - Throws: ``JournalError``: not a journal, a newer version, damage, or bad numbering.
  public init(bytes: [UInt8], path: String = "<bytes>") throws(JournalError) {
    format = try JournalHeader.format(of: bytes[...], path: path)
    var start = 0
    var missing: Set<Int> = []
    var holdsNight = false
    if case .current(let header, let length) = format {
      start = length
      missing = Set(header.missing)
      holdsNight = header.holdsNight
    }
    let scan = try JournalScan(
      Array(bytes[start...]), base: start, path: path, missing: missing, holdsNight: holdsNight)
    entries = scan.entries
    tornTailOffset = scan.tornTail?.offset
  }
}
