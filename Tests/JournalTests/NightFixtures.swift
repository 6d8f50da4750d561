import Bowling
import Foundation
import League

@testable import Journal

/// The night the night journal suites play, built in a line each.
enum NightFixtures {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)

  /// Pin Pals (Ana; Ben, absent) on the left against Gutter Kings (Cy; Di, late; a vacancy)
  /// on the right: one game, every kind of place and every setting written out.
  static let night = LeagueNight(
    settings: LeagueSettings(
      name: "Tuesday Mixed", games: 1, handicapBasis: 220, handicapPercentage: 90,
      handicapMax: 60, handicapAllowNegative: true, absenteeOffset: 12, vacancyScore: 120,
      pointsPerGame: 2, pointsPerSeries: 3, lateArrival: .makeUp, lateUntilFrame: 4),
    teams: [
      .init(
        name: "Pin Pals", startLane: .left,
        lineup: [.bowler(.init(name: "Ana", average: 172)), .bowler(.init(name: "Ben", average: 141, isAbsent: true))]),
      .init(
        name: "Gutter Kings", startLane: .right,
        lineup: [.bowler(.init(name: "Cy", average: 188)), .bowler(.init(name: "Di", average: 155, isLate: true)), .vacancy]),
    ])

  /// One game, one bowler a team: each lane serves ten frames.
  static let small = LeagueNight(
    settings: LeagueSettings(name: "Small", games: 1, handicapBasis: 220, handicapPercentage: 90),
    teams: [
      .init(name: "Pin Pals", startLane: .left, lineup: [.bowler(.init(name: "Ana", average: 172))]),
      .init(name: "Gutter Kings", startLane: .right, lineup: [.bowler(.init(name: "Cy", average: 188))]),
    ])

  static let ana = SlotID(team: 0, place: 0)
  static let cy = SlotID(team: 1, place: 0)
  static let di = SlotID(team: 1, place: 1)

  static func start(_ night: LeagueNight = night) -> JournalEntry {
    JournalEntry(sequence: 1, time: time, author: "desk", event: .night(.started(night)))
  }

  static func ball(_ pins: PinSet) -> JournalEntry.Delivery { .init(knocked: pins, isFoul: false) }

  /// A lane's (format 2) journal: its session's start.
  static let laneStart = JournalEntry(sequence: 1, time: time, author: "lane", event: .started(bowlers: ["Ana"]))
}
