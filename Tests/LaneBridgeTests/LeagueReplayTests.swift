import Bowling
import League
import SimulatedPinSensor
import Testing
import TestSupport

@testable import LaneBridge

@Suite("A league night replayed from a pair's sensors")
struct LeagueReplayTests {
  static func night(games: Int, lineups: [[LeagueNight.Slot]]) -> LeagueNight {
    LeagueNight(
      settings: LeagueSettings(
        name: "Tuesday Mixed", games: games, handicapBasis: 220, handicapPercentage: 90, vacancyScore: 120),
      teams: [
        .init(name: "Pin Pals", startLane: .left, lineup: lineups[0]),
        .init(name: "Gutter Kings", startLane: .right, lineup: lineups[1]),
      ])
  }

  @Test(
    "When each lane's sensor bowls its turns in Rule 106's order, then every bowler's game is their own deliveries scored as on one lane",
    arguments: [1, 2, 3])
  func scoresEveryBowler(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let night = Self.night(
      games: 3,
      lineups: [
        [.bowler(.init(name: "Ana", average: 172)), .bowler(.init(name: "Ben", average: 141, isAbsent: true)),
         .bowler(.init(name: "Cho", average: 160))],
        [.bowler(.init(name: "Cy", average: 188)), .vacancy],
      ])
    let planned = PlannedNight(night: night, using: &random)
    let (left, right) = (SimulatedPinSensor(script: planned.scripts.left), SimulatedPinSensor(script: planned.scripts.right))
    var play = LeaguePlay(night: night)

    let report = try LeagueReplay(detector: .init()).run(left: left, right: right, into: &play)

    #expect(report.warnings.isEmpty)
    #expect(report.afterTheNight.isEmpty)
    #expect(play.isComplete)
    for (team, places) in planned.games.enumerated() {
      for (place, games) in places.enumerated() {
        for (index, game) in games.enumerated() {
          #expect(play.gameTotal(SlotID(team: team, place: place), game: index + 1).scratch == game.total)
          #expect(play.places[team][place].games[index].game.deliveries == game.deliveries)
        }
      }
    }
  }

  @Test("When a lane bowls on after the night's last turn, then those throws are counted, not scored, and the bonus crosses lanes")
  func throwsAfterTheNight() throws {
    // Gutter Kings' only bowler is absent: Ana bowls frames 1, 3, 5, 7, 9 on the left and
    // 2, 4, 6, 8, 10 on the right, and each lane's sensor bowls a perfect game.
    let night = Self.night(
      games: 1,
      lineups: [[.bowler(.init(name: "Ana", average: 172))], [.bowler(.init(name: "Cy", average: 188, isAbsent: true))]])
    let left = SimulatedPinSensor(script: .perfectGame)
    let right = SimulatedPinSensor(script: .perfectGame)
    var play = LeaguePlay(night: night)

    let report = try LeagueReplay(detector: .init()).run(left: left, right: right, into: &play)

    #expect(play.gameTotal(SlotID(team: 0, place: 0), game: 1).scratch == 300)
    #expect(report.afterTheNight == [.left: 12 - 5, .right: 12 - 7])
  }
}
