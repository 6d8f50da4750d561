/// The order a league night is bowled in on a pair (USBC league Rule 106, tournament Rule 320).
///
/// Rules, each with its reason:
/// 1. A team bowls each frame on one lane and its next frame on the other, starting on its
///    ``LeagueNight/Team/startLane``: the pair's lanes wear alike, and each bowler meets both.
/// 2. Alternation continues across games: a team's tenth frame and the next game's first are
///    on different lanes, so each game is five frames on each lane.
/// 3. The teams start on different lanes, so each lane serves the teams in turn: a frame of
///    the team that started there, then a frame of the other team, and so on.
/// 4. Within a team's frame, its bowlers bowl in lineup order.
///
/// A *team frame* counts a team's frames through the night from 0: game 1 frame 1 is 0,
/// game 2 frame 1 is 10.
public struct PairOrder: Hashable, Sendable {
  /// A team's frame on a lane: which team, which game (from 1) and frame (1 to 10).
  public struct TeamFrame: Hashable, Sendable {
    public var team: Int
    public var game: Int
    public var frame: Int
  }

  /// The team (index) whose frame 1 is on each lane.
  public let startingOn: [PairSide: Int]
  public let games: Int

  public init(night: LeagueNight) {
    var startingOn: [PairSide: Int] = [:]
    for (index, team) in night.teams.enumerated() { startingOn[team.startLane] = index }
    self.startingOn = startingOn
    self.games = night.settings.games
  }

  /// How many team frames each lane serves in the night: every team frame of both teams,
  /// half on each lane.
  public var turnsPerLane: Int { games * 10 }

  /// The lane a team bowls its `game`'s `frame` on (rules 1 and 2).
  public func lane(team: Int, game: Int, frame: Int) -> PairSide {
    let start = startingOn[.left] == team ? PairSide.left : .right
    let teamFrame = (game - 1) * 10 + (frame - 1)
    return teamFrame.isMultiple(of: 2) ? start : start.other
  }

  /// The `turn`th team frame (from 0) that `lane` serves (rule 3).
  public func turn(_ turn: Int, on lane: PairSide) -> TeamFrame {
    // On its starting lane a team bowls its even team frames; on the other, its odd ones.
    let team = turn.isMultiple(of: 2) ? startingOn[lane] ?? 0 : startingOn[lane.other] ?? 1
    return TeamFrame(team: team, game: turn / 10 + 1, frame: turn % 10 + 1)
  }
}
