import Bowling

/// A request from outside the lane's console (the front desk): a correction, or ending or
/// starting a session, applied by ``LaneRunner`` between readings through the same
/// journalled path as the console keys, `lane correct` and `lane session`, and answered
/// when it is done or refused.
public struct RemoteRequest: Sendable {
  /// How it ended.
  public enum Outcome: Hashable, Sendable {
    /// Journalled as record `sequence` (a session's: the next session's start); `change`
    /// says what it did.
    case done(sequence: Int, change: String)
    /// The lane refused it (nothing was journalled).
    case refused(String)
  }

  public var action: ControlRequest.Action
  /// Who asked, journalled as the record's author (e.g. `desk/r-17`).
  public var author: String
  /// Called once with the outcome.
  public var answer: @Sendable (Outcome) -> Void

  public init(
    _ action: ControlRequest.Action, author: String,
    answer: @escaping @Sendable (Outcome) -> Void
  ) {
    self.action = action
    self.author = author
    self.answer = answer
  }
}
