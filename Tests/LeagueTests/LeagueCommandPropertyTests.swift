import Bowling
import League
import PropertyBased
import Testing

/// Random commands, decoded from random numbers so that shrinking the numbers shrinks the
/// command: every correction and undo, places anywhere in two lineups of five, substitutes'
/// names and reasons made of the characters most likely to confuse a reader.
private enum RandomCommand {
  /// Pieces names and reasons are made of: quotes, semicolons, dots, digits, blanks of
  /// several kinds, letters outside ASCII, words the syntax uses.
  static let pieces = [
    "Zoe", "ë", " ", "  ", ";", "\"", ".", "1", "-", "\u{A0}", "to", "keep", "X", "2.1", "'", "é",
  ]

  static func command(_ seeds: [Int]) -> LeagueCommand {
    var seeds = seeds[...]
    func next() -> Int { seeds.popFirst() ?? 0 }
    func delivery() -> Int { next() % 2_000 + 1 }
    func slot() -> SlotID { SlotID(team: next() % 2, place: next() % 5) }
    func text(_ count: Int) -> String { (0..<count).map { _ in pieces[next() % pieces.count] }.joined() }
    // A reason is kept without blanks at its ends, as it is read.
    let reason: String? = next() % 3 == 0 ? nil : "why" + text(next() % 8) + "end"
    let correction: LeagueCorrection
    switch next() % 15 {
    case 0: return LeagueCommand(.undo, reason: reason)
    case 1: correction = .pins(delivery: delivery(), PinSet(bits: UInt16(next() % 1_024)) ?? .empty)
    case 2: correction = .foul(delivery: delivery(), next() % 2 == 0)
    case 3: correction = .deadBall(delivery: delivery())
    case 4:
      var numbers: [Int] = []
      for _ in 0...(next() % 3) {
        let number = delivery()
        if !numbers.contains(number) { numbers.append(number) }
      }
      correction = .move(deliveries: numbers, to: slot())
    case 5: correction = .wrongLane(delivery: delivery(), bowler: slot(), rebowl: next() % 2 == 0)
    case 6: correction = .provisional(delivery: delivery())
    case 7: correction = .decide(delivery: delivery(), provisionalCounts: next() % 2 == 0)
    case 8: correction = .late(slot())
    case 9: correction = .arrived(slot())
    case 10: correction = .absent(slot(), next() % 2 == 0)
    case 11: correction = .average(slot(), next() % 400 - 50)
    case 12: correction = .handicap(slot(), next() % 2 == 0 ? nil : next() % 601 - 300)
    default:
      // A name holds at least one letter, so it is never blank.
      correction = .substitute(slot(), name: text(next() % 4) + "Q" + text(next() % 4), average: next() % 301)
    }
    return LeagueCommand(.correct(correction), reason: reason)
  }
}

@Suite("League commands at random")
struct LeagueCommandPropertyTests {
  static let seeds = Gen.int(in: 0...0xFFFF).array(of: 24...24)
  /// Two full lineups, so every place a command names is there.
  static let play = LeaguePlay(night: Nights.night(
    pals: ["Ana", "Ben", "Cy", "Di", "Ed"].map { Nights.bowler($0, 150) },
    kings: ["Flo", "Gus", "Hal", "Ivy", "Jo"].map { Nights.bowler($0, 150) }))

  @Test("When a command is written as text and read back, then it is the same command")
  func roundTrip() async {
    await propertyCheck(input: Self.seeds) { seeds in
      let command = RandomCommand.command(seeds)
      let text = command.description
      #expect(throws: Never.self, "\(text)") { try LeagueCommand.parse(text, in: Self.play) }
      #expect((try? LeagueCommand.parse(text, in: Self.play)) == command, "\(text)")
    }
  }
}
