import Testing
@testable import Bowling

/// A leave after a first ball and whether USBC rule 2h (as implemented) calls it a split.
struct Leave: CustomTestStringConvertible, Sendable {
  let standing: PinSet
  let isSplit: Bool

  var testDescription: String { "\(standing) is \(isSplit ? "a split" : "not a split")" }
}

extension Leave {
  static let table: [Leave] = [
    Leave(standing: [7, 10], isSplit: true),
    Leave(standing: [7, 9], isSplit: true),
    Leave(standing: [3, 10], isSplit: true),
    Leave(standing: [2, 7], isSplit: true),
    Leave(standing: [2, 10], isSplit: true),
    Leave(standing: [4, 5], isSplit: true),
    Leave(standing: [7, 8], isSplit: true),
    Leave(standing: [5, 6], isSplit: true),
    Leave(standing: [5, 6, 9], isSplit: true),
    Leave(standing: [4, 6, 7, 10], isSplit: true),
    Leave(standing: [4, 7, 10], isSplit: true),
    Leave(standing: [8, 10], isSplit: true),
    Leave(standing: [2, 4, 5, 8], isSplit: false),
    Leave(standing: [2, 8], isSplit: false),
    Leave(standing: [4, 7], isSplit: false),
    Leave(standing: [3, 6, 10], isSplit: false),
    Leave(standing: [1, 2, 10], isSplit: false),
    Leave(standing: [1, 7, 10], isSplit: false),
    Leave(standing: [10], isSplit: false),
    Leave(standing: [], isSplit: false),
    Leave(standing: [2, 4, 7, 8], isSplit: false),
  ]
}

@Suite("Splits")
struct SplitTests {
  @Test("When a first ball leaves these pins, then the split rule decides", arguments: Leave.table)
  func leaves(leave: Leave) throws {
    #expect(leave.standing.isSplit == leave.isSplit)
    let game = try Game([.knocked(leave.standing.complement)])
    #expect(game.frames[0].balls[0].isSplit == leave.isSplit)
  }

  @Test("When a second ball leaves a split-like set, then it is not marked a split")
  func secondBallIsNeverSplit() throws {
    let game = try Game([.knocked([2, 4, 7]), .knocked([1, 5, 3, 6, 8, 9])])
    #expect(game.frames[0].balls[1].standingAfter == Rack(pins: [10]))
    #expect(!game.frames[0].balls[1].isSplit)
    let wide = try Game([.knocked([4, 7]), .knocked([1, 2, 3, 5, 6, 9])])
    #expect(wide.frames[0].balls[1].standingAfter == Rack(pins: [8, 10]))
    #expect(!wide.frames[0].balls[1].isSplit)
  }

  @Test("When only the count of a first ball is known, then no split can be marked")
  func countsHaveNoSplits() throws {
    let game = try Game([.count(8)])
    #expect(!game.frames[0].balls[0].isSplit)
  }

  @Test("When a foul leaves a split-like set, then no split is marked: the rack is reset")
  func foulsHaveNoSplits() throws {
    let game = try Game([.foul(knocked: ([7, 10] as PinSet).complement)])
    #expect(!game.frames[0].balls[0].isSplit)
  }

  @Test("When a fresh tenth-frame rack after a strike leaves a split, then it is marked")
  func tenthFrameBonusRack() throws {
    let game = try Game(
      Array(repeating: .count(0), count: 18) + [.knocked(.full), .knocked(([7, 10] as PinSet).complement)])
    #expect(game.frames[9].balls.map(\.isSplit) == [false, true])
  }
}
