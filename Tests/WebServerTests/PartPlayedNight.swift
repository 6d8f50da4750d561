import Bowling
import League

/// A league night on a pair part played, for the league boards' tests: two teams of five
/// (an absentee on one, a vacancy on the other, and a bowler whose name is markup), game 1
/// bowled on both lanes and game 2 under way, so each lane has someone up.
///
/// The balls follow a fixed cycle (a strike or spare, seven pins, all but one, three pins,
/// nine pins), so the night is the same on every run.
struct PartPlayedNight {
  /// A name that would run as script if a page wrote it as markup.
  static let markupName = "<script>alert(1)</script>Zoë"

  static let night = LeagueNight(
    settings: LeagueSettings(
      name: "Tuesday Mixed", games: 3, handicapBasis: 220, handicapPercentage: 90, handicapMax: 60,
      vacancyScore: 120),
    teams: [
      LeagueNight.Team(
        name: "Pin Pals", startLane: .left,
        lineup: [
          .bowler(.init(name: "Ana", average: 172)), .bowler(.init(name: markupName, average: 150)),
          .bowler(.init(name: "Ben", average: 141, isAbsent: true)), .bowler(.init(name: "Cleo", average: 190)),
          .bowler(.init(name: "Dev", average: 201)),
        ]),
      LeagueNight.Team(
        name: "Gutter Kings", startLane: .right,
        lineup: [
          .bowler(.init(name: "Cy", average: 188)), .bowler(.init(name: "Di", average: 155)), .vacancy,
          .bowler(.init(name: "Eve", average: 163)), .bowler(.init(name: "Maximilian Featherstonehaugh", average: 178)),
        ]),
    ])

  private(set) var play = LeaguePlay(night: night)
  private var balls = 0

  /// Bowls `frames` bowlers' frames on each lane, a frame on the left then one on the right.
  init(frames: Int) throws {
    for _ in 0..<frames {
      try bowlFrame(on: .left)
      try bowlFrame(on: .right)
    }
  }

  /// The board every page shows.
  var board: LeagueBoard { LeagueBoard(play) }

  /// Bowls the frame of whoever is up on `lane`, ball by ball, until someone else is up.
  private mutating func bowlFrame(on lane: PairSide) throws {
    guard let turn = play.up(on: lane) else { return }
    while play.up(on: lane) == turn, let standing = play.standing(on: lane) {
      let pins = Array(standing.pins ?? .full)
      let knocked: [Pin] =
        switch balls % 5 {
        case 0: pins
        case 1: Array(pins.prefix(7))
        case 2: Array(pins.dropFirst())
        case 3: Array(pins.prefix(3))
        default: Array(pins.prefix(9))
        }
      balls += 1
      try play.deliver(.knocked(PinSet(knocked)), on: lane)
    }
  }
}
