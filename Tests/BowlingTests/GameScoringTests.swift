import Testing
@testable import Bowling

/// A game keyed in as pin counts, with the total and running totals worked out by hand.
struct ScoredGame: CustomTestStringConvertible, Sendable {
  let name: String
  let counts: [Int]
  let total: Int
  /// The running total under each frame, `nil` where it cannot be computed yet.
  let cumulative: [Int?]
  let isComplete: Bool

  var testDescription: String { "\(name) scores \(total)" }

  var deliveries: [Throw] { counts.map(Throw.count) }
}

extension ScoredGame {
  static let complete: [ScoredGame] = [
    ScoredGame(
      name: "gutter game", counts: Array(repeating: 0, count: 20), total: 0,
      cumulative: Array(repeating: 0, count: 10), isComplete: true),
    ScoredGame(
      name: "all ones", counts: Array(repeating: 1, count: 20), total: 20,
      cumulative: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20], isComplete: true),
    ScoredGame(
      name: "all spares of five", counts: Array(repeating: 5, count: 21), total: 150,
      cumulative: [15, 30, 45, 60, 75, 90, 105, 120, 135, 150], isComplete: true),
    ScoredGame(
      name: "alternating strike and spare",
      counts: [10, 5, 5, 10, 5, 5, 10, 5, 5, 10, 5, 5, 10, 5, 5, 10],
      total: 200,
      cumulative: [20, 40, 60, 80, 100, 120, 140, 160, 180, 200], isComplete: true),
    ScoredGame(
      name: "perfect game", counts: Array(repeating: 10, count: 12), total: 300,
      cumulative: [30, 60, 90, 120, 150, 180, 210, 240, 270, 300], isComplete: true),
    ScoredGame(
      name: "eleven strikes then nine", counts: Array(repeating: 10, count: 11) + [9],
      total: 299,
      cumulative: [30, 60, 90, 120, 150, 180, 210, 240, 270, 299], isComplete: true),
    ScoredGame(
      name: "nine in the first ball then eleven strikes",
      counts: [9, 1] + Array(repeating: 10, count: 11), total: 290,
      cumulative: [20, 50, 80, 110, 140, 170, 200, 230, 260, 290], isComplete: true),
    ScoredGame(
      name: "all nines then a miss", counts: Array(repeating: [9, 0], count: 10).flatMap { $0 },
      total: 90,
      cumulative: [9, 18, 27, 36, 45, 54, 63, 72, 81, 90], isComplete: true),
    ScoredGame(
      name: "open tenth after nine gutters",
      counts: Array(repeating: 0, count: 18) + [3, 4], total: 7,
      cumulative: [0, 0, 0, 0, 0, 0, 0, 0, 0, 7], isComplete: true),
    ScoredGame(
      name: "spare in the tenth with a strike bonus",
      counts: Array(repeating: 0, count: 18) + [7, 3, 10], total: 20,
      cumulative: [0, 0, 0, 0, 0, 0, 0, 0, 0, 20], isComplete: true),
    ScoredGame(
      name: "strike in the tenth then a spare",
      counts: Array(repeating: 0, count: 18) + [10, 6, 4], total: 20,
      cumulative: [0, 0, 0, 0, 0, 0, 0, 0, 0, 20], isComplete: true),
    ScoredGame(
      name: "strike in the tenth then an open pair",
      counts: Array(repeating: 0, count: 18) + [10, 6, 2], total: 18,
      cumulative: [0, 0, 0, 0, 0, 0, 0, 0, 0, 18], isComplete: true),
    ScoredGame(
      name: "two strikes in the tenth then a count",
      counts: Array(repeating: 0, count: 18) + [10, 10, 7], total: 27,
      cumulative: [0, 0, 0, 0, 0, 0, 0, 0, 0, 27], isComplete: true),
    ScoredGame(
      name: "a gutter then a spare of ten in the tenth, then a miss",
      counts: Array(repeating: 0, count: 18) + [0, 10, 0], total: 10,
      cumulative: [0, 0, 0, 0, 0, 0, 0, 0, 0, 10], isComplete: true),
    ScoredGame(
      name: "strike in the ninth counts the tenth's first two balls",
      counts: Array(repeating: 0, count: 16) + [10, 10, 10, 10], total: 60,
      cumulative: [0, 0, 0, 0, 0, 0, 0, 0, 30, 60], isComplete: true),
    ScoredGame(
      name: "a typical league game",
      counts: [7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1],
      total: 156,
      cumulative: [19, 28, 46, 54, 64, 70, 100, 128, 147, 156],
      isComplete: true),
  ]

  static let inProgress: [ScoredGame] = [
    ScoredGame(name: "no balls yet", counts: [], total: 0, cumulative: [], isComplete: false),
    ScoredGame(name: "one ball", counts: [7], total: 0, cumulative: [nil], isComplete: false),
    ScoredGame(
      name: "an open frame", counts: [7, 2], total: 9, cumulative: [9], isComplete: false),
    ScoredGame(
      name: "a spare waiting for its bonus", counts: [7, 3], total: 0, cumulative: [nil],
      isComplete: false),
    ScoredGame(
      name: "a spare and its bonus ball", counts: [7, 3, 4], total: 14, cumulative: [14, nil],
      isComplete: false),
    ScoredGame(
      name: "a strike waiting for two balls", counts: [10], total: 0, cumulative: [nil],
      isComplete: false),
    ScoredGame(
      name: "a double waiting for one ball", counts: [10, 10], total: 0, cumulative: [nil, nil],
      isComplete: false),
    ScoredGame(
      name: "an open frame then a strike and one ball", counts: [3, 4, 10, 5], total: 7,
      cumulative: [7, nil, nil], isComplete: false),
    ScoredGame(
      name: "a turkey", counts: [10, 10, 10], total: 30, cumulative: [30, nil, nil],
      isComplete: false),
    ScoredGame(
      name: "strike in the tenth with one bonus ball to go",
      counts: Array(repeating: 0, count: 18) + [10, 10], total: 0,
      cumulative: Array(repeating: 0, count: 9) + [nil], isComplete: false),
  ]
}

@Suite("Scoring a game")
struct GameScoringTests {
  @Test("When a whole game is bowled, then it is complete with the hand-checked total",
    arguments: ScoredGame.complete)
  func completeGames(game: ScoredGame) throws {
    let scored = try Game(game.deliveries)
    #expect(scored.total == game.total)
    #expect(scored.frames.map(\.cumulative) == game.cumulative)
    #expect(scored.isComplete)
    #expect(scored.nextBall == nil)
    #expect(scored.standing == nil)
  }

  @Test("When a game is part way, then running totals appear only once computable",
    arguments: ScoredGame.inProgress)
  func gamesInProgress(game: ScoredGame) throws {
    let scored = try Game(game.deliveries)
    #expect(scored.total == game.total)
    #expect(scored.frames.map(\.cumulative) == game.cumulative)
    #expect(scored.isComplete == game.isComplete)
  }

  @Test("When balls are recorded one at a time, then the game equals one built from the list")
  func recordingOneByOne() throws {
    let counts = [7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 10, 7, 2]
    var game = Game()
    for count in counts {
      try game.record(.count(count))
    }
    #expect(try game == Game(counts.map(Throw.count)))
    #expect(game.deliveries == counts.map(Throw.count))
  }
}
