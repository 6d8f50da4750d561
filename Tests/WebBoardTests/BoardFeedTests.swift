import Bowling
import Foundation
import LaneBridge
import Testing
import WebBoard

@Suite("The web board of a lane, fed by the lane loop's events")
struct BoardFeedTests {
  @Suite("Given a strike and then a first ball leaving 7-10")
  struct StrikeThenSplit {
    let recorder: BoardRecorder

    init() throws { recorder = try boards(BoardScripts.strikeThenSplit) }

    @Test("When the strike is scored, then frame 1 shows X with its total pending and the deck is cleared")
    func strike() throws {
      let update = try #require(recorder.updates.first { $0.board.bowlers[0].game.frames.count == 1 })
      let frame = update.board.bowlers[0].game.frames[0]

      #expect(frame.balls.map(\.mark) == ["X"])
      #expect(frame.cumulative == nil)
      #expect(update.board.deck.standing == [])
      #expect(update.board.deck.isSplit == false)
    }

    @Test("When the split is scored, then frame 2 shows 8, the deck shows the 7 and 10 standing, marked as a split")
    func split() {
      let board = recorder.board

      #expect(board.bowlers[0].game.frames.map { $0.balls.map(\.mark) } == [["X"], ["8"]])
      #expect(board.bowlers[0].game.frames[1].balls[0].isSplit)
      #expect(board.bowlers[0].game.frames[1].balls[0].standingAfter == [7, 10])
      #expect(board.deck == LaneBoard.Deck(standing: [7, 10], count: 2, isSplit: true))
      #expect(board.bowlers[0].game.total == 0)
    }

    @Test("When the trace ends, then the board says so and carries the last journal sequence")
    func ended() {
      #expect(recorder.board.status == .ended)
      #expect(recorder.board.sequence == 3)
      #expect(recorder.board.lane == "7")
    }

    @Test("When events follow one another, then the update ids are their journal sequences, never going back")
    func ids() {
      let ids = recorder.updates.map(\.id)

      #expect(ids.first == 1)
      #expect(ids == ids.sorted())
      #expect(Set(ids) == [1, 2, 3])
    }
  }

  @Suite("Given two bowlers")
  struct TwoBowlers {
    let recorder: BoardRecorder

    init() throws { recorder = try boards(BoardScripts.twoBowlers, bowlers: ["Ana", "Ben"]) }

    @Test("When Ana finishes her frame, then Ben is up and both frames are on the board with running totals")
    func turns() {
      let board = recorder.board

      #expect(board.bowlers.map(\.name) == ["Ana", "Ben"])
      #expect(board.currentBowler == 1)
      #expect(board.bowlers[0].game.frames[0].balls.map(\.mark) == ["8", "1"])
      #expect(board.bowlers[0].game.frames[0].cumulative == 9)
      #expect(board.bowlers[0].seriesTotal == 9)
      #expect(board.bowlers[1].game.frames[0].balls.map(\.mark) == ["3"])
      #expect(board.deck.standing == [4, 5, 6, 7, 8, 9, 10])
    }

    @Test("When Ana's second ball takes the 7, then the board shows the 10 alone standing after it")
    func standingAfterEachBall() {
      let balls = recorder.board.bowlers[0].game.frames[0].balls

      #expect(balls.map(\.standingAfter) == [[7, 10], [10]])
      #expect(balls.map(\.standingCount) == [2, 1])
    }
  }

  @Suite("Given a perfect game")
  struct PerfectGame {
    let recorder: BoardRecorder

    init() throws { recorder = try boards(BoardScripts.perfectGame) }

    @Test("When the twelfth strike is scored, then the game is complete at 300")
    func total() {
      let game = recorder.board.bowlers[0].game

      #expect(game.isComplete)
      #expect(game.total == 300)
      #expect(game.frames[9].balls.map(\.mark) == ["X", "X", "X"])
      #expect(recorder.board.bowlers[0].finishedTotals == [300])
    }

    @Test("When the lane's games are listed, then the finished game is there with twelve strikes")
    func games() throws {
      let games = LaneGames(lane: "7", session: recorder.session, sequence: recorder.board.sequence)

      let finished = try #require(games.games.first)
      #expect(games.games.count == 1)
      #expect(finished.game.total == 300)
      #expect(finished.statistics.strikes == 12)
      #expect(finished.statistics.opens == 0)
      #expect(finished.statistics.firstBallAverage == 10)
    }
  }

  @Suite("Given a session fed event by event")
  struct ByHand {
    var session = LaneSession(bowlers: ["Ana"])
    var feed: BoardFeed

    init() { feed = BoardFeed(lane: "2", session: session) }

    @Test("When nothing has happened yet, then the board is waiting with a full deck")
    func waiting() {
      #expect(feed.board.status == .waiting)
      #expect(feed.board.deck.standing == Array(1...10))
      #expect(feed.board.bowlers.map(\.name) == ["Ana"])
    }

    @Test("When the last ball is corrected, then the board says who corrected what and the deck follows the correction")
    mutating func correction() throws {
      try session.record(.knocked([1, 2, 3]))
      try session.correct(.setPins([1, 2, 4]))

      let update = feed.apply(
        LaneEvent(.corrected(.setPins([1, 2, 4]), change: "1-2-3 to 1-2-4", by: "desk"), sequence: 5),
        in: session)

      #expect(update.board.notice?.contains("correction by desk") == true)
      #expect(update.board.deck.standing == [3, 5, 6, 7, 8, 9, 10])
      #expect(update.board.bowlers[0].game.frames[0].balls.map(\.mark) == ["3"])
      #expect(update.id == 5)
    }

    @Test("When more warnings come than the board keeps, then it keeps the latest five")
    mutating func faults() {
      for number in 1...7 {
        _ = feed.apply(LaneEvent(.notice("refused \(number)"), sequence: 1), in: session)
      }

      #expect(feed.board.faults == (3...7).map { "warning: refused \($0)" })
    }

    @Test("When the lane is stopped, then the board says stopped")
    mutating func stopped() {
      _ = feed.apply(LaneEvent(.status(.stopped(openDeliverySince: nil)), sequence: 4), in: session)

      #expect(feed.board.status == .stopped)
    }

    @Test("When the event is published, then its time is on the board for measuring page latency")
    mutating func publishedAt() {
      let update = feed.apply(LaneEvent(.status(.running), sequence: 1), in: session, publishedAt: 1_234.5)

      #expect(update.board.publishedAt == 1_234.5)
    }
  }
}
