import Bowling
import Foundation
import Journal
import LaneBridge
import Logging
import Scoreboard

extension JournalRequest {
  /// `lane correct`: corrects the last throw of the lane of `journal`, by the running lane or
  /// in the journal itself.
  ///
  /// - Returns: What changed; for a stopped lane, with the scoreboard it leaves.
  public static func correct(
    _ correction: Correction, by author: String, journal: String, logger: Logger
  ) async throws -> String {
    let request = ControlRequest(id: id(), by: author, correction: correction)
    return try await send(request, journal: journal, logger: logger) { file in
      var session = try JournalledSession(store: file, opened: file)
      let (entry, _) = try session.correct(correction, by: author, at: Date())
      JournalCheckpoint.renew(file, session: session.session, through: session.lastSequence) { problem in
        logger.warning("\(problem)")
      }
      var text = "record \(entry.sequence)"
      if case .corrected(_, let change) = entry.event { text += ", \(correction) by \(author): \(change)" }
      return text + "\n" + SessionScoreboard().render(session.session)
    }
  }

  /// `lane session end|start`: ends the session of the lane of `journal` (and starts one for
  /// the bowlers `action` names), by the running lane or in the journal itself; a start is
  /// refused while the session has deliveries.
  ///
  /// - Returns: What was done, in words.
  public static func changeSession(
    _ action: ControlRequest.Action, by author: String, journal: String,
    logger: Logger
  ) async throws -> String {
    let asked = ControlRequest(id: id(), by: author, action: action)
    return try await send(asked, journal: journal, logger: logger) { file in
      var session = try JournalledSession(store: file, opened: file)
      var next: [String] = []
      if case .startSession(let names) = asked.action {
        guard session.session.recorded.isEmpty else {
          throw Refused(
            reason: "the session in progress has deliveries (\(LaneSummary(session.session))): end it first")
        }
        next = names
      }
      let made = try session.endSession(by: author, at: Date(), next: next)
      let names = next.isEmpty ? "one unnamed bowler" : next.joined(separator: ", ")
      return "session ended (record \(made.end.sequence)) by \(author), kept in"
        + " \(SessionRotation.archiveFolder(forJournal: journal)); new session for \(names)"
    }
  }
}
