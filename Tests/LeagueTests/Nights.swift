import Bowling
import League

/// Nights the suites play, built in a line each.
enum Nights {
  static func settings(games: Int = 1, vacancyScore: Int? = nil, late: LeagueSettings.LateArrival = .startWhereTeamIs, lateUntil: Int = 10) -> LeagueSettings {
    LeagueSettings(
      name: "Tuesday Mixed", games: games, handicapBasis: 220, handicapPercentage: 90,
      vacancyScore: vacancyScore, lateArrival: late, lateUntilFrame: lateUntil)
  }

  /// Pin Pals (left) against Gutter Kings (right), two bowlers each unless told.
  static func night(
    games: Int = 1, pals: [LeagueNight.Slot]? = nil, kings: [LeagueNight.Slot]? = nil,
    vacancyScore: Int? = nil, late: LeagueSettings.LateArrival = .startWhereTeamIs, lateUntil: Int = 10
  ) -> LeagueNight {
    LeagueNight(
      settings: settings(games: games, vacancyScore: vacancyScore, late: late, lateUntil: lateUntil),
      teams: [
        .init(name: "Pin Pals", startLane: .left,
              lineup: pals ?? [bowler("Ana", 172), bowler("Ben", 141)]),
        .init(name: "Gutter Kings", startLane: .right,
              lineup: kings ?? [bowler("Cy", 188), bowler("Di", 155)]),
      ])
  }

  static func bowler(_ name: String, _ average: Int, absent: Bool = false, late: Bool = false) -> LeagueNight.Slot {
    .bowler(.init(name: name, average: average, isAbsent: absent, isLate: late))
  }

  static let ana = SlotID(team: 0, place: 0)
  static let ben = SlotID(team: 0, place: 1)
  static let cy = SlotID(team: 1, place: 0)
  static let di = SlotID(team: 1, place: 1)
}

extension LeaguePlay {
  /// Bowls a whole frame for whoever is up on `lane`: the balls given, in order.
  mutating func frame(_ lane: PairSide, _ pins: Int...) throws {
    for count in pins { try deliver(.count(count), on: lane) }
  }

  /// The frames of `slot`'s `game` as bowled, each a list of pin counts.
  func counts(_ slot: SlotID, game: Int = 1) -> [[Int]] {
    places[slot.team][slot.place].games[game - 1].frames.compactMap { frame in
      frame.map { $0.deliveries.map(\.delivery.credited) }
    }
  }

  func scratch(_ slot: SlotID, game: Int = 1) -> Int { gameTotal(slot, game: game).scratch }
}
