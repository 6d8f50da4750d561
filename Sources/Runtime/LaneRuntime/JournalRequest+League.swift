import Foundation
import Journal
import LaneBridge
import Logging
import League

extension JournalRequest {
  /// `lane correct --league`: a league command and its reason for the night the lane of
  /// `journal` scores, made by that lane, asked over its control socket.
  ///
  /// The command's words are read by the lane, against its night; here only what the
  /// control socket checks before any lane sees it (length, control characters, a reason).
  /// - Returns: What the lane did, in words.
  /// - Throws: ``Failure/unsendable(reason:)`` when the command or reason cannot be sent;
  ///   the night's refusal (``correctStoppedPair(_:why:by:journal:)``, no pair running), or
  ///   what ``send(_:journal:logger:locally:)`` throws (a refusal by the lane among them).
  public static func correctLeague(
    _ command: String, why: String, by author: String, journal: String, logger: Logger
  ) async throws -> String {
    let request = ControlRequest(id: id(), by: author, action: .league(command: command, why: why))
    if case .failure(let refusal) = ControlRequest.parse(Array(request.line.utf8.dropLast())) {
      throw Failure.unsendable(reason: refusal.description)
    }
    return try await send(request, journal: journal, logger: logger) { file in
      try correctStoppedPair(command, why: why, by: author, journal: file)
    }
  }

  /// A league command for a pair that is not running, with its night's journal open and
  /// locked: read against the night as journalled and journalled here, as the running pair
  /// would (``PairRunner``'s rule 5); the pair applies it when it starts.
  ///
  /// - Throws: ``JournalError`` for a lane's own journal (exit 65) or one that cannot be
  ///   written; ``Refused`` (exit 65) when the command does not read against the night or
  ///   the night refuses it, with nothing written.
  static func correctStoppedPair(
    _ command: String, why: String, by author: String, journal file: JournalFile
  ) throws -> String {
    var night = try JournalledNight(store: file, opened: file)
    let parsed: LeagueCommand
    do {
      parsed = try LeagueCommand.parse(command, in: night.play, reason: .given(why))
    } catch {
      throw Refused(reason: "\(error)")
    }
    let reason = parsed.reason ?? why
    let entry: JournalEntry
    do throws(JournalError) {
      entry = try night.make(parsed.action, by: author, why: reason, at: Date()).entry
    } catch {
      guard case .nightRefused(let refusal) = error else { throw error }
      throw Refused(reason: "\(refusal)")
    }
    return "record \(entry.sequence), \(parsed.action) by \(author) (journalled; the pair applies it when it starts)"
  }
}
