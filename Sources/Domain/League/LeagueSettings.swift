/// A league's rules for a night: games, handicap, absentee and vacancy scores, late
/// arrivals and points.
public struct LeagueSettings: Hashable, Sendable {
  /// How a bowler who arrives after the team has started a game joins it.
  public enum LateArrival: String, Hashable, Sendable, CaseIterable {
    /// Starts in the frame the team is bowling; the missed frames score no pins (USBC
    /// tournament Rule 322a).
    case startWhereTeamIs = "start"
    /// Bowls the missed frames on arrival, then carries on with the team.
    case makeUp = "make-up"
  }

  public var name: String
  /// Games each bowler bowls tonight, 1 to 5.
  public var games: Int
  /// The score handicap is measured from, such as 220.
  public var handicapBasis: Int
  /// The share of the difference given as handicap, 0 to 100.
  public var handicapPercentage: Int
  /// The most handicap a bowler gets in a game, when the league caps it.
  public var handicapMax: Int?
  /// Whether a bowler averaging above the basis gets a negative handicap.
  public var handicapAllowNegative: Bool
  /// An absent bowler scores their average less this, each game.
  public var absenteeOffset: Int
  /// What an empty lineup slot scores each game; required when a team names a vacancy.
  public var vacancyScore: Int?
  /// Points to the team with the higher handicap total in each game (ties split).
  public var pointsPerGame: Int
  /// Points to the team with the higher handicap series (ties split).
  public var pointsPerSeries: Int
  public var lateArrival: LateArrival
  /// The last frame a late bowler may join a game in; later, the game is an absentee's.
  public var lateUntilFrame: Int

  public init(
    name: String, games: Int, handicapBasis: Int, handicapPercentage: Int,
    handicapMax: Int? = nil, handicapAllowNegative: Bool = false, absenteeOffset: Int = 10,
    vacancyScore: Int? = nil, pointsPerGame: Int = 1, pointsPerSeries: Int = 1,
    lateArrival: LateArrival = .startWhereTeamIs, lateUntilFrame: Int = 10
  ) {
    self.name = name
    self.games = games
    self.handicapBasis = handicapBasis
    self.handicapPercentage = handicapPercentage
    self.handicapMax = handicapMax
    self.handicapAllowNegative = handicapAllowNegative
    self.absenteeOffset = absenteeOffset
    self.vacancyScore = vacancyScore
    self.pointsPerGame = pointsPerGame
    self.pointsPerSeries = pointsPerSeries
    self.lateArrival = lateArrival
    self.lateUntilFrame = lateUntilFrame
  }

  /// The handicap a bowler with `average` gets each game: floor((basis − average) ×
  /// percentage / 100), capped at ``handicapMax``, and never below zero unless the league
  /// allows negative handicaps.
  public func handicap(forAverage average: Int) -> Int {
    let product = (handicapBasis - average) * handicapPercentage
    // Floor division: Swift's `/` truncates toward zero.
    var handicap = product >= 0 ? product / 100 : -((-product + 99) / 100)
    if let handicapMax { handicap = min(handicap, handicapMax) }
    return handicapAllowNegative ? handicap : max(handicap, 0)
  }
}
