import ArgumentParser
import CentreLink
import Foundation
import Journal
import LaneBridge
import LaneControl
import LaneOptions

/// The lane's session and journal, as `lane run` and `lane simulate` take them.
struct SessionOptions: ParsableArguments {
  @Option(help: """
    The lane's journal: every throw and correction, made durable before it is shown. An \
    existing journal is resumed where it stopped; e.g. /var/lib/lanebridge/lane7/lane.journal. \
    A file that is not a journal, or a damaged one, is refused untouched (exit 65); a second \
    lane run or simulate on the same journal exits 75.
    """)
  var journal: String?

  @Option(help: """
    The bowlers in bowling order, separated by commas ("Ana,Ben,Cho"); by default one \
    unnamed bowler. Leave it out to resume a journal's session as it is.
    """)
  var bowlers: String?

  /// The bowlers' names, or `nil` when none were given.
  var bowlerNames: [String]? {
    bowlers.map(OptionValues.bowlerNames)
  }

  func validate() throws {
    if let bowlers { try validated(try OptionValues.bowlers(bowlers)) }
  }

  /// The session to carry on: the journal's (created when missing), or a new one in memory.
  ///
  /// Tells the operator about a torn record set aside, or what is wrong and exits.
  /// A journal is resumed through its checkpoint (``JournalCheckpoint``): only the records
  /// after it are read, and a new one is written when many were.
  /// - Parameters:
  ///   - lane: `--lane`, for a new journal's header; a journal whose header names another
  ///     lane (not this machine's host name, which journals made without `--lane` carry) is
  ///     refused (exit 65).
  ///   - publishing: Given where the journal's records are (read, or left in the journal up
  ///     to the checkpoint), the centre link's sessions, whose open session is fed every
  ///     entry the store makes durable, or `nil` without a link.
  func openSession(
    lane: String? = nil,
    publishing: (JournalOutboxSource.Origin) throws -> LaneSessions? = { _ in nil }
  ) throws -> JournalledSession<AnyJournalStore> {
    let start = JournalEntry(
      time: Date(), author: "lane", event: .started(bowlers: bowlerNames ?? []))
    func wrapped(_ store: some JournalStore, _ origin: JournalOutboxSource.Origin) throws -> AnyJournalStore {
      guard let sessions = try publishing(origin) else { return AnyJournalStore(store) }
      return AnyJournalStore(JournalOutboxSource.Store(store, feeding: sessions, journal: self.journal))
    }
    guard let journal else {
      // Without a journal nothing is kept per record (ReplayJournal only numbers them).
      let replay = ReplayJournal.starting(with: start)
      return try JournalledSession(
        store: try wrapped(replay.journal, .entries([replay.start])), entries: [replay.start])
    }
    let file: JournalFile
    let resumed: JournalledSession<JournalFile>
    do throws(JournalError) {
      file = try JournalFile(
        path: journal, ifMissing: .create(start), lane: lane ?? JournalHeader.hostName,
        holdingLane: true, usingCheckpoint: true)
      if let recovered = file.recovered { Report.line("warning: \(recovered)") }
      if let problem = file.checkpointProblem { Report.line("warning: \(problem)") }
      resumed = try JournalledSession(store: file, opened: file)
      JournalCheckpoint.renew(file, session: resumed.session, through: resumed.lastSequence) { problem in
        Report.line("warning: \(problem)")
      }
      if let asked = bowlerNames, resumed.session.bowlers != asked {
        throw JournalError.otherBowlers(path: journal, journal: resumed.session.bowlers, asked: asked)
      }
    } catch {
      throw LaneFailure(error.exitStatus, "\(error)")
    }
    let owner = file.header.lane
    if let lane, owner != lane, owner != JournalHeader.hostName {
      throw LaneFailure(
        .dataError,
        "\(journal) is the journal of lane \(owner) (its header), not --lane \(lane);"
          + " give --lane \(owner), or another journal for lane \(lane)")
    }
    // The session is rebuilt once; the centre link only wraps the store it writes through,
    // and reads the records the checkpoint covers from the journal when the desk asks.
    let origin: JournalOutboxSource.Origin =
      if let (_, through) = file.checkpointed {
        .journal(path: journal, through: through, entries: file.entries)
      } else {
        .entries(file.entries)
      }
    return JournalledSession(
      store: try wrapped(file, origin), session: resumed.session,
      lastSequence: resumed.lastSequence)
  }

  /// The control socket beside the journal on which the running lane takes `lane correct`'s
  /// corrections, posted to `inbox`; `nil` without a journal. Exit 73 when it cannot be set up.
  func serveCorrections(into inbox: LaneInbox) throws -> ControlSocket? {
    guard let journal else { return nil }
    do {
      return try ControlSocket(path: ControlSocket.path(forJournal: journal), inbox: inbox)
    } catch {
      throw LaneFailure(.cannotCreate, "\(error)")
    }
  }
}
