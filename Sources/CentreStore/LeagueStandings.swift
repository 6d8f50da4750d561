/// A league's standings and high scores from every night of it the store holds, for
/// `lane records standings`.
///
/// Pure. A team's standing adds up the nights it finished: game and series points, its
/// series' scratch pins and pins with handicap. The high scores are of games bowled
/// (never a blind's or a vacancy's score): a complete game, and a series, which is a
/// bowler's every game of one night, each complete; the first to reach a score keeps it.
public struct LeagueStandings: Sendable {
  /// One team's line, best first: most points, then most pins with handicap.
  public struct TeamStanding: Codable, Hashable, Sendable {
    /// 1 for the leader; teams level on points and pins share a place.
    public var place: Int
    public var team: String
    /// Nights the team finished.
    public var nights: Int
    public var points: Double
    public var scratch: Int
    public var withHandicap: Int
  }

  /// One of the league's high scores.
  public struct High: Codable, Hashable, Sendable {
    /// `scratch game`, `handicap game`, `scratch series` or `handicap series`.
    public var kind: String
    public var bowler: String
    public var score: Int
    /// The night it was bowled in, and on which pair.
    public var session: String
    public var pair: String
    /// The game's number in the night; `nil` for a series.
    public var game: Int?
  }

  public var league: String
  public var teams: [TeamStanding]
  public var highs: [High]

  /// The standings of the league named `league`.
  ///
  /// - Throws: ``NoLeagueNight`` when the store has no night of it.
  public init(league: String, from folded: StoredGames) throws(NoLeagueNight) {
    let nights = try NoLeagueNight.nights(of: league, in: folded)
    self.league = league
    var totals: [String: TeamStanding] = [:]
    var order: [String] = []
    for night in nights {
      for team in night.teams {
        if totals[team.name] == nil {
          totals[team.name] = TeamStanding(place: 0, team: team.name, nights: 0, points: 0, scratch: 0, withHandicap: 0)
          order.append(team.name)
        }
        guard let points = team.points else { continue }
        totals[team.name]?.nights += 1
        totals[team.name]?.points += points
        totals[team.name]?.scratch += team.scratch
        totals[team.name]?.withHandicap += team.withHandicap
      }
    }
    let ranked = order.compactMap { totals[$0] }.enumerated().sorted { first, second in
      let (a, b) = (first.element, second.element)
      if a.points != b.points { return a.points > b.points }
      if a.withHandicap != b.withHandicap { return a.withHandicap > b.withHandicap }
      return first.offset < second.offset
    }.map { $0.element }
    teams = ranked.enumerated().map { index, standing in
      var standing = standing
      let level = ranked.firstIndex { $0.points == standing.points && $0.withHandicap == standing.withHandicap } ?? index
      standing.place = level + 1
      return standing
    }
    let bowled = folded.games.filter { $0.league?.name == league && $0.league?.kind == "bowled" && $0.complete }
    // A night is its pair and session: two pairs may start a league's night the same second.
    let games = Dictionary(nights.map { ("\($0.pair) \($0.session)", $0.night.settings.games) }, uniquingKeysWith: { first, _ in first })
    func best(_ kind: String, _ candidates: [(bowler: String, score: Int, pair: String, session: String, game: Int?)]) -> High? {
      var top: (bowler: String, score: Int, pair: String, session: String, game: Int?)?
      for candidate in candidates where candidate.score > (top?.score ?? -1) { top = candidate }
      return top.map { High(kind: kind, bowler: $0.bowler, score: $0.score, session: $0.session, pair: $0.pair, game: $0.game) }
    }
    var series: [(bowler: String, pair: String, session: String, scratch: Int, withHandicap: Int, count: Int)] = []
    for game in bowled {
      let withHandicap = game.league?.withHandicap ?? game.total
      if let index = series.firstIndex(where: { $0.bowler == game.bowler && $0.pair == game.lane && $0.session == game.session }) {
        series[index].scratch += game.total
        series[index].withHandicap += withHandicap
        series[index].count += 1
      } else {
        series.append((game.bowler, game.lane, game.session, game.total, withHandicap, 1))
      }
    }
    let whole = series.filter { $0.count == games["\($0.pair) \($0.session)"] }
    highs = [
      best("scratch game", bowled.map { ($0.bowler, $0.total, $0.lane, $0.session, $0.game) }),
      best("handicap game", bowled.map { ($0.bowler, $0.league?.withHandicap ?? $0.total, $0.lane, $0.session, $0.game) }),
      best("scratch series", whole.map { ($0.bowler, $0.scratch, $0.pair, $0.session, nil) }),
      best("handicap series", whole.map { ($0.bowler, $0.withHandicap, $0.pair, $0.session, nil) }),
    ].compactMap { $0 }
  }
}

extension LeagueStandings.TeamStanding: CustomStringConvertible {
  /// `1. Pin Pals: 7.5 points in 3 nights, 2345 scratch, 2789 with handicap`.
  public var description: String {
    let points = points == points.rounded() ? String(Int(points)) : String(points)
    return "\(place). \(team): \(points) points in \(nights) nights, \(scratch) scratch, \(withHandicap) with handicap"
  }
}

extension LeagueStandings.High: CustomStringConvertible {
  /// `high scratch game: Ana 245 (game 2 of the night of 2026-11-24T19:00:00Z on 7+8)`.
  public var description: String {
    let which = game.map { "game \($0) of " } ?? ""
    return "high \(kind): \(bowler) \(score) (\(which)the night of \(session) on \(pair))"
  }
}
