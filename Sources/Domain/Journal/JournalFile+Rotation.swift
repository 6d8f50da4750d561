import Foundation
import SafeFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Closing a session (``SessionRotation``): the journal archived, the next session's
/// journal put in its place.
extension JournalFile {
  /// Closes the session whose last record is `end` and opens one starting with `start`,
  /// its id after the closed session's (rule 5) and no earlier than the one `start`
  /// carries, if it does. Call with the lock held.
  ///
  /// - Returns: The archive's path.
  func rotate(to start: JournalEntry) throws(JournalError) -> String {
    // A night's journal holds one night, which has no end record: the next night is
    // started in a journal of its own.
    guard !header.holdsNight else { throw .holdsLeagueNight(path: path) }
    guard lastRecordIsEnd() else {
      throw .inconsistent(
        sequence: lastSequence, reason: "a new session is opened only after the session's end")
    }
    // The session's start is the first record (read here: the lock is held, so not by a
    // JournalReader, which takes it).
    let head = try readBytes(from: recordsStart, upTo: 1 << 16)
    guard let newline = head.firstIndex(of: UInt8(ascii: "\n")),
      let first = try? JournalRecord.entry(from: head[..<newline]), case .started = first.event
    else {
      throw .inconsistent(sequence: 1, reason: "the journal's first record is not the session's start")
    }
    let closing = SessionRotation.id(of: first)
    let archive = SessionRotation.archivePath(forJournal: path, session: closing)
    var next = start
    next.sequence = 1
    next.session = SessionRotation.nextID(for: start, closing: closing)
    for step in try SessionRotation.steps(archive: try archiveState(archive), archivePath: archive) {
      switch step {
      case .archive: try link(toArchive: archive)
      case .removeCheckpoint:
        let checkpoint = JournalCheckpoint.path(for: path)
        guard unlink(checkpoint) == 0 || errno == ENOENT else {
          throw .system(operation: "remove the checkpoint of", path: path, errno: errno)
        }
      case .replace: try replace(with: next)
      }
      try afterRotationStep?(step)
    }
    return archive
  }

  /// Whether the last record read is a session's end. Call with the lock held.
  func lastRecordIsEnd() -> Bool {
    if let last = entries.last, last.sequence == lastSequence, case .ended = last.event { return true }
    guard let last = lastRecord(endingAt: offset), last.sequence == lastSequence,
      let bytes = try? readBytes(from: max(recordsStart, offset - (1 << 16))),
      let line = bytes.dropLast().split(separator: UInt8(ascii: "\n")).last,
      let entry = try? JournalRecord.entry(from: line), case .ended = entry.event
    else { return false }
    return true
  }

  /// What is at the archive's name: nothing, this journal, or another file.
  func archiveState(_ archive: String) throws(JournalError) -> SessionRotation.Archive {
    var there = stat()
    guard lstat(archive, &there) == 0 else {
      guard errno == ENOENT else { throw .system(operation: "look for the archive of", path: archive, errno: errno) }
      return .missing
    }
    var journal = stat()
    guard fstat(descriptor.rawValue, &journal) == 0 else { throw .system(operation: "stat", path: path, errno: errno) }
    return there.st_dev == journal.st_dev && there.st_ino == journal.st_ino ? .same : .other
  }

  /// Rule 2: links the journal as `archive`, the folder made when missing, and syncs it.
  func link(toArchive archive: String) throws(JournalError) {
    let folder = SessionRotation.archiveFolder(forJournal: path)
    if mkdir(folder, 0o750) == 0 {
      do { try NewFile.syncFolder(of: folder) } catch { throw JournalError(error) }
    } else if errno != EEXIST {
      throw .system(operation: "create the sessions folder of", path: path, errno: errno)
    }
    var status = stat()
    guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .notRegular(path: folder, kind: SessionRotation.notAFolder)
    }
    guard Glibc.link(path, archive) == 0 else {
      throw .system(operation: "archive the session of", path: path, errno: errno)
    }
    guard try archiveState(archive) == .same else { throw .archiveTaken(path: archive) }
    do { try NewFile.syncFolder(of: archive) } catch { throw JournalError(error) }
  }

  /// Rule 4: writes the journal of the session `start` starts beside the path, locks it for
  /// the lane, renames it over the path and syncs the folder; this file is then that journal.
  func replace(with start: JournalEntry) throws(JournalError) {
    let newHeader = JournalHeader(lane: header.lane, created: start.time)
    let bytes = newHeader.bytes + JournalRecord.bytes(of: start)
    // Written through a NewFile that reads and appends, whose descriptor the journal then
    // keeps (taken from it: closing any descriptor of the file would drop this process's
    // record locks on it), and the lane lock taken on it before it is at the path, so no
    // other lane can take it.
    let next: NewFile
    do {
      next = try NewFile(for: path, mode: 0o640, readableForAppending: true)
    } catch {
      throw .system(operation: "create the next session beside", path: path, errno: error.errno ?? EIO)
    }
    let previous = descriptor
    descriptor = next.descriptor
    do throws(JournalError) {
      try writeAll(bytes)
      if holdsLane { try takeLaneLock() }
      do { try next.commit(replacing: true) } catch { throw JournalError(error) }
    } catch {
      if next.currentPath == path {
        // Renamed into place, only its folder not synced: the journal is the new file.
        descriptor = next.takeDescriptor()
        try? previous.close()
      } else {
        descriptor = previous  // dropping `next` closes and removes it
      }
      throw error
    }
    descriptor = next.takeDescriptor()
    try? previous.close()
    header = newHeader
    recordsStart = newHeader.bytes.count
    offset = bytes.count
    lastSequence = 1
    recordCount = 1
    missing = []
    checkpointed = nil
    entries = [start]
  }
}
