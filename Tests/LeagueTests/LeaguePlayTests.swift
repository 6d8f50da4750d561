import Foundation
import Bowling
import Testing

@testable import League

extension LeaguePlay {
  /// Bowls the rest of the night, lane by lane as turns come: each frame's balls from `balls`.
  mutating func bowlOut(_ balls: (SlotID, Int, Int) -> [Int]) throws {
    while true {
      let turns = PairSide.allCases.compactMap { lane in up(on: lane).map { (lane, $0) } }
      guard let (lane, turn) = turns.first else { return }
      for count in balls(turn.slot, turn.game, turn.frame) {
        try deliver(.count(count), on: lane)
        guard up(on: lane) == turn else { break }
      }
    }
  }
}

@Suite("A league night on a pair")
struct LeaguePlayTests {
  @Suite("Given two teams of two, Pin Pals starting on the left")
  struct TwoTeams {
    var play = LeaguePlay(night: Nights.night())

    @Test("When the night starts, then Ana is up on the left and Cy on the right")
    func firstUp() {
      #expect(play.up(on: .left) == .init(slot: Nights.ana, game: 1, frame: 1))
      #expect(play.up(on: .right) == .init(slot: Nights.cy, game: 1, frame: 1))
    }

    @Test("When both teams finish frame 1, then they cross over: Pin Pals up on the right, Gutter Kings on the left")
    mutating func crossOver() throws {
      try play.frame(.left, 10)
      try play.frame(.left, 5, 4)
      try play.frame(.right, 9, 0)
      try play.frame(.right, 3, 7)
      #expect(play.up(on: .right) == .init(slot: Nights.ana, game: 1, frame: 2))
      #expect(play.up(on: .left) == .init(slot: Nights.cy, game: 1, frame: 2))
    }

    @Test("When Ana strikes on the left and bowls 3 and 4 on the right, then her strike's bonus crosses lanes: 17")
    mutating func bonusCrossesLanes() throws {
      try play.frame(.left, 10)
      try play.frame(.left, 5, 4)
      try play.frame(.right, 9, 0)
      try play.frame(.right, 3, 7)
      try play.frame(.right, 3, 4)
      let game = play.places[0][0].games[0]
      #expect(game.frames[0]?.lane == .left)
      #expect(game.frames[1]?.lane == .right)
      #expect(game.game.frames.map(\.cumulative) == [17, 24])
    }

    @Test("When a frame's second ball knocks more than were left, then it is refused and the night is unchanged")
    mutating func impossibleBall() throws {
      try play.frame(.left, 7)
      let before = play
      #expect(throws: LeagueError.self) { try play.deliver(.count(5), on: .left) }
      #expect(play == before)
    }

    @Test("When the night is bowled out, then every place has ten frames and nobody is up")
    mutating func bowledOut() throws {
      try play.bowlOut { _, _, _ in [4, 5] }
      #expect(play.isComplete)
      #expect(play.up(on: .left) == nil && play.up(on: .right) == nil)
      #expect(throws: LeagueError.nobodyUp(.left)) { try play.deliver(.count(1), on: .left) }
      #expect(play.scratch(Nights.di) == 90)
    }
  }

  @Suite("Given a team that crosses over before its other lane is done")
  struct OutOfStep {
    @Test("When a bowler's frame 2 comes before their frame 1 is finished, then it is kept, and the game is scored in frame order once frame 1 is done")
    func frameAheadOfItsGame() throws {
      // One bowler a team: Ana (left first) and Cy (right first).
      var play = LeaguePlay(
        night: Nights.night(pals: [Nights.bowler("Ana", 172)], kings: [Nights.bowler("Cy", 188)]))
      try play.frame(.left, 10)  // Ana, frame 1
      try play.frame(.right, 7)  // Cy's frame 1, one ball so far
      // The left lane's next turn is Cy's frame 2: a strike there before his frame 1 ends.
      try play.frame(.left, 10)
      #expect(play.counts(Nights.cy) == [[7], [10]])
      #expect(play.places[1][0].games[0].game.total == 0)
      try play.frame(.right, 3)  // Cy's frame 1 ends: a spare, its bonus the strike.
      #expect(play.places[1][0].games[0].game.frames.map(\.cumulative) == [20, nil])
    }
  }

  @Suite("Given team and series totals")
  struct Totals {
    @Test("When both teams finish a game, then the higher handicap total takes the game's point and ties split")
    func points() throws {
      var play = LeaguePlay(
        night: Nights.night(games: 2, pals: [Nights.bowler("Ana", 200)], kings: [Nights.bowler("Cy", 200)]))
      // Game 1: Ana 90, Cy 80. Game 2: both 90.
      try play.bowlOut { slot, game, _ in game == 1 && slot == Nights.cy ? [4, 4] : [4, 5] }
      #expect(play.teamTotal(0, game: 1).points == 1)
      #expect(play.teamTotal(1, game: 1).points == 0)
      #expect(play.teamTotal(0, game: 2).points == 0.5)
      #expect(play.teamSeries(0).points == 1 + 0.5 + 1)
      #expect(play.teamSeries(1).points == 0 + 0.5 + 0)
      #expect(play.teamSeries(0).scratch == 180)
      #expect(play.teamSeries(0).handicap == 2 * 18)
    }

    @Test("When a game is still being bowled, then nobody has its points yet")
    func noPointsBeforeTheEnd() throws {
      var play = LeaguePlay(night: Nights.night())
      try play.frame(.left, 10)
      #expect(play.teamTotal(0, game: 1).points == nil)
      #expect(play.teamTotal(0, game: 1).isComplete == false)
    }

    @Test("When a bowler is absent, then they are skipped and score average less 10 plus handicap")
    func absentee() throws {
      var play = LeaguePlay(
        night: Nights.night(pals: [Nights.bowler("Ana", 172), Nights.bowler("Ben", 141, absent: true)]))
      try play.frame(.left, 10)
      #expect(play.up(on: .left)?.slot == Nights.cy)
      let ben = play.gameTotal(Nights.ben, game: 1)
      #expect(ben.isAbsentee && ben.scratch == 131 && ben.handicap == 71 && ben.isComplete)
    }

    @Test("When a lineup has a vacancy, then it is skipped and scores the vacancy score plus its handicap")
    func vacancy() throws {
      var play = LeaguePlay(
        night: Nights.night(pals: [Nights.bowler("Ana", 172), .vacancy], vacancyScore: 120))
      try play.frame(.left, 10)
      #expect(play.up(on: .left)?.slot == Nights.cy)
      let empty = play.gameTotal(Nights.ben, game: 1)
      #expect(empty.isVacancy && empty.scratch == 120 && empty.handicap == 90)
      #expect(play.name(of: Nights.ben) == "Vacancy")
    }
  }
}

@Suite("A night that cannot be played")
struct LeagueNightProblemTests {
  @Test("When a bowler is marked both absent and late, then the night names the place")
  func absentAndLate() {
    let night = Nights.night(pals: [Nights.bowler("Ana", 172, absent: true, late: true)])
    #expect(night.problems.map(\.key) == ["teams[1].bowlers[1]"])
  }

  @Test("When both teams start on the same lane, then the night says Rule 106 needs them apart")
  func sameStartLane() {
    var night = Nights.night()
    night.teams[1].startLane = .left
    #expect(night.problems.map(\.key) == ["teams[2].start_lane"])
  }
}

@Suite("The board's JSON")
struct LeagueBoardJSONTests {
  @Test("When a night is under way, then undecided points, unknown totals and missing rulings are null, not left out")
  func nullsAreWritten() throws {
    var play = LeaguePlay(night: Nights.night())
    try play.frame(.left, 10)
    let json = String(decoding: try JSONEncoder().encode(LeagueBoard(play)), as: UTF8.self)
    #expect(json.contains(#""points":null"#))
    #expect(json.contains(#""cumulative":null"#))
    #expect(json.contains(#""provisional":null"#))
    #expect(try JSONDecoder().decode(LeagueBoard.self, from: Data(json.utf8)) == LeagueBoard(play))
  }
}
