import Bowling
import PropertyBased

/// Random numbers that a test turns into legal input, so shrinking the numbers shrinks the
/// input and every generated case is one that could have happened on a lane.
enum Choices {
  /// Raw choices, one per ball; enough for the longest game (21 balls) and then some.
  static let balls = Gen.int(in: 0...0xFFFF).array(of: 0...24)

  /// As many choices as a game can take, so every game these make is complete.
  static let completeGame = Gen.int(in: 0...0xFFFF).array(of: 21...21)

  /// How the balls of a game are recorded.
  enum Pinfall: CaseIterable, Sendable, CustomStringConvertible {
    /// Only counts, as `lane score` keys them in.
    case counts
    /// Exact pin sets, as the throw detector senses them.
    case pinSets

    var description: String { self == .counts ? "counts" : "pin sets" }
  }

  /// The legal throw `choice` picks at `rack`: a subset of its standing pins (or a count up to
  /// what stands), a foul one time in eight, and a clear rack one time in four.
  static func legalThrow(_ choice: Int, at rack: Rack, as pinfall: Pinfall) -> Throw {
    let isFoul = choice & 0b111 == 0
    let clears = choice >> 3 & 0b11 == 0
    switch (pinfall, rack.pins) {
    case (.pinSets, let standing?):
      let picked = PinSet(bits: UInt16(choice >> 5) & standing.bits) ?? .empty
      let knocked = clears ? standing : picked
      return isFoul ? .foul(knocked: knocked) : .knocked(knocked)
    default:
      let count = clears ? rack.count : (choice >> 5) % (rack.count + 1)
      return Throw(.count(count), isFoul: isFoul)
    }
  }

  /// The legal throws `choices` make, recorded one by one until the choices or the game end.
  static func legalGame(_ choices: [Int], as pinfall: Pinfall) -> [Throw] {
    var game = Game()
    var deliveries: [Throw] = []
    for choice in choices {
      guard let rack = game.standing else { break }
      let delivery = legalThrow(choice, at: rack, as: pinfall)
      try! game.record(delivery)
      deliveries.append(delivery)
    }
    return deliveries
  }
}
