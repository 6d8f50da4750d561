import Testing
@testable import Bowling

@Suite("A series of games on a lane")
struct GameSeriesTests {
  @Suite("Given a series with no ball bowled")
  struct Empty {
    let series = GameSeries()

    @Test("Then it holds one empty game waiting for a fresh rack")
    func oneEmptyGame() {
      #expect(series.games.count == 1)
      #expect(series.current.frames.isEmpty)
      #expect(series.standing == .fresh)
    }
  }

  @Suite("Given a series whose first game is complete")
  struct AfterAPerfectGame {
    var series = GameSeries()

    init() throws {
      for _ in 0..<12 { try series.record(.knocked(.full)) }
    }

    @Test("Then the next ball is for a fresh rack in a new game")
    func freshRackNext() {
      #expect(series.games.count == 1)
      #expect(series.current.isComplete)
      #expect(series.standing == .fresh)
    }

    @Test("When the next delivery comes, then it starts a new game and the old one is kept")
    mutating func nextDeliveryStartsNewGame() throws {
      let recorded = try series.record(.knocked([7, 10]))

      #expect(series.games.count == 2)
      #expect(series.games[0].total == 300)
      #expect(series.current.frames.count == 1)
      #expect(series.current.frames[0].balls[0].delivery == .knocked([7, 10]))
      #expect(recorded.game == 2)
      #expect(recorded.position == BallPosition(frame: 1, ball: 1))
    }
  }

  @Suite("Given a game in progress")
  struct InProgress {
    var series = GameSeries()

    init() throws {
      try series.record(.knocked([1, 2, 3]))
    }

    @Test("When an impossible ball comes, then it is rejected and the series is unchanged")
    mutating func impossibleBallLeavesSeriesUnchanged() {
      let before = series
      #expect(throws: ScoringError.pinsNotStanding([1], standing: [4, 5, 6, 7, 8, 9, 10],
        at: BallPosition(frame: 1, ball: 2))) {
        try series.record(.knocked([1, 4]))
      }
      #expect(series == before)
    }

    @Test("Then the standing pins are the first ball's leave")
    func standingIsLeave() {
      #expect(series.standing == Rack(pins: [4, 5, 6, 7, 8, 9, 10]))
    }
  }
}
