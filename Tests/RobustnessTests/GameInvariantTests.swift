import Bowling
import PropertyBased
import Testing

@Suite("Scoring engine invariants on random legal and illegal balls")
struct GameInvariantTests {
  @Test(
    "When any legal balls are recorded, then running totals never decrease and stay within 300",
    arguments: Choices.Pinfall.allCases)
  func totalsNeverDecrease(pinfall: Choices.Pinfall) async {
    await propertyCheck(input: Choices.balls) { choices in
      var game = Game()
      var previousTotal = 0
      for delivery in Choices.legalGame(choices, as: pinfall) {
        try game.record(delivery)
        let totals = game.frames.compactMap(\.cumulative)
        #expect(totals == totals.sorted())
        #expect(totals.allSatisfy { (0...300).contains($0) })
        #expect(game.total >= previousTotal)
        previousTotal = game.total
      }
    }
  }

  @Test(
    "When any legal balls are recorded, then a running total is missing only while a ball it needs is to come, and never changes once known",
    arguments: Choices.Pinfall.allCases)
  func runningTotalsKnownWhenDue(pinfall: Choices.Pinfall) async {
    await propertyCheck(input: Choices.balls) { choices in
      var game = Game()
      var known: [Int: Int] = [:]
      for delivery in Choices.legalGame(choices, as: pinfall) {
        try game.record(delivery)
        var ballsAfter = game.balls.count
        var earlierMissing = false
        for frame in game.frames {
          ballsAfter -= frame.balls.count
          let bonus = frame.isTenth ? 0 : frame.isStrike ? 2 : frame.isSpare ? 1 : 0
          let waiting = !frame.isComplete || ballsAfter < bonus || earlierMissing
          #expect((frame.cumulative == nil) == waiting, "frame \(frame.number)")
          if let cumulative = frame.cumulative {
            #expect(known[frame.number, default: cumulative] == cumulative)
            known[frame.number] = cumulative
          }
          earlierMissing = frame.cumulative == nil
        }
      }
    }
  }

  @Test(
    "When enough legal balls are bowled, then the game completes with ten scored frames and takes no further ball",
    arguments: Choices.Pinfall.allCases)
  func gameAlwaysCompletes(pinfall: Choices.Pinfall) async {
    await propertyCheck(input: Choices.completeGame, Gen.int(in: 0...10)) { choices, extra in
      let game = try Game(Choices.legalGame(choices, as: pinfall))
      #expect(game.isComplete)
      #expect(game.nextBall == nil)
      #expect(game.frames.count == 10)
      #expect(game.frames.allSatisfy { $0.cumulative != nil })
      #expect(game.total == game.frames[9].cumulative)

      var after = game
      #expect(throws: ScoringError.gameOver(at: BallPosition(
        frame: 10, ball: game.frames[9].balls.count + 1))
      ) {
        try after.record(.count(extra))
      }
      #expect(after == game)
    }
  }

  @Test(
    "When a random ball is offered, then it is rejected exactly when it knocks more pins than stand or pins not standing, and a rejected ball changes nothing")
  func rejectsExactlyImpossibleBalls() async {
    let offered = Gen.int(in: 0...0xFFFF).map { choice -> Throw in
      let pins = PinSet(bits: UInt16(choice >> 3) & 0x3FF) ?? .empty
      switch choice & 0b11 {
      case 0: return .count((choice >> 3) % 15 - 2)
      case 1: return .knocked(pins)
      case 2: return .foul(knocked: pins)
      default: return Throw(.count((choice >> 3) % 12), isFoul: true)
      }
    }
    await propertyCheck(
      input: Choices.balls, Gen<Choices.Pinfall>.case, offered
    ) { choices, pinfall, delivery in
      let before = try Game(Choices.legalGame(choices, as: pinfall))
      var game = before
      guard let rack = before.standing else {
        #expect(throws: ScoringError.self) { try game.record(delivery) }
        #expect(game == before)
        return
      }
      let down = delivery.pinsDown
      let impossible = down < 0 || down > rack.count
        || delivery.knockedPins.map { knocked in
          rack.pins.map { !knocked.isSubset(of: $0) } ?? false
        } ?? false
      do {
        try game.record(delivery)
        #expect(!impossible, "accepted \(delivery) at \(rack)")
        #expect(game.balls.count == before.balls.count + 1)
      } catch let error as ScoringError {
        #expect(impossible, "rejected \(delivery) at \(rack): \(error)")
        #expect(game == before)
        #expect(error.position == before.nextBall)
      }
    }
  }

  @Test(
    "When legal balls are recorded one by one, then the game equals the one made from the whole list",
    arguments: Choices.Pinfall.allCases)
  func ballByBallEqualsList(pinfall: Choices.Pinfall) async {
    await propertyCheck(input: Choices.balls) { choices in
      let deliveries = Choices.legalGame(choices, as: pinfall)
      var game = Game()
      for delivery in deliveries { try game.record(delivery) }
      #expect(try game == Game(deliveries))
      #expect(game.deliveries == deliveries)
    }
  }

  @Test(
    "When every ball of a game is a strike, however it is recorded, then the game scores 300")
  func perfectGame() async {
    let strike = Gen.bool.map { exact -> Throw in exact ? .knocked(.full) : .count(10) }
    await propertyCheck(input: strike.array(of: 12...12)) { strikes in
      let game = try Game(strikes)
      #expect(game.isComplete)
      #expect(game.total == 300)
      #expect(game.frames.map(\.cumulative) == (1...10).map { $0 * 30 })
    }
  }

  @Test(
    "When a game is recorded with exact pins, then each ball credits the pins it knocked, except a foul, which credits none")
  func creditedEqualsKnocked() async {
    await propertyCheck(input: Choices.balls) { choices in
      let game = try Game(Choices.legalGame(choices, as: .pinSets))
      for ball in game.balls {
        let knocked = ball.delivery.knockedPins?.count
        #expect(ball.credited == (ball.delivery.isFoul ? 0 : knocked))
        if let before = ball.standingBefore.pins, let after = ball.standingAfter.pins,
          let knockedPins = ball.delivery.knockedPins
        {
          #expect(after == before.subtracting(knockedPins))
        }
      }
      #expect(game.total <= game.balls.reduce(0) { $0 + $1.credited } * 3)
    }
  }

  @Test(
    "When a game is recorded with exact pins, then only a legal first ball at a freshly set rack leaves a split")
  func splitsOnlyAfterFirstBalls() async {
    await propertyCheck(input: Choices.balls) { choices in
      let game = try Game(Choices.legalGame(choices, as: .pinSets))
      for ball in game.balls where ball.isSplit {
        #expect(ball.standingBefore.isFresh)
        #expect(!ball.delivery.isFoul)
        #expect(ball.position.ball == 1 || ball.position.frame == 10)
        #expect(ball.standingAfter.pins.map(\.isSplit) == true)
      }
    }
  }
}
