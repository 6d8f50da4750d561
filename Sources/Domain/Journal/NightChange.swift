import Foundation
import League

/// A correction or an undo of a league night as journalled, with who made it, when and why:
/// what the boards and the sheet list (``JournalledNight/changes``).
public struct NightChange: Hashable, Sendable {
  /// What was done.
  public enum Action: Hashable, Sendable {
    case correction(LeagueCorrection)
    /// Took back the correction journalled as record `of`.
    case undo(of: Int)
  }

  /// The record's sequence number.
  public var sequence: Int
  public var action: Action
  /// Who made it, when, and why.
  public var author: String
  public var time: Date
  public var reason: String

  public init(sequence: Int, action: Action, author: String, time: Date, reason: String) {
    self.sequence = sequence
    self.action = action
    self.author = author
    self.time = time
    self.reason = reason
  }
}
