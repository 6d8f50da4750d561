import Bowling
import Foundation

/// Checkpoints: a verified snapshot of the session beside the journal, so that opening
/// reads only the records after it.
extension JournalFile {
  /// Starts from the checkpoint at `checkpointPath` when it matches the journal; otherwise
  /// notes why not in ``checkpointProblem`` and leaves the reading position at the first
  /// record. Call with the lock held, after the header is read.
  func resume(from checkpointPath: String, header: ArraySlice<UInt8>) {
    func ignore(_ reason: String) {
      checkpointProblem = JournalCheckpoint.Problem(path: checkpointPath, reason: reason)
    }
    let checkpoint: JournalCheckpoint
    do {
      guard let read = try JournalCheckpoint.read(from: checkpointPath) else { return }
      checkpoint = read
    } catch {
      return ignore(error.reason)
    }
    guard CRC32.checksum(header) == checkpoint.headerChecksum else {
      return ignore("it belongs to another journal: the headers differ")
    }
    guard let size = try? fileSize(), checkpoint.end > recordsStart, checkpoint.end <= size else {
      return ignore("the journal is shorter than the records it covers")
    }
    guard let last = lastRecord(endingAt: checkpoint.end), last.sequence == checkpoint.sequence,
      last.checksum == checkpoint.recordChecksum
    else {
      return ignore("the journal no longer holds record \(checkpoint.sequence) where it says")
    }
    let session: LaneSession
    do {
      session = try LaneSession(snapshot: checkpoint.session)
    } catch {
      return ignore("its session does not add up: \(error)")
    }
    offset = checkpoint.end
    lastSequence = checkpoint.sequence
    recordCount = checkpoint.recordCount
    checkpointed = (session, checkpoint.sequence)
  }

  /// The sequence number and checksum of the good record that ends at `end`, if it does.
  /// Call with the lock held.
  func lastRecord(endingAt end: Int) -> (sequence: Int, checksum: UInt32)? {
    let window = min(end - recordsStart, 1 << 16)
    guard window > 1, let bytes = try? readBytes(from: end - window, upTo: window),
      bytes.count == window, bytes.last == UInt8(ascii: "\n")
    else { return nil }
    let body = bytes.dropLast()
    let lineStart: Int
    if let newline = body.lastIndex(of: UInt8(ascii: "\n")) {
      lineStart = newline + 1
    } else {
      guard window == end - recordsStart else { return nil }  // a line longer than the window
      lineStart = 0
    }
    let line = body[lineStart...]
    guard let entry = try? JournalRecord.entry(from: line),
      let checksum = UInt32(String(decoding: line.prefix(8), as: UTF8.self), radix: 16)
    else { return nil }
    return (entry.sequence, checksum)
  }

  /// Writes a checkpoint of `session`, which the journal's records up to `sequence` make, so
  /// that the next opening reads only the records after it.
  ///
  /// Nothing is written when `sequence` is not the last record this file has read (the
  /// session would not match the checkpoint's place), nor for a night's journal, which is
  /// never resumed from one.
  /// - Returns: Whether a checkpoint was written.
  /// - Throws: ``JournalError`` when it cannot be written; the journal is never changed.
  @discardableResult
  public func writeCheckpoint(of session: LaneSession, through sequence: Int) throws(JournalError) -> Bool {
    try lock()
    defer { unlock() }
    guard sequence == lastSequence, recordsStart > 0, !header.holdsNight,
      let last = lastRecord(endingAt: offset),
      last.sequence == sequence
    else { return false }
    let header = try readBytes(from: 0, upTo: recordsStart)
    let checkpoint = JournalCheckpoint(
      headerChecksum: CRC32.checksum(header), sequence: sequence, end: offset,
      recordCount: recordCount, recordChecksum: last.checksum, session: session.snapshot)
    do {
      try checkpoint.write(to: JournalCheckpoint.path(for: path))
    } catch {
      throw JournalError(error)
    }
    return true
  }
}
