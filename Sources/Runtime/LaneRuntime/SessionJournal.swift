import CentreLink
import Foundation
import Journal
import LaneBridge
import Logging

/// The session a lane carries on, as `lane run` and `lane simulate` open it: the journal's
/// (created when missing), or a new one in memory without a journal.
public enum SessionJournal {
  /// Opens the session, telling `logger` about a torn record set aside or a checkpoint
  /// problem.
  ///
  /// A journal is resumed through its checkpoint (``JournalCheckpoint``): only the records
  /// after it are read, and a new one is written when many were.
  /// - Parameters:
  ///   - path: The journal, or `nil` to keep the games in memory only.
  ///   - bowlers: The bowlers asked for; a journal whose session has others is refused.
  ///   - lane: `--lane`, for a new journal's header; a journal whose header names another
  ///     lane (not this machine's host name, which journals made without `--lane` carry) is
  ///     refused (65).
  ///   - publishing: Given where the journal's records are (read, or left in the journal up
  ///     to the checkpoint), the centre link's sessions, whose open session is fed every
  ///     entry the store makes durable, or `nil` without a link.
  /// - Throws: The journal's ``JournalError``, ``JournalSetupError/anotherLane(path:owner:lane:)``
  ///   for another lane's journal, or what `publishing` throws.
  public static func open(
    path: String?, bowlers: [String]?, lane: String?, logger: Logger,
    publishing: (JournalOutboxSource.Origin) throws -> LaneSessions? = { _ in nil }
  ) throws -> JournalledSession<AnyJournalStore> {
    let now = Date()
    let start = JournalEntry(
      time: now, author: "lane", event: .started(bowlers: bowlers ?? []), session: SessionRotation.id(startingAt: now))
    func wrapped(_ store: some JournalStore, _ origin: JournalOutboxSource.Origin) throws -> AnyJournalStore {
      guard let sessions = try publishing(origin) else { return AnyJournalStore(store) }
      return AnyJournalStore(JournalOutboxSource.Store(store, feeding: sessions, journal: path))
    }
    guard let path else {
      // Without a journal nothing is kept per record (ReplayJournal only numbers them).
      let replay = ReplayJournal.starting(with: start)
      return try JournalledSession(
        store: try wrapped(replay.journal, .entries([replay.start])), entries: [replay.start])
    }
    let file = try JournalFile(
      path: path, ifMissing: .create(start), lane: lane ?? JournalHeader.hostName,
      holdingLane: true, usingCheckpoint: true)
    if let recovered = file.recovered { logger.warning("\(recovered)") }
    if let problem = file.checkpointProblem { logger.warning("\(problem)") }
    let resumed = try JournalledSession(store: file, opened: file)
    JournalCheckpoint.renew(file, session: resumed.session, through: resumed.lastSequence) { problem in
      logger.warning("\(problem)")
    }
    if let bowlers, resumed.session.bowlers != bowlers {
      throw JournalError.otherBowlers(path: path, journal: resumed.session.bowlers, asked: bowlers)
    }
    let owner = file.header.lane
    if let lane, owner != lane, owner != JournalHeader.hostName {
      throw JournalSetupError.anotherLane(path: path, owner: owner, lane: lane)
    }
    // The session is rebuilt once; the centre link only wraps the store it writes through,
    // and reads the records the checkpoint covers from the journal when the desk asks.
    let origin: JournalOutboxSource.Origin =
      if let (_, through) = file.checkpointed {
        .journal(path: path, through: through, entries: file.entries)
      } else {
        .entries(file.entries)
      }
    return JournalledSession(
      store: try wrapped(file, origin), session: resumed.session,
      lastSequence: resumed.lastSequence)
  }
}
