import Bowling

/// Why a league night refused a delivery or a correction; the night is unchanged.
public enum LeagueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Every turn on the lane has been bowled: the night is over there.
  case nobodyUp(PairSide)
  /// The ball cannot have happened in the frame it belongs to.
  case impossible(ScoringError, bowler: String)
  /// No delivery of the night has this number.
  case noSuchDelivery(Int)
  /// No lineup place is there.
  case noSuchSlot(SlotID)
  /// The correction cannot be made now, and why.
  case refused(String)
  /// No correction is left to take back.
  case nothingToUndo

  public var description: String {
    switch self {
    case .nobodyUp(let lane): "nobody is up on the \(lane) lane: every frame of the night there is bowled"
    case .impossible(let error, let bowler): bowler.isEmpty ? "\(error)" : "\(bowler): \(error)"
    case .noSuchDelivery(let number): "the night has no delivery \(number)"
    case .noSuchSlot(let slot): "the night has no \(slot)"
    case .refused(let reason): reason
    case .nothingToUndo: "there is no correction to undo"
    }
  }
}
