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
/// 5. **Session ids never repeat on a lane, and sort as the sessions started.** The desk
///    deduplicates by (lane, session, seq) and follows a lane's sessions in the order of
///    their ids, compared as text. A session's id is data, in its start record
///    (``JournalEntry/session``): the start's time to the millisecond
///    (`2026-11-23T16:40:00.123Z`), moved on by as little as it takes to follow every id it
///    must follow (``id(after:at:)``: the session it replaces, a night it comes after). The
///    clock is never waited for and the start's time stays true. A start written before ids
///    were data has none: its id is its time to the second (`2026-11-23T16:40:00Z`), as
///    then, so old journals, archives and the desk's store read on unchanged. The archive's
///    name is the id too.
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

  /// The archive of the session whose id is `session` for the journal at `journal`.
  public static func archivePath(forJournal journal: String, session: String) -> String {
    archiveFolder(forJournal: journal) + "/" + session + archiveExtension
  }

  /// How an archive's name ends, after the session id.
  public static let archiveExtension = ".journal"

  /// The id of the session (or night) `start` begins (rule 5): the one it carries, or, for
  /// a start written before ids were data, its time to the second in UTC. The same after
  /// every restart from the journal; the centre link names sessions by it.
  public static func id(of start: JournalEntry) -> String {
    start.session ?? TimeText.seconds(start.time)
  }

  /// The id of a session starting at `time`, with nothing to follow: the time to the
  /// millisecond, in UTC (`2026-11-23T16:40:00.123Z`).
  public static func id(startingAt time: Date) -> String {
    TimeText.milliseconds(Int((time.timeIntervalSince1970 * 1000).rounded(.down)))
  }

  /// The id of a session starting at `now` that follows every id in `earlier` (rule 5): the
  /// start's millisecond, or the first millisecond whose id sorts after the latest of
  /// `earlier` (an id to the second is followed from the next second on).
  public static func id(after earlier: some Sequence<String>, at now: Date) -> String {
    let made = id(startingAt: now)
    guard let latest = earlier.max(), latest >= made else { return made }
    guard let milliseconds = TimeText.milliseconds(of: latest) else {
      // Not an id this journal makes (never written by LaneBridge): the clock's own.
      return made
    }
    let isToTheSecond = latest.utf8.count == 20
    return TimeText.milliseconds(isToTheSecond ? milliseconds + 1000 : milliseconds + 1)
  }

  /// Whether `text` is a session's id as ``id(startingAt:)`` or an old journal makes it.
  public static func isID(_ text: String) -> Bool { TimeText.milliseconds(of: text) != nil }
}

extension SessionRotation {
  /// The id of the session `start` opens in place of the session `closing` (rule 5): after
  /// `closing`, and no earlier than the id `start` carries (one its maker chose to follow
  /// more, such as a night's).
  static func nextID(for start: JournalEntry, closing: String) -> String {
    max(start.session ?? "", id(after: [closing], at: start.time))
  }
}
