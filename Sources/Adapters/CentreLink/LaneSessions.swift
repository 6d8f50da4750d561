import Logging
import Centre
import Foundation
import Journal
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The sessions a lane's centre link publishes, oldest first: closed sessions the desk may
/// still lack, whose records are read from their archives (`FILE.sessions/<id>.journal`)
/// when the link asks, then the open session, which the journal's store feeds as it makes
/// records durable (``JournalOutboxSource/Store``).
///
/// Shared by the lane's loop, which rotates it when the session changes, and the link,
/// which reads it; what the link publishes of which session is ``PublishingPlan``'s at a
/// start and ``SessionOutboxes``' after.
public final class LaneSessions: Sendable {
  private struct State {
    /// Oldest first.
    var closed: [any OutboxSource]
    var open: JournalOutboxSource
    var all: [any OutboxSource] { closed + [open] }
  }

  private let state: Mutex<State>
  /// The journal's path, beside which closed sessions are kept; `nil` for a replay's.
  private let journal: String?
  /// Archives searched for a request, by session: an archive does not change, so each is
  /// read once, and its index of desk requests kept.
  private let searched = Mutex<[String: JournalOutboxSource]>([:])

  /// How many closed sessions the lane no longer holds are searched for a repeated desk
  /// request (``record(by:)``), newest first: a desk repeats a request within minutes, not
  /// sixteen sessions later, and each search reads the archives whole.
  public static let archivesSearched = 16

  /// The sessions `closed` (oldest first, each before `open`), then `open`.
  ///
  /// - Parameter journal: The journal's path, whose archive folder ``record(by:)`` also
  ///   searches.
  public init(open: JournalOutboxSource, closed: [any OutboxSource] = [], journal: String? = nil) {
    state = Mutex(State(closed: closed, open: open))
    self.journal = journal
  }

  /// The open session's source, fed by the journal.
  public var open: JournalOutboxSource { state.withLock { $0.open } }

  /// Every session's source, oldest first.
  private var sessions: [any OutboxSource] { state.withLock { $0.all } }

  /// Every session's id, oldest first; the open session's last.
  public var ids: [String] { sessions.map(\.session) }

  /// The source of `session`, if the lane has it.
  public func source(of session: String) -> (any OutboxSource)? {
    sessions.first { $0.session == session }
  }

  /// The journal closed the open session and opened `next`; `closed` serves the closed
  /// session's records from now on.
  public func rotate(closed: any OutboxSource, next: JournalOutboxSource) {
    state.withLock { state in
      state.closed.append(closed)
      state.open = next
    }
  }

  /// The newest record made by `author` (a desk request's, `desk/<request id>`) in any
  /// session the lane holds, newest session first; then in the archives of the
  /// ``archivesSearched`` newest closed sessions it no longer holds (let go once the desk
  /// had them whole, or before the lane's last start), each read once per process. An
  /// archive that cannot be read is passed over (reported when the lane started, if it was
  /// to be published).
  public func record(by author: String) -> (session: String, seq: Int)? {
    let held = sessions
    for source in held.reversed() {
      if let seq = source.sequence(ofRecordBy: author) { return (source.session, seq) }
    }
    guard let journal, let archived = try? Self.archivedSessions(ofJournal: journal) else { return nil }
    let heldIDs = Set(held.map(\.session))
    for session in archived.filter({ !heldIDs.contains($0) }).sorted(by: >).prefix(Self.archivesSearched) {
      let path = SessionRotation.archivePath(forJournal: journal, session: session)
      guard let source = searched.withLock({ $0[session] }) ?? (try? JournalOutboxSource(archive: path))
      else { continue }
      searched.withLock { $0[session] = source }
      if let seq = source.sequence(ofRecordBy: author) { return (session, seq) }
    }
    return nil
  }

  /// The ids of the closed sessions kept beside the journal at `journal`, in no order: the
  /// archives' names (``SessionRotation``) that are valid session ids.
  ///
  /// The folder is the journal's, and a problem with it is the journal's problem, told
  /// and classed as the journal tells it when it archives a session there.
  ///
  /// - Throws: ``JournalError/notRegular(path:kind:)`` when something other than a folder
  ///   is there (a file, a symbolic link, which is never followed);
  ///   ``JournalError/system(operation:path:errno:)`` when it cannot be looked at or listed
  ///   (no permission, an I/O error).
  public static func archivedSessions(ofJournal journal: String) throws(JournalError) -> [String] {
    let folder = SessionRotation.archiveFolder(forJournal: journal)
    let listing = "list '\(folder)', the closed sessions of"
    var status = stat()
    guard lstat(folder, &status) == 0 else {
      guard errno == ENOENT else { throw .system(operation: listing, path: journal, errno: errno) }
      return []
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .notRegular(path: folder, kind: SessionRotation.notAFolder)
    }
    guard let directory = opendir(folder) else {
      throw .system(operation: listing, path: journal, errno: errno)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        guard errno == 0 else { throw .system(operation: listing, path: journal, errno: errno) }
        break
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.append(name)
    }
    let suffix = SessionRotation.archiveExtension
    return names.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }
      .filter(Payload.isValidSession)
  }

  /// The sessions a lane resumes publishing: the closed sessions `plan` names, each read
  /// from its archive beside `journal`, then `open`.
  ///
  /// - Parameter logger: Told of an archive the plan names that cannot be read; it is left
  ///   out (the lane scores on), and the desk lacks its records.
  public static func resuming(
    _ plan: PublishingPlan, open: JournalOutboxSource, journal: String?,
    logger: Logger
  ) -> LaneSessions {
    var closed: [any OutboxSource] = []
    for item in plan.items.dropLast() {
      guard let journal else { break }
      let archive = SessionRotation.archivePath(forJournal: journal, session: item.session)
      do {
        closed.append(try JournalOutboxSource(archive: archive))
      } catch {
        logger.notice("the closed session \(item.session) cannot be published from '\(archive)': \(error)")
      }
    }
    return LaneSessions(open: open, closed: closed, journal: journal)
  }
}
