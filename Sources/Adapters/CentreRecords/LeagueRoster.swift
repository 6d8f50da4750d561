import League

/// The next night of a league, from the store: its latest night's teams and settings, each
/// bowler's average their league average now (USBC Rule 108), for `lane records roster`.
///
/// Pure. A bowler with no complete game bowled in the league keeps the night file's
/// average; absent and late marks are cleared, since they were that night's.
public struct LeagueRoster: Sendable {
  /// The night the roster was made from.
  public var latest: StoredGames.StoredNight
  /// The next night's file contents.
  public var next: LeagueNight
  /// Each bowler of the next night's lineups whose average changed: from, to, and over
  /// how many league games.
  public var changes: [(name: String, from: Int, to: Int, games: Int)]

  /// The roster of the league named `league` from its latest night and its bowlers' league
  /// averages (``RecordStore/averages(league:)``).
  ///
  /// - Parameter latest: The league's latest night, folded with its night file.
  /// - Throws: ``NoLeagueNight`` when `latest` has no night file.
  public init(league: String, latest: StoredGames.StoredNight, averages: [BowlerAverage]) throws(NoLeagueNight) {
    guard var next = latest.night else { throw NoLeagueNight(league: league, known: [league]) }
    let byID = Dictionary(averages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var changes: [(name: String, from: Int, to: Int, games: Int)] = []
    for team in next.teams.indices {
      next.teams[team].lineup = next.teams[team].lineup.map { slot in
        guard var bowler = slot.bowler else { return slot }
        bowler.isAbsent = false
        bowler.isLate = false
        if let average = byID["league/\(league)/\(bowler.name)"], average.games > 0 {
          if average.average != bowler.average {
            changes.append((bowler.name, bowler.average, average.average, average.games))
          }
          bowler.average = average.average
        }
        return .bowler(bowler)
      }
    }
    self.latest = latest
    self.next = next
    self.changes = changes
  }
}

/// Why a league's records cannot be made: the store holds no night of it.
public struct NoLeagueNight: Error, Hashable, Sendable, CustomStringConvertible {
  public var league: String
  /// The leagues the store has nights of, in the order first stored.
  public var known: [String]

  public init(league: String, known: [String]) {
    self.league = league
    self.known = known
  }

  public var description: String {
    "the store holds no night of the league '\(league)'"
      + (known.isEmpty ? "; it holds no league night at all" : "; it holds \(known.map { "'\($0)'" }.joined(separator: ", "))")
  }

  /// The leagues of `nights`, in their order.
  static func leagues(of nights: [StoredGames.StoredNight]) -> [String] {
    var known: [String] = []
    for night in nights where !known.contains(night.league) { known.append(night.league) }
    return known
  }
}
