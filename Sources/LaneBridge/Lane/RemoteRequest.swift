import Bowling

/// A correction asked for from outside the lane's console (the front desk), applied by
/// ``LaneRunner`` between readings through the same journalled path as the console keys and
/// `lane correct`, and answered when it is done or refused.
public struct RemoteCorrection: Sendable {
  /// How it ended.
  public enum Outcome: Hashable, Sendable {
    /// Journalled as record `sequence`; `change` says what it changed.
    case done(sequence: Int, change: String)
    /// The session refused it (nothing was journalled).
    case refused(String)
  }

  public var correction: Correction
  /// Who asked, journalled as the correction's author (e.g. `desk/r-17`).
  public var author: String
  /// Called once with the outcome.
  public var answer: @Sendable (Outcome) -> Void

  public init(
    _ correction: Correction, author: String, answer: @escaping @Sendable (Outcome) -> Void
  ) {
    self.correction = correction
    self.author = author
    self.answer = answer
  }
}
