/// Why a lane session refused a delivery or a correction; the session is unchanged.
public enum SessionError: Error, Hashable, Sendable {
  /// The delivery, or the games as the correction would leave them, cannot have happened.
  case impossible(ScoringError, bowler: String)
  /// A correction of the last delivery when none has been bowled (or all were taken back).
  case noDelivery(Correction)
  /// An undo when nothing is left to take back.
  case nothingToUndo
  /// Marking a foul that is already marked, or clearing one that is not.
  case foulAlreadySet(Bool)
  /// A snapshot (from a checkpoint) that no session can have made.
  case impossibleSnapshot
}

extension SessionError: CustomStringConvertible {
  /// A message for the lane operator: what was refused and why.
  public var description: String {
    switch self {
    case .impossible(let error, let bowler):
      "\(bowler.isEmpty ? "" : "\(bowler), ")\(error)"
    case .noDelivery(let correction):
      "cannot apply '\(correction)': no delivery has been bowled that counts"
    case .nothingToUndo:
      "nothing to undo: no delivery or correction is left to take back (an undo reaches"
        + " back through each bowler's last ten games, not into older ones)"
    case .foulAlreadySet(true):
      "the last delivery is already a foul"
    case .foulAlreadySet(false):
      "the last delivery is not a foul"
    case .impossibleSnapshot:
      "the snapshot's games, deliveries and undo steps do not fit together"
    }
  }
}
