import Foundation
import Journal
import League

/// A correction or undo as the scoresheet lists it: who made it, when, why and what it did.
public struct StoredCorrection: Hashable, Sendable {
  /// The lane, or a league night's pair (`7+8`).
  public var lane: String
  public var session: String
  /// Its record's number in the session's journal.
  public var seq: Int
  public var time: Date
  /// Who made it: `lane` (the console), `desk/ID`, `display`…
  public var author: String
  /// What it did, in the words the lane journals.
  public var what: String
  /// Why, as given; a lane's own corrections have none.
  public var why: String?

  /// The correction `entry` records, or `nil` when it records none.
  init?(_ entry: JournalEntry, lane: String, session: String) {
    switch entry.event {
    case .corrected(let correction, let change):
      what = change.isEmpty ? "\(correction)" : "\(correction): \(change)"
      why = nil
    case .night(.corrected(let correction, let reason)):
      what = "\(correction)"
      why = reason
    case .night(.undone(let reason)):
      what = "undo of the latest correction standing"
      why = reason
    default:
      return nil
    }
    self.lane = lane
    self.session = session
    seq = entry.sequence
    time = entry.time
    author = entry.author
  }
}
