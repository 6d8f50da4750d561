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
      #expect(session.series.map(\.gameCount) == [5, 5, 5])

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

  @Suite("Given two bowlers in a session that lasts many games")
  struct Season {
    /// Ana and Ben's deliveries: strikes, spares and open frames in turn, as a lane sees them.
    static func deliveries(games: Int) -> [Throw] {
      var session = LaneSession(bowlers: ["Ana", "Ben"])
      var bowled: [Throw] = []
      let pattern: [PinSet] = [.full, [1, 2, 3, 4, 5, 6, 7], [8, 9, 10], [1, 2, 3], [4, 5]]
      var index = 0
      while session.series[0].gameCount <= games {
        let standing = session.standing.pins ?? .full
        let knocked = PinSet(pattern[index % pattern.count].filter(standing.contains))
        index += 1
        if (try? session.record(.knocked(knocked))) != nil { bowled.append(.knocked(knocked)) }
      }
      // The loop stops on Ana's first ball of the game after `games`; leave it out.
      return Array(bowled.dropLast())
    }

    let bowled = Self.deliveries(games: 40)
    var session = LaneSession(bowlers: ["Ana", "Ben"])

    init() throws {
      for delivery in bowled { try session.record(delivery) }
    }

    @Test("When forty games each are bowled, then only the last ten of each are kept whole and the rest are summarised")
    func keepsTwoGames() {
      #expect(session.series.map(\.gameCount) == [40, 40])
      #expect(session.series.map(\.earlier.count) == [30, 30])
      #expect(session.series.map(\.games.count) == [10, 10])
      #expect(session.deliveryCount == bowled.count)
      #expect(session.deliveries == Array(bowled.suffix(session.deliveries.count)))
      #expect(session.summarisedDeliveries + session.deliveries.count == bowled.count)
    }

    @Test("When games are summarised, then each bowler's series (totals, averages, statistics) is that of the games bowled whole")
    func seriesUnchanged() throws {
      // Given the same deliveries scored by one GameSeries per bowler, which keeps every game
      var whole = [GameSeries(), GameSeries()]
      var turn = LaneSession(bowlers: ["Ana", "Ben"])
      for delivery in bowled {
        let bowler = turn.currentBowler
        try turn.record(delivery)
        try whole[bowler].record(delivery)
      }
      for index in 0..<2 {
        let games = whole[index].games.filter { !$0.frames.isEmpty }
        #expect(session.series[index].statistics == SeriesStatistics(games))
        #expect(session.series[index].earlier.map(\.total) == games.prefix(30).map(\.total))
      }
    }

    @Test("When everything is undone, then the undos reach back to the first ball of each bowler's oldest whole game, nine before the current, and no further")
    mutating func undoReach() throws {
      // Ana's game 31 starts the deliveries kept whole
      #expect(session.recorded.first == .init(bowler: 0, game: 31, position: .init(frame: 1, ball: 1)))
      let kept = session.deliveries.count
      var undone = 0
      while session.canUndo {
        try session.correct(.undo)
        undone += 1
      }
      #expect(undone == kept)
      #expect(session.deliveries.isEmpty)
      #expect(session.series.map(\.gameCount) == [31, 31])
      #expect(throws: SessionError.nothingToUndo) { try session.correct(.undo) }
      #expect(throws: SessionError.noDelivery(.deadBall)) { try session.correct(.deadBall) }
      // and the games bowled again after it score as they did
      for delivery in bowled.suffix(kept) { try session.record(delivery) }
      var again = LaneSession(bowlers: ["Ana", "Ben"])
      for delivery in bowled { try again.record(delivery) }
      #expect(session.series == again.series)
    }

    @Test("When many more games are bowled, then what the session keeps does not grow")
    mutating func flat() throws {
      let before = (session.deliveries.count, session.recorded.count, session.snapshot.undo.count)
      for delivery in Self.deliveries(games: 200).dropFirst(bowled.count) { try session.record(delivery) }
      #expect(session.series.map(\.gameCount) == [200, 200])
      // At most ten games of 21 balls per bowler, and one undo step for each
      let most = 2 * LaneSession.wholeGames * 21
      #expect(session.deliveries.count <= most)
      #expect(session.recorded.count == session.deliveries.count)
      #expect(session.snapshot.undo.count <= most)
      #expect(before.0 <= most && before.1 == before.0 && before.2 <= most)
    }

    @Test("When its snapshot is restored, then the session is equal, summaries and undo steps included")
    func snapshotRoundTrip() throws {
      let snapshot = session.snapshot
      #expect(snapshot.earlier.map(\.count) == [30, 30])
      #expect(snapshot.deliveries.count == session.deliveries.count)
      #expect(try LaneSession(snapshot: snapshot) == session)
    }

    @Test("When a snapshot's summaries do not fit its bowlers or deliveries, then it is refused")
    func impossibleSnapshot() {
      var uneven = session.snapshot
      uneven.earlier[1].removeLast()
      #expect(throws: SessionError.impossibleSnapshot) { try LaneSession(snapshot: uneven) }
      var tooFew = session.snapshot
      tooFew.summarisedDeliveries = 10
      #expect(throws: SessionError.impossibleSnapshot) { try LaneSession(snapshot: tooFew) }
      var reaching = session.snapshot
      reaching.undo.insert(.init(count: 3, last: nil), at: 0)
      #expect(throws: SessionError.impossibleSnapshot) { try LaneSession(snapshot: reaching) }
    }
  }
}
