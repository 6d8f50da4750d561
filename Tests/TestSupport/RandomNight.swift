import Bowling
import League

/// Random league nights for property tests: lineups of 1-5 places (absentees, vacancies, late
/// bowlers) and corrections of every kind, decoded from random numbers so that shrinking the
/// numbers shrinks the night.
public enum RandomNight {
  /// A night drawn from `seeds` (16 numbers are plenty): 1-3 games, two teams of 1-5 places.
  public static func night(_ seeds: [Int]) -> LeagueNight {
    var seeds = seeds[...]
    func next() -> Int { seeds.popFirst() ?? 0 }
    let games = next() % 3 + 1
    let names = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]
    let teams = (0..<2).map { team in
      let size = next() % 5 + 1
      let lineup: [LeagueNight.Slot] = (0..<size).map { place in
        let kind = next() % 10
        if kind == 0 { return .vacancy }
        return .bowler(.init(
          name: names[team * 5 + place], average: 100 + next() % 150, isAbsent: kind == 1,
          isLate: kind == 2))
      }
      return LeagueNight.Team(name: "Team \(team + 1)", startLane: team == 0 ? .left : .right, lineup: lineup)
    }
    let late: LeagueSettings.LateArrival = next() % 2 == 0 ? .startWhereTeamIs : .makeUp
    return LeagueNight(
      settings: LeagueSettings(
        name: "Random", games: games, handicapBasis: 220, handicapPercentage: 90,
        vacancyScore: 120, lateArrival: late, lateUntilFrame: next() % 10 + 1),
      teams: teams)
  }

  /// A correction drawn from `choice` for `play`: of every kind, naming one of its
  /// deliveries and places, and not always one the night accepts.
  public static func correction(_ choice: Int, in play: LeaguePlay) -> LeagueCorrection {
    let delivery = play.deliveries.isEmpty ? 1 : choice / 16 % play.deliveries.count + 1
    let team = choice / 7 % 2
    let slot = SlotID(team: team, place: choice / 3 % max(play.places[team].count, 1))
    switch choice % 16 {
    case 0: return .pins(delivery: delivery, PinSet(bits: UInt16(choice / 32) & 0x3FF) ?? .empty)
    case 1: return .foul(delivery: delivery, choice / 16 % 2 == 0)
    case 2: return .deadBall(delivery: delivery)
    case 3: return .move(deliveries: [delivery], to: slot)
    case 4: return .wrongLane(delivery: delivery, bowler: slot, rebowl: choice / 16 % 2 == 0)
    case 5: return .provisional(delivery: delivery)
    case 6: return .decide(delivery: delivery, provisionalCounts: choice / 16 % 2 == 0)
    case 7: return .late(slot)
    case 8, 9: return .arrived(slot)
    case 10: return .absent(slot, choice / 16 % 2 == 0)
    case 11: return .average(slot, choice / 16 % 301)
    case 12: return .handicap(slot, choice / 16 % 2 == 0 ? nil : choice / 32 % 80)
    default: return .substitute(slot, name: "Sub\(choice / 16 % 4)", average: 150)
    }
  }
}
