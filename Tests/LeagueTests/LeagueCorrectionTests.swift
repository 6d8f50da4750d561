import Bowling
import Testing

@testable import League

@Suite("Corrections to a league night")
struct LeagueCorrectionTests {
  @Suite("Given Ana's strike on the left and Ben's 5-4 after it")
  struct AfterTwoFrames {
    var play: LeaguePlay

    init() throws {
      play = LeaguePlay(night: Nights.night())
      try play.frame(.left, 10)
      try play.frame(.left, 5, 4)
    }

    @Test("When a correction would make a later ball impossible, then it is refused and the night is unchanged")
    mutating func refusedWhenImpossible() throws {
      let before = play
      #expect(throws: LeagueError.self) {
        try play.correct(.pins(delivery: 2, [1, 2, 3, 4, 5, 6, 7, 8, 9]))
      }
      #expect(play == before)
    }

    @Test("When Ben's first ball is set from 5 to 6 pins, then his frame is 6-4, a spare")
    mutating func pinsForAnyDelivery() throws {
      try play.correct(.pins(delivery: 2, [1, 2, 3, 4, 5, 6]))
      #expect(play.counts(Nights.ben) == [[6, 4]])
      #expect(play.places[0][1].games[0].frames[0]?.scored?.isSpare == true)
    }

    @Test("When delivery 2 is a foul, then it credits nothing and the frame is 0-4")
    mutating func foul() throws {
      try play.correct(.foul(delivery: 2, true))
      #expect(play.counts(Nights.ben) == [[0, 4]])
    }

    @Test("When Ben's last ball is a dead ball, then it does not count and Ben bowls it again")
    mutating func deadBall() throws {
      try play.correct(.deadBall(delivery: 3))
      #expect(play.counts(Nights.ben) == [[5]])
      #expect(play.up(on: .left)?.slot == Nights.ben)
      #expect(play.deliveries[2].outcome == .void)
    }

    @Test("When Ben's frame was bowled out of turn by Ana's teammate... moved to Cy, then Cy has it and Ben is up again")
    mutating func moveAFrame() throws {
      try play.correct(.move(deliveries: [2, 3], to: Nights.cy))
      #expect(play.counts(Nights.cy) == [[5, 4]])
      #expect(play.counts(Nights.ben) == [])
      #expect(play.up(on: .left)?.slot == Nights.ben)
    }

    @Test("When a correction is undone, then the night is as it was before it")
    mutating func undo() throws {
      let before = play
      try play.correct(.move(deliveries: [2, 3], to: Nights.cy))
      try play.undo()
      #expect(play == before)
      #expect(throws: LeagueError.nothingToUndo) { try play.undo() }
    }

    @Test("When a delivery number is not in the night, then the correction is refused")
    mutating func noSuchDelivery() {
      #expect(throws: LeagueError.noSuchDelivery(9)) { try play.correct(.deadBall(delivery: 9)) }
    }
  }

  @Test("When the desk sets a strike to nine pins, then the ball after it completes that frame and the next bowler's frame starts later")
  func pinsMoveTheBallsAfter() throws {
    var play = LeaguePlay(night: Nights.night())
    try play.frame(.left, 10)
    try play.frame(.left, 1, 0)
    try play.correct(.pins(delivery: 1, [1, 2, 3, 4, 5, 6, 7, 8, 9]))
    #expect(play.counts(Nights.ana) == [[9, 1]])
    #expect(play.counts(Nights.ben) == [[0]])
    #expect(play.up(on: .left)?.slot == Nights.ben)
  }

  @Suite("Given a ball bowled on the wrong lane")
  struct WrongLane {
    var play: LeaguePlay

    init() throws {
      play = LeaguePlay(night: Nights.night())
      // Cy, who starts on the right, bowls his first ball on the left by mistake.
      try play.frame(.left, 8)
    }

    @Test("When it is rebowled (Rule 9), then it does not count and Ana is still up on the left")
    mutating func rebowl() throws {
      try play.correct(.wrongLane(delivery: 1, bowler: Nights.cy, rebowl: true))
      #expect(play.counts(Nights.ana) == [])
      #expect(play.up(on: .left)?.slot == Nights.ana)
      #expect(play.up(on: .right)?.slot == Nights.cy)
    }

    @Test("When it is kept, then it is Cy's first ball, marked as bowled on the left, and Ana is up on the left")
    mutating func keep() throws {
      try play.correct(.wrongLane(delivery: 1, bowler: Nights.cy, rebowl: false))
      #expect(play.counts(Nights.cy) == [[8]])
      #expect(play.places[1][0].games[0].frames[0]?.deliveries[0].isOnWrongLane == true)
      #expect(play.up(on: .left)?.slot == Nights.ana)
      #expect(play.up(on: .right) == .init(slot: Nights.cy, game: 1, frame: 1))
    }
  }

  @Suite("Given a disputed delivery (Rule 10)")
  struct Provisional {
    var play: LeaguePlay

    init() throws {
      play = LeaguePlay(night: Nights.night())
      try play.frame(.left, 7, 2)
      try play.correct(.provisional(delivery: 2))
      // The provisional ball, in place of the second.
      try play.frame(.left, 1)
    }

    @Test("When the provisional ball is bowled, then both outcomes stand and the next ball is Ben's")
    func bothOutcomesStand() {
      #expect(play.deliveries[2].outcome == .provisional(of: 2))
      #expect(play.counts(Nights.ana) == [[7, 2]])
      #expect(play.gameTotal(Nights.ana, game: 1).scratch == 9)
      #expect(play.gameTotal(Nights.ana, game: 1).provisionalScratch == 8)
      #expect(play.up(on: .left)?.slot == Nights.ben)
    }

    @Test("When the ruling says the provisional ball counts, then Ana's frame is 7-1")
    mutating func provisionalCounts() throws {
      try play.correct(.decide(delivery: 2, provisionalCounts: true))
      #expect(play.counts(Nights.ana) == [[7, 1]])
      #expect(play.deliveries[2].outcome == .void)
      #expect(play.gameTotal(Nights.ana, game: 1).provisionalScratch == nil)
    }

    @Test("When the ruling says the first ball counts, then the provisional ball is void")
    mutating func firstCounts() throws {
      try play.correct(.decide(delivery: 2, provisionalCounts: false))
      #expect(play.counts(Nights.ana) == [[7, 2]])
      #expect(play.deliveries[2].outcome == .void)
      #expect(throws: LeagueError.self) { try play.correct(.decide(delivery: 2, provisionalCounts: true)) }
    }
  }

  @Suite("Given Ben is late")
  struct Late {
    func night(_ rule: LeagueSettings.LateArrival, until: Int = 10) throws -> LeaguePlay {
      var play = LeaguePlay(
        night: Nights.night(
          pals: [Nights.bowler("Ana", 172), Nights.bowler("Ben", 141, late: true)], late: rule,
          lateUntil: until))
      // Frames 1 to 3 for both teams, Ben skipped.
      for _ in 1...3 {
        for lane in [PairSide.left, .right] { try play.bowlTeamFrame(on: lane) }
      }
      return play
    }

    @Test("When he is skipped, then the lane goes from Ana to the other team")
    func skipped() throws {
      var play = LeaguePlay(
        night: Nights.night(pals: [Nights.bowler("Ana", 172), Nights.bowler("Ben", 141, late: true)]))
      try play.frame(.left, 3, 4)
      #expect(play.up(on: .left)?.slot == Nights.cy)
    }

    @Test("When he arrives in frame 4 and the league starts late bowlers where the team is, then frames 1-3 score nothing and he bowls frame 4")
    func startWhereTheTeamIs() throws {
      var play = try night(.startWhereTeamIs)
      try play.correct(.arrived(Nights.ben))
      #expect(play.places[0][1].games[0].frames.prefix(3).allSatisfy { $0?.isMissed == true })
      try play.frame(.right, 3, 4)  // Ana, frame 4 on the right
      #expect(play.up(on: .right) == .init(slot: Nights.ben, game: 1, frame: 4))
    }

    @Test("When he arrives in frame 4 and the league lets late bowlers make up frames, then he bowls frames 1-4 on arrival")
    func makeUp() throws {
      var play = try night(.makeUp)
      try play.correct(.arrived(Nights.ben))
      try play.frame(.right, 3, 4)  // Ana, frame 4 on the right
      try play.frame(.right, 10)
      try play.frame(.right, 1, 1)
      try play.frame(.right, 2, 2)
      #expect(play.counts(Nights.ben) == [[10], [1, 1], [2, 2]])
      #expect(play.up(on: .right) == .init(slot: Nights.ben, game: 1, frame: 4))
      #expect(play.scratch(Nights.ben) == 12 + 2 + 4)
    }

    @Test("When he arrives after the league's last frame for late bowlers, then the game is the absentee's")
    func tooLate() throws {
      var play = try night(.startWhereTeamIs, until: 3)
      try play.correct(.arrived(Nights.ben))
      #expect(play.gameTotal(Nights.ben, game: 1).isAbsentee)
    }

    @Test("When he never comes and the team passes the late frame, then he scores the absentee score")
    func neverComes() throws {
      let play = try night(.startWhereTeamIs, until: 3)
      #expect(play.gameTotal(Nights.ben, game: 1).isAbsentee)
      #expect(play.gameTotal(Nights.ben, game: 1).scratch == 131)
    }
  }

  @Suite("Given the lineup changes during the night")
  struct Lineup {
    @Test("When Ben is marked absent after game 1, then game 2 is his absentee score and game 1 stays bowled")
    func blindAfterTheStart() throws {
      var play = LeaguePlay(night: Nights.night(games: 2))
      for _ in 1...10 {
        for lane in [PairSide.left, .right] { try play.bowlTeamFrame(on: lane) }
      }
      try play.correct(.absent(Nights.ben, true))
      #expect(play.gameTotal(Nights.ben, game: 1).isAbsentee == false)
      #expect(play.gameTotal(Nights.ben, game: 2).isAbsentee)
      try play.correct(.absent(Nights.ben, false))
      #expect(play.gameTotal(Nights.ben, game: 2).isAbsentee == false)
    }

    @Test("When the desk changes Ben's average or handicap for the night, then his handicap follows")
    func averageAndHandicap() throws {
      var play = LeaguePlay(night: Nights.night())
      try play.correct(.average(Nights.ben, 160))
      #expect(play.gameTotal(Nights.ben, game: 1).handicap == 54)
      try play.correct(.handicap(Nights.ben, 20))
      #expect(play.gameTotal(Nights.ben, game: 1).handicap == 20)
      try play.correct(.handicap(Nights.ben, nil))
      #expect(play.gameTotal(Nights.ben, game: 1).handicap == 54)
    }

    @Test("When Eve substitutes for Ben after frame 1, then Ben keeps frame 1, Eve bowls on, and the game is the place's")
    func substitute() throws {
      var play = LeaguePlay(night: Nights.night())
      try play.bowlTeamFrame(on: .left)
      try play.correct(.substitute(Nights.ben, name: "Eve", average: 150))
      try play.bowlTeamFrame(on: .right)
      try play.bowlTeamFrame(on: .right)
      let frames = play.places[0][1].games[0].frames
      #expect(frames[0]?.person == 0 && frames[1]?.person == 1)
      #expect(play.name(of: Nights.ben) == "Eve")
    }

    @Test("When a substitute comes in the middle of a frame, then it is refused")
    func substituteMidFrame() throws {
      var play = LeaguePlay(night: Nights.night())
      try play.frame(.left, 10)
      try play.frame(.left, 4)
      #expect(throws: LeagueError.self) {
        try play.correct(.substitute(Nights.ben, name: "Eve", average: 150))
      }
    }
  }
}

extension LeaguePlay {
  /// Bowls 3-4 for every bowler up on `lane` until the team's frame there is done.
  mutating func bowlTeamFrame(on lane: PairSide) throws {
    guard let first = up(on: lane) else { return }
    while let turn = up(on: lane), turn.slot.team == first.slot.team, turn.game == first.game,
      turn.frame == first.frame || turn.frame < first.frame
    {
      try frame(lane, 3, 4)
    }
  }
}
