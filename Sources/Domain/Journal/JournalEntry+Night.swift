import Foundation
import League

extension JournalEntry {
  /// A record of a league night on a pair, in the night's own journal (format 3): one
  /// journal per pair, each delivery naming its lane (``JournalledNight``).
  public enum NightEvent: Hashable, Sendable {
    /// The night began: the league's settings and both teams' lineups, the journal's first
    /// record and its only start.
    case started(LeagueNight)
    /// A delivery was detected and scored on one lane of the pair.
    case delivered(Delivery, on: PairSide)
    /// The desk or the scorer corrected the night; `reason` says why (required).
    case corrected(LeagueCorrection, reason: String)
    /// The latest correction still standing was taken back; `reason` says why (required).
    case undone(reason: String)
  }

  /// The first record of a new night's journal, to create it with
  /// (`JournalFile(path:ifMissing: .create(start))`, which then writes format 3) before
  /// ``JournalledNight`` carries it on. Its id (``SessionRotation``, rule 5) follows every
  /// id in `sessions`: the sessions the pair's lanes closed for it, so the desk, which
  /// follows a lane's sessions in the order of their ids, takes the night after them.
  ///
  /// - Throws: ``JournalError/nightRefused(_:)`` when the night cannot be played or its
  ///   record could not be read back (a name with a control character); nothing is written.
  public static func nightStart(
    of night: LeagueNight, by author: String = "lane", at time: Date, after sessions: [String] = []
  ) throws(JournalError) -> JournalEntry {
    if let problem = night.problems.first {
      throw .nightRefused(.refused("the night cannot be played: \(problem)"))
    }
    let entry = JournalEntry(
      sequence: 1, time: time, author: author, event: .night(.started(night)),
      session: SessionRotation.id(after: sessions, at: time))
    if let what = JournalRecord.unreadable(entry) {
      throw .nightRefused(.refused("the night cannot be journalled: it would hold \(what)"))
    }
    return entry
  }

  /// Why a lane's session refuses a night's record (a night's journal opened as a lane's).
  static let nightInLane =
    "it is a league night's record, which a lane's session does not take: this is the"
    + " journal of a league night on a pair (format 3), carried on by the pair's runner, not"
    + " by lane run, lane correct or lane session"
}
