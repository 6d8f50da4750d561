import Bowling
import Testing

/// A first ball that leaves the 7-10 split.
private let sevenTen = ([7, 10] as PinSet).complement

@Suite("A lane session")
struct LaneSessionTests {
  @Suite("Given three bowlers and no ball bowled")
  struct ThreeBowlers {
    var session = LaneSession(bowlers: ["Ana", "Ben", "Cho"])

    @Test("When each bowls a frame, then the turn passes Ana, Ben, Cho and back to Ana")
    mutating func turnOrder() throws {
      #expect(session.currentBowler == 0)
      try session.record(.knocked(.full))  // Ana strikes: her frame is over
      #expect(session.currentBowler == 1)
      try session.record(.knocked(sevenTen))  // Ben's frame is open: still Ben
      #expect(session.currentBowler == 1)
      #expect(session.standing == Rack(pins: [7, 10]))
      try session.record(.knocked([7]))
      #expect(session.currentBowler == 2)
      try session.record(.count(0))
      try session.record(.count(0))
      #expect(session.currentBowler == 0)
      #expect(session.recorded.map(\.bowler) == [0, 1, 1, 2, 2])
      #expect(session.series.map(\.current.frames.count) == [1, 1, 1])
    }

    @Test("When every bowler finishes a game, then the next ball starts game 2 for the first bowler")
    mutating func nextGame() throws {
      for _ in 0..<(12 * 3) { try session.record(.knocked(.full)) }
      #expect(session.series.allSatisfy { $0.current.total == 300 && $0.current.isComplete })

      let recorded = try session.record(.knocked([1, 2]))

      #expect(recorded == LaneSession.Recorded(bowler: 0, game: 2, position: .init(frame: 1, ball: 1)))
      #expect(session.series[0].games.count == 2)
      #expect(session.series[0].games[0].total == 300)
      #expect(session.currentBowler == 0)
    }

    @Test("When an impossible ball is recorded, then it is refused naming the bowler and nothing changes")
    mutating func impossibleBall() throws {
      try session.record(.knocked(sevenTen))
      try session.record(.knocked([7]))
      try session.record(.knocked(sevenTen))
      let before = session

      #expect(throws: SessionError.impossible(
        .pinsNotStanding([1], standing: [7, 10], at: .init(frame: 1, ball: 2)), bowler: "Ben")
      ) {
        try session.record(.knocked([1]))
      }
      #expect(session == before)
    }

    @Test("When a ball is only checked, then an impossible one is refused as recording would, and nothing changes either way")
    mutating func checkOnly() throws {
      try session.record(.knocked(sevenTen))
      let before = session

      try session.check(.knocked([7]))
      #expect(throws: SessionError.impossible(
        .pinsNotStanding([1], standing: [7, 10], at: .init(frame: 1, ball: 2)), bowler: "Ana")
      ) {
        try session.check(.knocked([1]))
      }
      #expect(session == before)
    }

    @Test("When three bowlers have bowled five games each, then the next ball is the first bowler's game 6, then the second's")
    mutating func manyGames() throws {
      for _ in 0..<(5 * 12 * 3) { try session.record(.knocked(.full)) }
      #expect(session.series.map(\.games.count) == [5, 5, 5])

      let first = try session.record(.knocked(.full))
      let second = try session.record(.count(3))

      #expect(first == LaneSession.Recorded(bowler: 0, game: 6, position: .init(frame: 1, ball: 1)))
      #expect(second == LaneSession.Recorded(bowler: 1, game: 6, position: .init(frame: 1, ball: 1)))
    }
  }

  @Suite("Given one unnamed bowler")
  struct OneBowler {
    static let games: [[Throw]] = [
      Array(repeating: .knocked(.full), count: 12) + [.knocked([7, 10])],
      [.knocked(sevenTen), .foul(), .count(9), .count(1), .count(10)]
        + Array(repeating: .count(4), count: 16),
    ]

    @Test("When balls are recorded, then the games are those of a GameSeries", arguments: games)
    func likeGameSeries(deliveries: [Throw]) throws {
      var session = LaneSession(bowlers: [])
      var series = GameSeries()
      for delivery in deliveries {
        let recorded = try session.record(delivery)
        #expect(recorded.inSeries == (try series.record(delivery)))
        #expect(session.currentBowler == 0)
      }
      #expect(session.bowlers == [""])
      #expect(session.series == [series])
    }
  }

  @Suite("Given a bowler whose last ball left 7-10, then a second bowler's strike")
  struct Corrections {
    var session = LaneSession(bowlers: ["Ana", "Ben"])

    init() throws {
      try session.record(.knocked(sevenTen))
      try session.record(.knocked([7]))
      try session.record(.knocked(.full))
    }

    @Test("When the strike is corrected to nine pins, then Ben's frame reopens and Ben is up again")
    mutating func setPins() throws {
      try session.correct(.setPins(([10] as PinSet).complement))

      #expect(session.deliveries.last == .knocked(([10] as PinSet).complement))
      #expect(session.currentBowler == 1)
      #expect(session.standing == Rack(pins: [10]))
      #expect(session.series[1].current.frames[0].isStrike == false)
    }

    @Test("When the strike is marked a foul, then it credits nothing and Ben bowls at a full rack again")
    mutating func foul() throws {
      try session.correct(.foul(true))

      #expect(session.series[1].current.total == 0)
      #expect(session.currentBowler == 1)
      #expect(session.standing == .reset)
    }

    @Test("When a foul is asked for twice, then the second is refused")
    mutating func foulTwice() throws {
      try session.correct(.foul(true))
      #expect(throws: SessionError.foulAlreadySet(true)) { try session.correct(.foul(true)) }
      #expect(throws: SessionError.foulAlreadySet(false)) {
        try session.correct(.foul(false))
        try session.correct(.foul(false))
      }
    }

    @Test("When the strike is a dead ball, then it does not count and Ben bowls at a fresh rack")
    mutating func deadBall() throws {
      try session.correct(.deadBall)

      #expect(session.deliveries.count == 2)
      #expect(session.series[1].current.frames.isEmpty)
      #expect(session.currentBowler == 1)
      #expect(session.standing == .fresh)
    }

    @Test("When undo follows a correction, then the correction is taken back; again, the strike too")
    mutating func undo() throws {
      let beforeCorrection = session
      try session.correct(.setPins([1, 2, 3]))

      try session.correct(.undo)
      #expect(session.deliveries == beforeCorrection.deliveries)
      #expect(session.series == beforeCorrection.series)

      try session.correct(.undo)
      #expect(session.deliveries.count == 2)
      #expect(session.currentBowler == 1)
    }

    @Test("When a dead ball, a foul and a pin correction are undone in turn, then each state returns")
    mutating func undoEveryKind() throws {
      let original = session
      try session.correct(.deadBall)
      let afterDeadBall = session
      try session.correct(.foul(true))
      let afterFoul = session
      try session.correct(.setPins([7]))

      try session.correct(.undo)
      #expect(session.deliveries == afterFoul.deliveries)
      try session.correct(.undo)
      #expect(session.deliveries == afterDeadBall.deliveries)
      try session.correct(.undo)
      #expect(session.deliveries == original.deliveries)
      #expect(session.series == original.series)
    }

    @Test("When pins are set that were not standing, then the correction is refused and nothing changes")
    mutating func impossibleCorrection() throws {
      try session.correct(.deadBall)  // Ben's strike: Ana's 7 is the last ball again
      let before = session

      #expect(throws: SessionError.impossible(
        .pinsNotStanding([1], standing: [7, 10], at: .init(frame: 1, ball: 2)), bowler: "Ana")
      ) {
        try session.correct(.setPins([1, 7]))
      }
      #expect(session == before)
    }

    @Test("When everything is undone, then one more undo is refused")
    mutating func nothingToUndo() throws {
      for _ in 0..<3 { try session.correct(.undo) }
      #expect(session.deliveries.isEmpty)
      #expect(throws: SessionError.nothingToUndo) { try session.correct(.undo) }
      #expect(throws: SessionError.noDelivery(.deadBall)) { try session.correct(.deadBall) }
    }
  }
}
