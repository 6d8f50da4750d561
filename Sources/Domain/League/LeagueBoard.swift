/// What the boards show of a league night, one model for the console, JSON and the web:
/// both teams, every bowler's frames wherever they were bowled, who is up on each lane,
/// scratch, handicap and total per bowler and team, per game and series, and points.
public struct LeagueBoard: Codable, Hashable, Sendable {
  /// One frame as a bowler's sheet shows it.
  public struct FrameCell: Codable, Hashable, Sendable {
    public var number: Int
    /// The lane the frame was bowled on; `null` for a missed frame.
    public var lane: PairSide?
    /// Each ball's mark: `X`, `/`, `-`, `F` or a count.
    public var marks: [String]
    /// The pins each ball scored.
    public var rolls: [Int]
    /// The game's running total through this frame, once it can be computed.
    public var cumulative: Int?
    /// A late bowler's frame missed before arrival: no pins (Rule 322a).
    public var missed: Bool
    /// A ball of the frame was bowled on the wrong lane and kept there (Rule 9).
    public var wrongLane: Bool
  }

  /// One game of one bowler.
  public struct BowlerGame: Codable, Hashable, Sendable {
    public var game: Int
    /// Scratch: pins, or the absentee's or vacancy's score.
    public var total: Int
    public var handicap: Int
    /// The absentee (blind) score, not bowled.
    public var absent: Bool
    public var vacancy: Bool
    /// Someone else bowled part of this game in the same place (a substitution).
    public var partial: Bool
    public var complete: Bool
    /// The scratch were the awaited provisional ball to count (Rule 10).
    public var provisional: Int?
    public var frames: [FrameCell]
  }

  /// A person on a team's sheet, in lineup order (a substitute after the one replaced).
  public struct Bowler: Codable, Hashable, Sendable {
    public var name: String
    public var place: Int
    public var games: [BowlerGame]
  }

  /// A team's game or series.
  public struct TeamScore: Codable, Hashable, Sendable {
    public var scratch: Int
    public var handicap: Int
    public var total: Int
    /// Points won, once both teams' scores are complete (half for a tie).
    public var points: Double?
    public var complete: Bool
  }

  public struct Team: Codable, Hashable, Sendable {
    public var name: String
    public var startLane: PairSide
    public var games: [TeamScore]
    public var series: TeamScore
    public var bowlers: [Bowler]
  }

  /// Who bowls next on a lane.
  public struct Up: Codable, Hashable, Sendable {
    public var lane: PairSide
    public var team: String
    public var bowler: String
    public var game: Int
    public var frame: Int
  }

  public var league: String
  public var games: Int
  public var teams: [Team]
  /// Who is up on each lane with a turn left, left first.
  public var up: [Up]
  public var complete: Bool
}

extension PairSide: Codable {}

// Keys that may have no value yet are written as `null` rather than left out, so a script
// reading the JSON finds every key in every object.

extension LeagueBoard.FrameCell {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(number, forKey: .number)
    try container.encode(lane, forKey: .lane)
    try container.encode(marks, forKey: .marks)
    try container.encode(rolls, forKey: .rolls)
    try container.encode(cumulative, forKey: .cumulative)
    try container.encode(missed, forKey: .missed)
    try container.encode(wrongLane, forKey: .wrongLane)
  }
}

extension LeagueBoard.BowlerGame {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(game, forKey: .game)
    try container.encode(total, forKey: .total)
    try container.encode(handicap, forKey: .handicap)
    try container.encode(absent, forKey: .absent)
    try container.encode(vacancy, forKey: .vacancy)
    try container.encode(partial, forKey: .partial)
    try container.encode(complete, forKey: .complete)
    try container.encode(provisional, forKey: .provisional)
    try container.encode(frames, forKey: .frames)
  }
}

extension LeagueBoard.TeamScore {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scratch, forKey: .scratch)
    try container.encode(handicap, forKey: .handicap)
    try container.encode(total, forKey: .total)
    try container.encode(points, forKey: .points)
    try container.encode(complete, forKey: .complete)
  }
}

extension LeagueBoard {
  /// The board of `play` as it stands.
  public init(_ play: LeaguePlay) {
    league = play.night.settings.name
    games = play.night.settings.games
    complete = play.isComplete
    up = PairSide.allCases.compactMap { lane in
      play.up(on: lane).map { turn in
        Up(
          lane: lane, team: play.night.teams[turn.slot.team].name, bowler: play.name(of: turn.slot),
          game: turn.game, frame: turn.frame)
      }
    }
    teams = play.night.teams.indices.map { team in
      let gameRange = 1...play.night.settings.games
      return Team(
        name: play.night.teams[team].name, startLane: play.night.teams[team].startLane,
        games: gameRange.map { TeamScore(play.teamTotal(team, game: $0)) },
        series: TeamScore(play.teamSeries(team)),
        bowlers: play.places[team].indices.flatMap { place in
          Self.bowlers(of: SlotID(team: team, place: place), in: play)
        })
    }
  }

  /// A place's people, each with the games they bowled (or were absent for) in it.
  private static func bowlers(of slot: SlotID, in play: LeaguePlay) -> [Bowler] {
    let place = play.places[slot.team][slot.place]
    let gameRange = 1...play.night.settings.games
    guard !place.isVacancy else {
      return [Bowler(
        name: "Vacancy", place: slot.place + 1,
        games: gameRange.map { game in
          let total = play.gameTotal(slot, game: game)
          return BowlerGame(
            game: game, total: total.scratch, handicap: total.handicap, absent: false, vacancy: true,
            partial: false, complete: true, provisional: nil, frames: [])
        })]
    }
    return place.people.indices.map { person in
      Bowler(
        name: place.people[person].name, place: slot.place + 1,
        games: gameRange.compactMap { game in
          bowlerGame(slot, game: game, person: person, in: play)
        })
    }
  }

  /// The part of a place's game `person` bowled, or `nil` when they had no part in it.
  private static func bowlerGame(_ slot: SlotID, game: Int, person: Int, in play: LeaguePlay) -> BowlerGame? {
    let place = play.places[slot.team][slot.place]
    let placeGame = place.games[game - 1]
    let total = play.gameTotal(slot, game: game)
    let people = Set(placeGame.frames.compactMap { $0?.person })
    let starter = place.person(startingGame: game)
    guard people.contains(person) || (people.isEmpty && starter == person) else { return nil }
    let frames = placeGame.frames.indices.compactMap { index -> FrameCell? in
      guard let frame = placeGame.frames[index], frame.person == person else { return nil }
      return FrameCell(
        number: index + 1, lane: frame.isMissed ? nil : frame.lane,
        marks: frame.scored?.balls.map(\.mark.symbol) ?? [],
        rolls: frame.isMissed ? [0, 0] : frame.deliveries.map(\.delivery.credited),
        cumulative: placeGame.game.frames.count > index ? placeGame.game.frames[index].cumulative : nil,
        missed: frame.isMissed, wrongLane: frame.deliveries.contains(where: \.isOnWrongLane))
    }
    let partial = people.count > 1
    return BowlerGame(
      game: game, total: partial ? pins(of: frames, in: placeGame) : total.scratch,
      handicap: play.handicap(of: slot, person: person), absent: total.isAbsentee, vacancy: false,
      partial: partial, complete: total.isComplete && !partial, provisional: total.provisionalScratch,
      frames: frames)
  }

  /// The pins a substitution's part of a game scored: each of its frames' share of the
  /// running total, where known.
  private static func pins(of frames: [FrameCell], in placeGame: LineupPlace.PlaceGame) -> Int {
    frames.reduce(0) { sum, frame in
      guard let cumulative = frame.cumulative else { return sum }
      let before = frame.number > 1 ? placeGame.game.frames[frame.number - 2].cumulative ?? 0 : 0
      return sum + cumulative - before
    }
  }
}

extension LeagueBoard.TeamScore {
  init(_ total: LeaguePlay.TeamTotal) {
    self.init(
      scratch: total.scratch, handicap: total.handicap, total: total.total, points: total.points,
      complete: total.isComplete)
  }
}
