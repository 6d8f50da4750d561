/// A league's standings and high scores from every night of it the store holds, for
/// `lane records standings`.
///
/// Pure. A team's standing adds up the nights it finished: game and series points, its
/// series' scratch pins and pins with handicap. The high scores are of games bowled
/// (never a blind's or a vacancy's score): a complete game, and a series, which is a
/// bowler's every game of one night, each complete; the first to reach a score keeps it.
public struct LeagueStandings: Codable, Hashable, Sendable {
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

  /// The standings of the league named `league` from a store's folded games.
  ///
  /// - Throws: ``NoLeagueNight`` when the store has no night of it.
  public init(league: String, from folded: StoredGames) throws(NoLeagueNight) {
    try self.init(
      league: league, nights: folded.nights.filter { $0.league == league },
      games: folded.games.filter { $0.league?.name == league }, known: NoLeagueNight.leagues(of: folded.nights))
  }

  /// The standings of the league named `league` from its nights and games, in the order
  /// stored (a high score first reached keeps the high).
  ///
  /// - Parameters:
  ///   - nights: The league's nights.
  ///   - games: The league's games; only complete games bowled count.
  ///   - known: The leagues the store has nights of, for the error when `nights` is empty.
  /// - Throws: ``NoLeagueNight`` when `nights` is empty.
  public init(league: String, nights: [StoredGames.StoredNight], games: [StoredGame], known: [String]) throws(NoLeagueNight) {
    guard !nights.isEmpty else { throw NoLeagueNight(league: league, known: known) }
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
    let bowled = games.filter { $0.league?.kind == "bowled" && $0.complete }
    // A night is its pair and session: two pairs may start a league's night the same second.
    let gamesOfNight = Dictionary(nights.map { ("\($0.pair) \($0.session)", $0.games) }, uniquingKeysWith: { first, _ in first })
    func best(_ kind: String, _ candidates: [(bowler: String, score: Int, pair: String, session: String, game: Int?)]) -> High? {
      var top: (bowler: String, score: Int, pair: String, session: String, game: Int?)?
      for candidate in candidates where candidate.score > (top?.score ?? -1) { top = candidate }
      return top.map { High(kind: kind, bowler: $0.bowler, score: $0.score, session: $0.session, pair: $0.pair, game: $0.game) }
    }
    // Each bowler's night, in the order first bowled.
    var series: [(bowler: String, pair: String, session: String, scratch: Int, withHandicap: Int, count: Int)] = []
    var seriesIndex: [String: Int] = [:]
    for game in bowled {
      let withHandicap = game.league?.withHandicap ?? game.total
      let key = "\(game.bowler)\u{0}\(game.lane)\u{0}\(game.session)"
      if let index = seriesIndex[key] {
        series[index].scratch += game.total
        series[index].withHandicap += withHandicap
        series[index].count += 1
      } else {
        seriesIndex[key] = series.count
        series.append((game.bowler, game.lane, game.session, game.total, withHandicap, 1))
      }
    }
    let whole = series.filter { $0.count == gamesOfNight["\($0.pair) \($0.session)"] }
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
