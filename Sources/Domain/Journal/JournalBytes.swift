import POSIX
import SystemPackage

/// A journal's bytes read at offsets: the one reader under ``JournalFile`` and
/// ``JournalReader``.
///
/// A range is read whole and lines are read in blocks, a short read continued and `EINTR`
/// retried (the POSIX layer's loops), so a loaded machine or a signal never cuts a read.
struct JournalBytes {
  /// Where the bytes come from: the journal's descriptor, or a test's double.
  var source: any PositionalReading
  /// The journal's path, for errors.
  var path: String

  /// The longest line read, 16 MiB: a longer one is damage, not a record.
  static let longestLine = 1 << 24

  /// Up to `count` bytes from `start`: fewer only when the file ends first.
  ///
  /// - Throws: `system` when a read fails.
  func read(from start: Int, count: Int) throws(JournalError) -> [UInt8] {
    guard count > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    let filled = try bytes.withUnsafeMutableBytes { buffer in
      Result { () throws(JournalError) in try fill(buffer, from: start) }
    }.get()
    bytes.removeLast(bytes.count - filled)
    return bytes
  }

  /// Fills `buffer` from `start` until it is full or the file ends.
  private func fill(
    _ buffer: UnsafeMutableRawBufferPointer, from start: Int
  ) throws(JournalError) -> Int {
    do {
      return try source.read(filling: buffer, fromAbsoluteOffset: Int64(start))
    } catch {
      throw .system(operation: "read", path: path, errno: error.rawValue)
    }
  }

  /// Reads the file from `start` in 64 KiB blocks and calls `body` with each run of whole
  /// lines read (up to the last line feed so far, a line never split) and the offset of its
  /// first byte, until the end or until `body` returns `false`.
  ///
  /// - Parameter recordsStart: Where the records start, to number a record in an error.
  /// - Returns: The bytes after the last line feed at the end of the file (a record being
  ///   written, or a torn tail) and their offset; nothing when `body` stopped the reading.
  /// - Throws: `system` when a read fails, `corrupt` for a line over ``longestLine``, or
  ///   what `body` throws.
  @discardableResult
  func readLines(
    from start: Int, recordsStart: Int,
    _ body: (_ lines: ArraySlice<UInt8>, _ offset: Int) throws(JournalError) -> Bool
  ) throws(JournalError) -> (bytes: ArraySlice<UInt8>, offset: Int) {
    var offset = start
    var carry: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(JournalError) in try fill(buffer, from: offset) }
      }.get()
      if count == 0 { break }
      let base = offset - carry.count
      // Only the new bytes are searched: a long line costs its length once, not per block.
      let newline = chunk[..<count].lastIndex(of: UInt8(ascii: "\n")).map { carry.count + $0 }
      carry += chunk.prefix(count)
      offset += count
      guard let lastNewline = newline else {
        guard carry.count <= Self.longestLine else {
          throw JournalError.corrupt(
            path: path, record: try recordNumber(at: base, recordsStart: recordsStart),
            offset: base, reason: "a line over 16 MiB")
        }
        continue
      }
      guard try body(carry[...lastNewline], base) else { return ([], offset) }
      carry.removeFirst(lastNewline + 1)
    }
    return (carry[...], offset - carry.count)
  }

  /// The number of the record that starts at `offset`: one more than the lines before it.
  func recordNumber(at offset: Int, recordsStart: Int) throws(JournalError) -> Int {
    guard offset > recordsStart else { return 1 }
    var lines = 0
    try readLines(from: recordsStart, recordsStart: recordsStart) { block, base throws(JournalError) in
      lines += block.prefix(offset - base).count { $0 == UInt8(ascii: "\n") }
      return base + block.count < offset
    }
    return lines + 1
  }
}
