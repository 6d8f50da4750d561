import Testing

@testable import League

@Suite("The order of turns on a pair (Rule 106)")
struct PairOrderTests {
  let order = PairOrder(night: Nights.night(games: 3))

  @Test("When a team starts on the left, then it bowls odd frames on the left and even frames on the right")
  func alternatesEveryFrame() {
    let lanes = (1...10).map { order.lane(team: 0, game: 1, frame: $0) }
    #expect(lanes == [.left, .right, .left, .right, .left, .right, .left, .right, .left, .right])
    #expect((1...10).map { order.lane(team: 1, game: 1, frame: $0) } == lanes.map(\.other))
  }

  @Test("When a game ends, then alternation carries on: five frames on each lane every game")
  func continuesAcrossGames() {
    #expect(order.lane(team: 0, game: 1, frame: 10) == .right)
    #expect(order.lane(team: 0, game: 2, frame: 1) == .left)
    for game in 1...3 {
      #expect((1...10).filter { order.lane(team: 0, game: game, frame: $0) == .left }.count == 5)
    }
  }

  @Test("When a lane's turns are listed, then it serves the team that started there, then the other, in turn")
  func eachLaneServesTheTeamsInTurn() {
    let left = (0..<4).map { order.turn($0, on: .left) }
    #expect(left.map(\.team) == [0, 1, 0, 1])
    #expect(left.map(\.frame) == [1, 2, 3, 4])
    let right = (0..<4).map { order.turn($0, on: .right) }
    #expect(right.map(\.team) == [1, 0, 1, 0])
    #expect(order.turn(10, on: .left) == .init(team: 0, game: 2, frame: 1))
  }
}
