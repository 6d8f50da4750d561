import CentreRecords
import CentreStore
import LaneConfiguration

/// A league's next night file from the store's roster (``LeagueRoster``), as `lane records
/// roster --out` writes it and `/records/roster?league=NAME` serves it.
public enum RosterNightFile {
  /// The night file's text: the next night of `league` from its `roster`, its heading naming
  /// the night it came from and the store at `store`.
  public static func text(of roster: LeagueRoster, league: String, store: String) -> String {
    LeagueNightFile.text(
      of: roster.next,
      heading: [
        "The next night of \(league): the night of \(roster.latest.session) on \(roster.latest.pair),",
        "each average the bowler's league average in \(store) (lane records roster).",
      ])
  }
}
