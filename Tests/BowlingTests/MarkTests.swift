import Testing
@testable import Bowling

@Suite("Marks")
struct MarkTests {
  @Test("When balls strike, spare, miss, foul or count, then each gets its score-sheet mark")
  func marks() throws {
    let game = try Game([
      .count(10), .count(0), .count(10), .foul(), .count(4), .count(9), .count(0), .count(3),
    ])
    #expect(game.balls.map(\.mark) == [
      .strike, .miss, .spare, .foul, .count(4), .count(9), .miss, .count(3),
    ])
    #expect(game.balls.map(\.mark.symbol).joined() == "X-/F49-3")
  }

  @Test("Then every ball knows where it fell")
  func positions() throws {
    let game = try Game([.count(10), .count(3), .count(4)])
    #expect(game.balls.map(\.position) == [
      BallPosition(frame: 1, ball: 1), BallPosition(frame: 2, ball: 1),
      BallPosition(frame: 2, ball: 2),
    ])
  }
}
