/// Why the journal a lane or a pair would play into is not theirs: another lane's, or a
/// journal of another night. Refused with what to give instead; the journal is left as it
/// is. `lane` gives each its exit status (docs/errors.md).
public enum JournalSetupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The journal's header names lane `owner`, not `--lane` `lane`.
  case anotherLane(path: String, owner: String, lane: String)
  /// The journal holds the night of league `league`, not the one of the night file `night`.
  case anotherNight(journal: String, league: String, night: String)

  public var description: String {
    switch self {
    case .anotherLane(let path, let owner, let lane):
      "\(path) is the journal of lane \(owner) (its header), not --lane \(lane);"
        + " give --lane \(owner), or another journal for lane \(lane)"
    case .anotherNight(let journal, let league, let night):
      "\(journal) holds another night (league \(league), its first record)"
        + " than \(night); give another --journal, or the night file it was started with"
    }
  }
}
