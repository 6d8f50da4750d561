import Testing
@testable import Bowling

@Suite("Fouls and the racks set for each ball")
struct FoulAndRackTests {
  @Suite("Given a first-ball foul that knocked pins down")
  struct FirstBallFoul {
    let game: Game

    init() throws {
      game = try Game([.foul(knocked: [1, 2, 3, 5])])
    }

    @Test("Then the foul credits nothing and is marked F")
    func creditsNothing() {
      let ball = game.frames[0].balls[0]
      #expect(ball.credited == 0)
      #expect(ball.mark == .foul)
      #expect(!ball.isSplit)
    }

    @Test("Then a full rack is set again for the second ball, which cannot strike")
    func fullRackAgain() {
      #expect(game.standing == Rack.reset)
      #expect(game.nextBall == BallPosition(frame: 1, ball: 2))
    }

    @Test("When the second ball knocks all ten, then it is a spare worth ten plus the next ball")
    func tenIsSpare() throws {
      var game = game
      try game.record(.knocked(.full))
      try game.record(.count(6))
      #expect(game.frames[0].balls[1].mark == .spare)
      #expect(game.frames[0].isSpare)
      #expect(!game.frames[0].isStrike)
      #expect(game.frames[0].cumulative == 16)
    }
  }

  @Test("When a second ball fouls, then it credits nothing and the frame is open")
  func secondBallFoul() throws {
    let game = try Game([.count(7), .foul(knocked: [])])
    #expect(game.frames[0].balls.map(\.mark) == [.count(7), .foul])
    #expect(game.frames[0].cumulative == 7)
    #expect(game.standing == .fresh)
  }

  @Test("When every ball fouls, then the game completes with zero")
  func allFouls() throws {
    let game = try Game(Array(repeating: Throw.foul(), count: 20))
    #expect(game.isComplete)
    #expect(game.total == 0)
  }

  @Test("When a count-only ball is bowled at a known rack, then only the count stays known")
  func countMakesPinsUnknown() throws {
    let game = try Game([.count(7)])
    #expect(game.standing == Rack(count: 3))
    #expect(game.standing?.pins == nil)
  }

  @Test("When pins are sensed, then the leave is known exactly")
  func pinsStayKnown() throws {
    let game = try Game([.knocked([1, 2, 4, 5, 7, 8])])
    #expect(game.standing == Rack(pins: [3, 6, 9, 10]))
    #expect(game.frames[0].balls[0].standingAfter.description == "3-6-9-10")
  }

  @Test("When sensed pins follow a count, then only the count is checked")
  func pinsAfterCount() throws {
    let game = try Game([.count(6), .knocked([7, 8, 9, 10])])
    #expect(game.frames[0].balls[1].mark == .spare)
  }

  @Suite("Given the tenth frame")
  struct TenthFrame {
    let ninthFrames: [Throw] = Array(repeating: .count(0), count: 18)

    @Test("When the first ball strikes, then a fresh rack is set for the second")
    func freshAfterStrike() throws {
      let game = try Game(ninthFrames + [.knocked(.full)])
      #expect(game.standing == .fresh)
      #expect(game.nextBall == BallPosition(frame: 10, ball: 2))
    }

    @Test("When a strike is followed by a partial ball, then the third ball faces its leave")
    func leaveAfterStrike() throws {
      let game = try Game(ninthFrames + [.knocked(.full), .knocked([1, 2, 4, 7])])
      #expect(game.standing == Rack(pins: [3, 5, 6, 8, 9, 10]))
      #expect(game.nextBall == BallPosition(frame: 10, ball: 3))
    }

    @Test("When a strike is followed by a foul, then a full rack is set and clearing it spares")
    func foulAfterStrike() throws {
      let game = try Game(ninthFrames + [.count(10), .foul(), .count(10)])
      #expect(game.frames[9].balls.map(\.mark) == [.strike, .foul, .spare])
      #expect(game.total == 20)
    }

    @Test("When the first two balls spare, then a fresh rack is set for the bonus ball")
    func freshAfterSpare() throws {
      let game = try Game(ninthFrames + [.count(4), .count(6)])
      #expect(game.standing == .fresh)
      let complete = try Game(ninthFrames + [.count(4), .count(6), .count(10)])
      #expect(complete.frames[9].balls.map(\.mark) == [.count(4), .spare, .strike])
    }

    @Test("When the first ball fouls and the second clears the rack, then a bonus ball follows")
    func foulThenSpare() throws {
      let game = try Game(ninthFrames + [.foul(), .count(10), .count(3)])
      #expect(game.frames[9].balls.map(\.mark) == [.foul, .spare, .count(3)])
      #expect(game.isComplete)
      #expect(game.total == 13)
    }

    @Test("When three strikes are bowled, then all three are marked X")
    func threeStrikes() throws {
      let game = try Game(ninthFrames + Array(repeating: .knocked(.full), count: 3))
      #expect(game.frames[9].balls.map(\.mark) == [.strike, .strike, .strike])
      #expect(game.frames[9].cumulative == 30)
    }
  }
}
