import Bowling
import Testing

@testable import LaneBridge

/// A game bowled from its deliveries, named for the test report.
struct BowledGame: Sendable, CustomTestStringConvertible {
  let name: String
  let deliveries: [Throw]

  var testDescription: String { name }

  static let all: [BowledGame] = [
    BowledGame(name: "no ball yet", deliveries: []),
    BowledGame(name: "a strike not yet counted (cumulative null)", deliveries: [.count(10)]),
    BowledGame(name: "a perfect game", deliveries: Array(repeating: .count(10), count: 12)),
    BowledGame(name: "all spares, 5 and 5", deliveries: Array(repeating: .count(5), count: 21)),
    BowledGame(name: "all gutter balls", deliveries: Array(repeating: .count(0), count: 20)),
    BowledGame(
      name: "a 7-10 split converted, a foul, a spare after a foul",
      deliveries: [
        .knocked(([7, 10] as PinSet).complement), .knocked([7, 10]),
        .foul(knocked: [1, 2]), .count(10),
        .knocked(([4, 6, 7, 10] as PinSet).complement), .knocked([4]),
      ]),
    BowledGame(
      name: "open frames, then a tenth with a spare and a bonus strike",
      deliveries: Array(repeating: [Throw.count(7), .count(2)], count: 9).flatMap { $0 }
        + [.count(6), .count(4), .count(10)]),
    BowledGame(
      name: "an average with a long decimal (first balls 7, 8, 8)",
      deliveries: [.count(7), .count(1), .count(8), .count(1), .count(8), .count(0)]),
  ]
}

@Suite("Writing a game's report as JSON without the encoder")
struct GameJSONTests {
  @Test(
    "When a game is written directly, then the text is what JSONEncoder makes of its GameReport",
    arguments: BowledGame.all)
  func sameAsEncoder(bowled: BowledGame) throws {
    let game = try Game(bowled.deliveries)
    var text = ""

    GameJSON.append(game, to: &text)

    #expect(text == (try GameReport(game).jsonText()))
  }
}
