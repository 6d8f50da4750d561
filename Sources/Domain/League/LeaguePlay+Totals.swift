/// Scores a board and a sheet show: per place, per team, per game and for the series.
extension LeaguePlay {
  /// One place's game as it counts for the team.
  public struct PlaceTotal: Hashable, Sendable {
    public var scratch: Int
    public var handicap: Int
    public var total: Int { scratch + handicap }
    /// The absentee's (blind) score, not bowled.
    public var isAbsentee: Bool
    public var isVacancy: Bool
    /// Whether the score is final: bowled out, or a blind or vacancy score.
    public var isComplete: Bool
    /// What the game would score if the awaited ruling on a provisional ball went the other
    /// way, while one is awaited.
    public var provisionalScratch: Int?
  }

  /// A team's game or series.
  public struct TeamTotal: Hashable, Sendable {
    public var scratch: Int
    public var handicap: Int
    public var total: Int { scratch + handicap }
    public var isComplete: Bool
    /// The points won, once both teams' scores are complete; half points for a tie.
    public var points: Double?
  }

  /// The handicap of `person` in `slot`: the desk's figure for tonight, or the league's.
  public func handicap(of slot: SlotID, person: Int) -> Int {
    let bowler = places[slot.team][slot.place].people[person]
    return bowler.handicapOverride ?? night.settings.handicap(forAverage: bowler.average)
  }

  /// How `slot`'s `game` (from 1) counts.
  public func gameTotal(_ slot: SlotID, game: Int) -> PlaceTotal {
    let place = places[slot.team][slot.place]
    let placeGame = place.games[game - 1]
    let settings = night.settings
    guard let person = place.person(startingGame: game) else {
      let score = settings.vacancyScore ?? 0
      return PlaceTotal(
        scratch: score, handicap: settings.handicap(forAverage: score), isAbsentee: false,
        isVacancy: true, isComplete: true)
    }
    let handicap = handicap(of: slot, person: person)
    let absentee = PlaceTotal(
      scratch: max(0, place.people[person].average - settings.absenteeOffset), handicap: handicap,
      isAbsentee: true, isVacancy: false, isComplete: true)
    if placeGame.kind == .absentee || (place.isLate && hasPassedLateFrame(team: slot.team, game: game)) {
      return absentee
    }
    return PlaceTotal(
      scratch: placeGame.game.total, handicap: handicap, isAbsentee: false, isVacancy: false,
      isComplete: placeGame.isComplete,
      provisionalScratch: provisionalScratch(slot, game: game))
  }

  /// Whether a bowler who has not come could no longer join `game`.
  private func hasPassedLateFrame(team: Int, game: Int) -> Bool {
    guard let now = position(ofTeam: team) else { return true }
    return now.game > game || (now.game == game && now.frame > night.settings.lateUntilFrame)
  }

  /// The game's score were the provisional ball awaiting a ruling to count, if one is
  /// awaited for a delivery of it.
  private func provisionalScratch(_ slot: SlotID, game: Int) -> Int? {
    let disputed = Set(amendments.provisionalOf.values).subtracting(amendments.ruling.keys)
    guard
      let number = disputed.first(where: {
        deliveries[$0 - 1].outcome == .placed(slot, game: game, frame: frameOf($0) ?? 0)
      })
    else { return nil }
    var events = self.events
    events.append(.corrected(.decide(delivery: number, provisionalCounts: true)))
    guard let other = try? Self.replayed(night: night, events: events) else { return nil }
    return other.places[slot.team][slot.place].games[game - 1].game.total
  }

  private func frameOf(_ number: Int) -> Int? {
    if case .placed(_, _, let frame) = deliveries[number - 1].outcome { frame } else { nil }
  }

  /// A team's `game` (from 1): its places' scores summed, and its points once both teams'
  /// games are complete.
  public func teamTotal(_ team: Int, game: Int) -> TeamTotal {
    let mine = sum(team, games: game...game)
    let theirs = sum(1 - team, games: game...game)
    var total = mine
    if mine.isComplete && theirs.isComplete {
      total.points = Self.points(night.settings.pointsPerGame, mine.total, theirs.total)
    }
    return total
  }

  /// A team's series: every game's scores summed, with the series points once complete.
  public func teamSeries(_ team: Int) -> TeamTotal {
    let games = 1...night.settings.games
    var total = sum(team, games: games)
    let theirs = sum(1 - team, games: games)
    if total.isComplete && theirs.isComplete {
      let gamePoints = games.reduce(0.0) { $0 + (teamTotal(team, game: $1).points ?? 0) }
      total.points = gamePoints + Self.points(night.settings.pointsPerSeries, total.total, theirs.total)
    }
    return total
  }

  private func sum(_ team: Int, games: ClosedRange<Int>) -> TeamTotal {
    var total = TeamTotal(scratch: 0, handicap: 0, isComplete: true)
    for place in places[team].indices {
      for game in games {
        let placeTotal = gameTotal(SlotID(team: team, place: place), game: game)
        total.scratch += placeTotal.scratch
        total.handicap += placeTotal.handicap
        total.isComplete = total.isComplete && placeTotal.isComplete
      }
    }
    return total
  }

  /// The points `mine` wins against `theirs`: all of them, none, or half on a tie.
  private static func points(_ points: Int, _ mine: Int, _ theirs: Int) -> Double {
    mine > theirs ? Double(points) : mine == theirs ? Double(points) / 2 : 0
  }
}
