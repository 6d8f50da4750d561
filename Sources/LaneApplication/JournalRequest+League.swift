import Journal
import LaneBridge

extension JournalRequest {
  /// `lane correct --league`: a league command and its reason for the night the lane of
  /// `journal` scores, made by that lane, asked over its control socket.
  ///
  /// The command's words are read by the lane, against its night; here only what the
  /// control socket checks before any lane sees it (length, control characters, a reason).
  /// - Returns: What the lane did, in words.
  /// - Throws: ``LaneFailure``: the command or reason cannot be sent (exit 64), no lane is
  ///   running on the journal (``correctStoppedPair(_:why:by:journal:)``), or what
  ///   ``send(_:journal:report:locally:)`` throws (a refusal by the lane is exit 65).
  public static func correctLeague(
    _ command: String, why: String, by author: String, journal: String, report: (String) -> Void
  ) throws -> String {
    let request = ControlRequest(id: id(), by: author, action: .league(command: command, why: why))
    if case .failure(let refusal) = ControlRequest.parse(Array(request.line.utf8.dropLast())) {
      throw LaneFailure(.usage, refusal.description)
    }
    return try send(request, journal: journal, report: report) { file in
      try correctStoppedPair(command, why: why, by: author, journal: file)
    }
  }

  /// A league command for a pair whose lane is not running, with its journal open and
  /// locked: refused, for a league night's corrections are made by the lane scoring it.
  ///
  /// - Throws: ``LaneFailure`` with ``ExitStatus/unavailable``, saying the pair must be
  ///   running.
  static func correctStoppedPair(
    _ command: String, why: String, by author: String, journal file: JournalFile
  ) throws -> String {
    throw LaneFailure(
      .unavailable,
      "no lane is running on '\(file.path)': a league night's corrections are made by the running"
        + " pair; start the pair and send the correction again")
  }
}
