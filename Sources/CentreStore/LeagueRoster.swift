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

  /// The roster of the league named `league` from a store's folded games.
  ///
  /// - Throws: ``NoLeagueNight`` when the store has no night of it.
  public init(league: String, from folded: StoredGames) throws(NoLeagueNight) {
    // A session is its night's start time (ISO 8601, UTC): the latest sorts last.
    guard let latest = try NoLeagueNight.nights(of: league, in: folded).max(by: { $0.session < $1.session }) else {
      throw NoLeagueNight(league: league, known: [])
    }
    let averages = BowlerAverage.averages(of: folded.games.filter { $0.league?.name == league })
    let byName = Dictionary(averages.map { ($0.bowler, $0) }, uniquingKeysWith: { first, _ in first })
    var next = latest.night
    var changes: [(name: String, from: Int, to: Int, games: Int)] = []
    for team in next.teams.indices {
      next.teams[team].lineup = next.teams[team].lineup.map { slot in
        guard var bowler = slot.bowler else { return slot }
        bowler.isAbsent = false
        bowler.isLate = false
        if let average = byName[bowler.name], average.games > 0 {
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

  public var description: String {
    "the store holds no night of the league '\(league)'"
      + (known.isEmpty ? "; it holds no league night at all" : "; it holds \(known.map { "'\($0)'" }.joined(separator: ", "))")
  }

  /// The nights of `league` the store holds, in the order stored.
  ///
  /// - Throws: ``NoLeagueNight`` when there is none.
  static func nights(of league: String, in folded: StoredGames) throws(NoLeagueNight) -> [StoredGames.StoredNight] {
    let ofLeague = folded.nights.filter { $0.night.settings.name == league }
    guard ofLeague.isEmpty else { return ofLeague }
    var known: [String] = []
    for night in folded.nights where !known.contains(night.night.settings.name) { known.append(night.night.settings.name) }
    throw NoLeagueNight(league: league, known: known)
  }
}
