import Bowling
import Testing
import WebBoard

@Suite("A finished game's statistics")
struct GameStatisticsTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let deliveries: [Throw]
    let expected: GameStatistics.Counts
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "all spares 9/ with a 9 bonus",
      deliveries: Array(repeating: [Throw.count(9), .count(1)], count: 10).flatMap { $0 } + [.count(9)],
      expected: .init(strikes: 0, spares: 10, openFrames: 0, splits: 0, splitsConverted: 0, fouls: 0, firstBallAverage: 9)),
    Case(
      name: "a 7-10 converted, a 4-6 left, then gutters with a foul",
      deliveries: [
        .knocked(PinSet([7, 10] as PinSet).complement), .knocked([7, 10]),
        .knocked(PinSet([4, 6] as PinSet).complement), .knocked([4]),
        .foul(), .count(0),
      ] + Array(repeating: Throw.count(0), count: 14),
      expected: .init(strikes: 0, spares: 1, openFrames: 9, splits: 2, splitsConverted: 1, fouls: 1, firstBallAverage: 1.6)),
  ]

  @Test("When a game is summed up, then strikes, spares, opens, splits, fouls and the first-ball average are counted", arguments: cases)
  func counts(_ example: Case) throws {
    let game = try Game(example.deliveries)

    #expect(game.isComplete)
    #expect(GameStatistics.Counts(GameStatistics(game)) == example.expected)
  }
}

extension GameStatistics {
  /// The statistics as a plain value to compare with.
  struct Counts: Equatable, Sendable {
    var strikes, spares, openFrames, splits, splitsConverted, fouls: Int
    var firstBallAverage: Double

    init(strikes: Int, spares: Int, openFrames: Int, splits: Int, splitsConverted: Int, fouls: Int, firstBallAverage: Double) {
      (self.strikes, self.spares, self.openFrames) = (strikes, spares, openFrames)
      (self.splits, self.splitsConverted, self.fouls) = (splits, splitsConverted, fouls)
      self.firstBallAverage = firstBallAverage
    }

    init(_ statistics: GameStatistics) {
      self.init(
        strikes: statistics.strikes, spares: statistics.spares, openFrames: statistics.openFrames,
        splits: statistics.splits, splitsConverted: statistics.splitsConverted, fouls: statistics.fouls,
        firstBallAverage: statistics.firstBallAverage)
    }
  }
}
