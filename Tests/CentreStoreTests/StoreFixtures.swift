import Bowling
import Centre
import Foundation
import Journal
import League
import TestSupport

@testable import CentreRecords
@testable import CentreStore

/// A lane's session as the lane publishes it: journal entries numbered from 1, each as the
/// event the centre link carries.
struct PublishedSession {
  let lane: LaneID
  let session: String
  private(set) var entries: [JournalEntry] = []

  init(lane: String, session: String, bowlers: [String]) throws {
    self.lane = try LaneID(lane)
    self.session = session
    add(.started(bowlers: bowlers))
  }

  mutating func add(_ event: JournalEntry.Event) {
    entries.append(
      JournalEntry(
        sequence: entries.count + 1, time: PublishedNight.startTime.addingTimeInterval(Double(entries.count)),
        author: "lane", event: event))
  }

  /// Bowls `pins` as one delivery each: that many of the standing pins, lowest numbers first.
  mutating func bowl(_ pins: [Int]) {
    for count in pins {
      let standing = (try? LaneSession(journal: entries))?.standing.pins
      let knocked = PinSet(Pin.allCases.filter { standing?.contains($0) ?? true }.prefix(count))
      add(.delivered(JournalEntry.Delivery(knocked: knocked, isFoul: false)))
    }
  }

  /// Bowls whole games for the bowlers in turn: `frames[game][bowler]` is that bowler's
  /// frames of the game, each frame its balls' pin counts.
  mutating func bowl(games: [[[[Int]]]]) {
    for game in games {
      for frame in 0..<10 {
        for bowler in game { bowl(bowler[frame]) }
      }
    }
  }

  var events: [Payload.Event] {
    get throws { try entries.map { try PublishedNight.event(of: $0, on: lane, session: session, pair: nil) } }
  }
}

/// Ten frames for a game of `total`, all open frames then a mix: simple known scores.
enum KnownGame {
  /// 90: every frame 9 then a miss.
  static let ninety: [[Int]] = Array(repeating: [9, 0], count: 10)
  /// 300: twelve strikes.
  static let perfect: [[Int]] = Array(repeating: [10], count: 9) + [[10, 10, 10]]
  /// 150: every frame 5 and a spare, a 5 after the tenth's spare.
  static let allSpares: [[Int]] = Array(repeating: [5, 5], count: 9) + [[5, 5, 5]]
  /// 20: every frame two 1s.
  static let twenty: [[Int]] = Array(repeating: [1, 1], count: 10)
  /// 1: a single pin in the first frame, nothing after.
  static let one: [[Int]] = [[1, 0]] + Array(repeating: [0, 0], count: 9)
}

/// Pin Pals (Ana 172; Ben 141, absent) against Gutter Kings (Cy 188; a vacancy scoring 120),
/// two games, handicap 90 % of 220, bowled whole on the pair 7+8 from a plan drawn with `seed`.
func tuesdayNight(name: String = "Tuesday Mixed", seed: UInt64 = 25) throws -> PublishedNight {
  let night = LeagueNight(
    settings: LeagueSettings(name: name, games: 2, handicapBasis: 220, handicapPercentage: 90, vacancyScore: 120),
    teams: [
      .init(
        name: "Pin Pals", startLane: .left,
        lineup: [.bowler(.init(name: "Ana", average: 172)), .bowler(.init(name: "Ben", average: 141, isAbsent: true))]),
      .init(name: "Gutter Kings", startLane: .right, lineup: [.bowler(.init(name: "Cy", average: 188)), .vacancy]),
    ])
  var random = SeededRandom(seed: seed)
  var published = try PublishedNight(PlannedNight(night: night, using: &random), left: try LaneID("7"), right: try LaneID("8"))
  try published.bowl(frames: 20)
  return published
}

/// A store on a real SQLite file in a scratch folder, holding the events given: what
/// `lane records` reads averages, rosters and standings from.
struct FixtureStore {
  let folder: ScratchFolder
  let store: RecordStore

  init(_ events: [Payload.Event]) throws {
    folder = try ScratchFolder("store")
    store = try RecordStore.open(at: folder.path("centre.store"), access: .createIfMissing)
    _ = try store.store(events)
  }
}
