import Testing
@testable import Bowling

/// An impossible sequence of balls and the error the last ball must raise.
struct ImpossibleGame: CustomTestStringConvertible, Sendable {
  let name: String
  let deliveries: [Throw]
  let error: ScoringError

  var testDescription: String { name }
}

private func at(_ frame: Int, _ ball: Int) -> BallPosition {
  BallPosition(frame: frame, ball: ball)
}

private let nineGutterFrames: [Throw] = Array(repeating: .count(0), count: 18)

extension ImpossibleGame {
  static let table: [ImpossibleGame] = [
    ImpossibleGame(
      name: "negative count", deliveries: [.count(-1)],
      error: .negativeCount(-1, at: at(1, 1))),
    ImpossibleGame(
      name: "negative count on a second ball", deliveries: [.count(3), .count(-2)],
      error: .negativeCount(-2, at: at(1, 2))),
    ImpossibleGame(
      name: "eleven pins", deliveries: [.count(11)],
      error: .countAboveTen(11, at: at(1, 1))),
    ImpossibleGame(
      name: "eleven pins after a foul", deliveries: [.foul(), .count(11)],
      error: .countAboveTen(11, at: at(1, 2))),
    ImpossibleGame(
      name: "two balls over ten", deliveries: [.count(7), .count(4)],
      error: .moreThanStanding(knocked: 4, standing: 3, at: at(1, 2))),
    ImpossibleGame(
      name: "a foul counts its pins against the rack", deliveries: [.count(7), .foul(knocked: [1, 2, 3, 4])],
      error: .moreThanStanding(knocked: 4, standing: 3, at: at(1, 2))),
    ImpossibleGame(
      name: "over ten in the fifth frame", deliveries: Array(repeating: .count(4), count: 8) + [.count(9), .count(2)],
      error: .moreThanStanding(knocked: 2, standing: 1, at: at(5, 2))),
    ImpossibleGame(
      name: "tenth-frame third ball over the leave after a strike",
      deliveries: nineGutterFrames + [.count(10), .count(6), .count(7)],
      error: .moreThanStanding(knocked: 7, standing: 4, at: at(10, 3))),
    ImpossibleGame(
      name: "tenth-frame second ball over the leave",
      deliveries: nineGutterFrames + [.count(8), .count(3)],
      error: .moreThanStanding(knocked: 3, standing: 2, at: at(10, 2))),
    ImpossibleGame(
      name: "a pin knocked twice", deliveries: [.knocked([1, 2, 3]), .knocked([3, 6])],
      error: .pinsNotStanding([3], standing: [4, 5, 6, 7, 8, 9, 10], at: at(1, 2))),
    ImpossibleGame(
      name: "pins knocked twice in the tenth",
      deliveries: nineGutterFrames + [.knocked(.full), .knocked([1, 2, 4, 7]), .knocked([7, 4, 3])],
      error: .pinsNotStanding([4, 7], standing: [3, 5, 6, 8, 9, 10], at: at(10, 3))),
    ImpossibleGame(
      name: "a ball after an open tenth",
      deliveries: nineGutterFrames + [.count(3), .count(4), .count(0)],
      error: .gameOver(at: at(10, 3))),
    ImpossibleGame(
      name: "a ball after a perfect game",
      deliveries: Array(repeating: .count(10), count: 13),
      error: .gameOver(at: at(10, 4))),
    ImpossibleGame(
      name: "a foul after a finished game", deliveries: Array(repeating: .count(5), count: 21) + [.foul()],
      error: .gameOver(at: at(10, 4))),
  ]
}

@Suite("Impossible balls")
struct ScoringErrorTests {
  @Test("When a ball cannot have happened, then it is rejected naming frame, ball and reason",
    arguments: ImpossibleGame.table)
  func rejected(game: ImpossibleGame) {
    #expect(throws: game.error) { try Game(game.deliveries) }
  }

  @Test("When a ball is rejected, then the game is unchanged and play can continue")
  func rejectionLeavesGameUnchanged() throws {
    // Given a game with one ball
    var game = try Game([.count(7)])
    let before = game
    // When an impossible ball is recorded
    #expect(throws: ScoringError.moreThanStanding(knocked: 5, standing: 3, at: at(1, 2))) {
      try game.record(.count(5))
    }
    // Then nothing changed and a legal ball is still accepted
    #expect(game == before)
    try game.record(.count(3))
    #expect(game.frames[0].isSpare)
  }

  @Test("Then each message tells the operator where and why",
    arguments: [
      (ScoringError.moreThanStanding(knocked: 7, standing: 4, at: at(10, 3)),
       "frame 10, ball 3: 7 pins is more than the 4 standing"),
      (.moreThanStanding(knocked: 1, standing: 0, at: at(2, 2)),
       "frame 2, ball 2: 1 pin is more than the 0 standing"),
      (.negativeCount(-1, at: at(1, 1)),
       "frame 1, ball 1: -1 is not a pin count; a ball knocks down 0 to 10 pins"),
      (.countAboveTen(12, at: at(3, 1)), "frame 3, ball 1: 12 pins is more than a full rack of 10"),
      (.pinsNotStanding([3], standing: [4, 5, 6], at: at(1, 2)),
       "frame 1, ball 2: pin 3 was not standing (standing: 4-5-6)"),
      (.pinsNotStanding([4, 7], standing: [3, 5], at: at(10, 3)),
       "frame 10, ball 3: pins 4-7 were not standing (standing: 3-5)"),
      (.gameOver(at: at(10, 3)),
       "frame 10, ball 3: the game is already over; start a new game for this ball"),
    ])
  func messages(error: ScoringError, message: String) {
    #expect(error.description == message)
  }
}
