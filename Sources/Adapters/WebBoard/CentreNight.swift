import Centre
import Journal
import League

/// A league night on a pair as `lane display` folds it from the centre's broker: both lanes
/// of the pair publish the whole night, so each record comes twice, once per lane; the
/// first copy moves the night on (``LeaguePlay/apply(_:)``, the fold ``JournalledNight``
/// makes of a night's journal) and the second is a repeat.
///
/// Pure. A repeat must be the very record taken: two lanes publishing different nights
/// under one pair and session would otherwise show whichever came first.
struct CentreNight: Sendable {
  /// What a record did to the night.
  enum Taken: Hashable, Sendable {
    /// It moved the night on.
    case moved
    /// The pair's other lane had brought it already.
    case repeated
  }

  /// The night as folded so far.
  private(set) var play: LeaguePlay
  /// The sequence number of the last record taken.
  private(set) var lastSequence: Int
  /// Each record taken, by its sequence number.
  private var taken: [Int: JournalEntry]

  /// The night that `start` (its first record) begins.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the night cannot be played.
  init(start: JournalEntry) throws(JournalError) {
    play = try LeaguePlay(journal: [start])
    lastSequence = start.sequence
    taken = [start.sequence: start]
  }

  /// Whether `start` is the record that began this night (the other lane's copy of it).
  func isStarted(by start: JournalEntry) -> Bool { taken[start.sequence] == start }

  /// Takes one of the night's records, from either lane of the pair.
  ///
  /// A record after a refused one is taken: a refusal leaves a gap, as a lane's session
  /// does on the display.
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the night refuses it (a
  ///   lane's record, a second start, a correction it cannot make), or when it repeats a
  ///   record number with another record.
  mutating func take(_ entry: JournalEntry) throws(JournalError) -> Taken {
    guard entry.sequence > lastSequence else {
      if let earlier = taken[entry.sequence], earlier != entry {
        throw .inconsistent(
          sequence: entry.sequence,
          reason: "the pair's other lane published another record under this number")
      }
      return .repeated
    }
    try play.apply(entry)
    lastSequence = entry.sequence
    taken[entry.sequence] = entry
    return .moved
  }
}
