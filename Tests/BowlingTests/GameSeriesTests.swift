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

    @Test("When the next delivery starts a game and the perfect one is summarised, then its summary keeps its total and statistics in 10 bytes")
    mutating func summaryIsSmall() throws {
      try series.record(.knocked([7, 10]))

      series.summariseOldest()

      #expect(series.earlier.count == 1)
      #expect(series.earlier[0].total == 300)
      #expect(
        series.earlier[0].statistics
          == GameStatistics(
            strikes: 12, spares: 0, opens: 0, splits: 0, splitConversions: 0,
            firstBallPinfall: 100, firstBalls: 10))
      #expect(MemoryLayout<GameSeries.Summary>.stride == 10)
    }
  }

  @Test("Given numbers no game reaches, when they are summarised, then they are clamped as the journal's checkpoint stores them, not wrapped")
  func summaryClampsImpossibleNumbers() {
    let summary = GameSeries.Summary(
      total: 70_000,
      statistics: GameStatistics(
        strikes: 300, spares: -1, opens: 3, splits: 2, splitConversions: 1,
        firstBallPinfall: 70_000, firstBalls: 256))

    #expect(summary.total == 65_535)
    #expect(
      summary.statistics
        == GameStatistics(
          strikes: 255, spares: 0, opens: 3, splits: 2, splitConversions: 1,
          firstBallPinfall: 65_535, firstBalls: 255))
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
