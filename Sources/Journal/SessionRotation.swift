import Foundation

/// How a lane closes its session and opens the next one on the same journal path: the
/// plan as data, so each step can be stopped after and the rest finished on the next start.
///
/// The open session is always in the journal at `FILE`; closed ones are kept, whole and
/// unchanged, as `FILE.sessions/<session id>.journal` for reports and for the centre link
/// to finish publishing. The rules, and why:
///
/// 1. **The end is a record.** Ending appends `end` (who, when, and the next session's
///    bowlers) and syncs it like any record; nothing may follow it. Once it is durable the
///    session has ended, whatever happens next, and every later step is redone by the next
///    start until it is done: a lane whose journal's last record is `end` finishes the
///    rotation before it scores.
/// 2. **Archive by hard link, never by copy.** `FILE` is linked as the archive, so the
///    closed session's bytes are the very ones the lane synced; a crash leaves either no
///    link or a whole one. An archive that is already `FILE` itself (same device and inode)
///    is a link a crash left behind: done. Another file under that name is never replaced
///    (``JournalError/archiveTaken(path:)``).
/// 3. **The checkpoint goes before the journal changes.** A checkpoint describes the old
///    session; it is removed before `FILE` is replaced, so no start ever finds a checkpoint
///    of one session beside the journal of another (it would be ignored on its header
///    anyway; removing it first makes that belt and braces).
/// 4. **The next session replaces `FILE` whole.** Its journal (header and `start`) is
///    written beside `FILE`, synced, locked for the lane, then renamed over `FILE` and the
///    folder synced: `FILE` is always one whole journal, the old or the new.
/// 5. **Session ids never repeat on a lane.** The centre link names a session by its start
///    to the second (``id(startedAt:)``), and the desk deduplicates by (lane, session, seq);
///    a next session therefore starts at least one second after the one it follows, and
///    the archive's name is that id too.
public enum SessionRotation {
  /// One step after the `end` record is durable.
  public enum Step: Hashable, Sendable, CaseIterable {
    /// Rule 2: link `FILE` as the archive and sync the archive folder.
    case archive
    /// Rule 3: remove the checkpoint beside `FILE`.
    case removeCheckpoint
    /// Rule 4: write the next session's journal beside `FILE` and rename it over `FILE`.
    case replace
  }

  /// What is at the archive's name.
  public enum Archive: Hashable, Sendable {
    case missing
    /// `FILE` itself: an earlier attempt linked it.
    case same
    /// Another file: never replaced.
    case other
  }

  /// The steps left for a journal whose last record is `end`, given what is at the
  /// archive's name.
  ///
  /// - Throws: ``JournalError/archiveTaken(path:)`` for another file there.
  public static func steps(archive: Archive, archivePath: String) throws(JournalError) -> [Step] {
    switch archive {
    case .missing: [.archive, .removeCheckpoint, .replace]
    case .same: [.removeCheckpoint, .replace]
    case .other: throw .archiveTaken(path: archivePath)
    }
  }

  /// The folder of closed sessions beside the journal at `journal`.
  public static func archiveFolder(forJournal journal: String) -> String { journal + ".sessions" }

  /// What ``JournalError/notRegular(path:kind:)`` says of something at the archive folder's
  /// path that is not a folder (a symbolic link is never followed).
  public static let notAFolder = "not a folder, where closed sessions are kept"

  /// The archive of the session started at `start` for the journal at `journal`.
  public static func archivePath(forJournal journal: String, startedAt start: Date) -> String {
    archivePath(forJournal: journal, session: id(startedAt: start))
  }

  /// The archive of the session whose id is `session` for the journal at `journal`.
  public static func archivePath(forJournal journal: String, session: String) -> String {
    archiveFolder(forJournal: journal) + "/" + session + archiveExtension
  }

  /// How an archive's name ends, after the session id.
  public static let archiveExtension = ".journal"

  /// A session's id: its start's time, to the second, in UTC (`2026-11-23T16:40:00Z`), the
  /// same after every restart from the journal. The centre link names sessions by it.
  public static func id(startedAt time: Date) -> String {
    TimeText.seconds(time)
  }

  /// When the session after one started at `previous` starts, asked for at `now` (rule 5).
  public static func nextStart(after previous: Date, now: Date) -> Date {
    let earliest = (previous.timeIntervalSince1970.rounded(.down) + 1)
    return now.timeIntervalSince1970 >= earliest ? now : Date(timeIntervalSince1970: earliest)
  }
}
