import LaneBridge
import LaneControl

extension ControlSocket {
  /// The control socket beside `journal` (`JOURNAL.sock`), serving `inbox`; `nil` without a
  /// journal (nothing to correct after the run).
  ///
  /// - Throws: ``LaneFailure`` 73 when the socket cannot be created.
  static func serving(_ inbox: LaneInbox, besideJournal journal: String?) throws(LaneFailure) -> ControlSocket? {
    guard let journal else { return nil }
    do {
      return try ControlSocket(path: path(forJournal: journal), inbox: inbox)
    } catch {
      throw LaneFailure(.cannotCreate, "\(error)")
    }
  }
}
