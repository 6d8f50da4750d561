import Centre
import CentreLink

/// Why a lane's or a pair's link to the centre cannot be made: no lane's name, a journal
/// whose records cannot be published, settings the link refuses. The broker's own errors
/// (`MQTTError`, `LaneLink.StartFailure`) and the acknowledgement file's travel as they
/// are; `lane` gives each its exit status (docs/errors.md).
public enum LinkStartError: Error, Sendable, CustomStringConvertible {
  /// No `--lane`, and no credentials whose user names the lane.
  case noLaneName
  /// One lane of a pair (`side`: `left` or `right`) has no id.
  case noPairLaneID(side: String)
  /// Both lanes of a pair have the same id.
  case samePairLanes(LaneID)
  /// The journal's records cannot be published (`night`: a pair's night's journal).
  case unpublishable(JournalOutboxSource.Refusal, night: Bool)
  /// The link refuses the broker's settings.
  case settingsRefused(any Error)

  public var description: String {
    switch self {
    case .noLaneName:
      "give the lane's name with --lane (or a credentials file whose user is the lane's name;"
        + " with --certfile, the certificate's common name)"
    case .noPairLaneID(let side):
      "the \(side) lane has no id: give its credentials file (its user is the lane's id)"
    case .samePairLanes(let lane):
      "both lanes of the pair are \(lane): give each lane its own credentials file"
    case .unpublishable(let refusal, let night):
      "the \(night ? "night's journal" : "journal") cannot be published: \(refusal)"
    case .settingsRefused(let error):
      "\(error)"
    }
  }
}
