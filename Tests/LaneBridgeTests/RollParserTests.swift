import Bowling
import Testing
@testable import LaneBridge

/// Command-line tokens and the credited pins each ball must score.
struct TokenCase: CustomTestStringConvertible, Sendable {
  let tokens: [String]
  let credited: [Int]
  let marks: String

  var testDescription: String { tokens.joined(separator: " ") }
}

/// Command-line tokens that must be refused, and how.
struct RefusedTokens: CustomTestStringConvertible, Sendable {
  let tokens: [String]
  let error: ScoreInputError

  var testDescription: String { tokens.isEmpty ? "(no rolls)" : tokens.joined(separator: " ") }
}

extension TokenCase {
  static let table: [TokenCase] = [
    TokenCase(tokens: ["10"], credited: [10], marks: "X"),
    TokenCase(tokens: ["X", "x"], credited: [10, 10], marks: "XX"),
    TokenCase(tokens: ["XX"], credited: [10, 10], marks: "XX"),
    TokenCase(tokens: ["7/"], credited: [7, 3], marks: "7/"),
    TokenCase(tokens: ["7", "/"], credited: [7, 3], marks: "7/"),
    TokenCase(tokens: ["9-"], credited: [9, 0], marks: "9-"),
    TokenCase(tokens: ["F5"], credited: [0, 5], marks: "F5"),
    TokenCase(tokens: ["F/"], credited: [0, 10], marks: "F/"),
    TokenCase(tokens: ["0", "10"], credited: [0, 10], marks: "-/"),
    TokenCase(tokens: ["-", "-"], credited: [0, 0], marks: "--"),
    TokenCase(tokens: ["f", "0"], credited: [0, 0], marks: "F-"),
  ]
}

private func at(_ frame: Int, _ ball: Int) -> BallPosition {
  BallPosition(frame: frame, ball: ball)
}

extension RefusedTokens {
  static let table: [RefusedTokens] = [
    RefusedTokens(tokens: [], error: .usage(.noRolls)),
    RefusedTokens(tokens: [""], error: .usage(.emptyToken)),
    RefusedTokens(tokens: ["11"], error: .usage(.countAboveTen(token: "11"))),
    RefusedTokens(tokens: ["7Q"], error: .usage(.unknownCharacter("Q", token: "7Q"))),
    RefusedTokens(tokens: ["½"], error: .usage(.unknownCharacter("½", token: "½"))),
    RefusedTokens(tokens: ["/"], error: .usage(.spareWithoutFirstBall(token: "/", at: at(1, 1)))),
    RefusedTokens(
      tokens: ["X", "/"], error: .usage(.spareWithoutFirstBall(token: "/", at: at(2, 1)))),
    RefusedTokens(
      tokens: ["7", "5"],
      error: .impossible(.moreThanStanding(knocked: 5, standing: 3, at: at(1, 2)), token: "5")),
    RefusedTokens(
      tokens: ["7", "X"],
      error: .impossible(.moreThanStanding(knocked: 10, standing: 3, at: at(1, 2)), token: "X")),
    RefusedTokens(
      tokens: Array(repeating: "X", count: 12) + ["/"],
      error: .impossible(.gameOver(at: at(10, 4)), token: "/")),
    RefusedTokens(
      tokens: Array(repeating: "-", count: 20) + ["5"],
      error: .impossible(.gameOver(at: at(10, 3)), token: "5")),
  ]
}

@Suite("Reading lane score rolls")
struct RollParserTests {
  @Test("When tokens name balls, then each ball is credited as the marks say",
    arguments: TokenCase.table)
  func readsBalls(tokenCase: TokenCase) throws {
    let game = try RollParser.game(tokenCase.tokens)
    #expect(game.balls.map(\.credited) == tokenCase.credited)
    #expect(game.balls.map(\.mark.symbol).joined() == tokenCase.marks)
  }

  @Test("When tokens are malformed or impossible, then they are refused with the token named",
    arguments: RefusedTokens.table)
  func refuses(refused: RefusedTokens) {
    #expect(throws: refused.error) { try RollParser.game(refused.tokens) }
  }

  @Test("When a count has leading zeros, then it is still one ball of that count")
  func leadingZeros() throws {
    let game = try RollParser.game(["007"])
    #expect(game.balls.map(\.credited) == [7])
  }

  @Test("When a mark token holds a digit after a dash, then each character is its own ball")
  func dashThenDigit() throws {
    let game = try RollParser.game(["-1"])
    #expect(game.balls.map(\.credited) == [0, 1])
  }

  @Test("Then usage errors exit 64 and impossible games exit 65")
  func exitStatuses() {
    #expect(ScoreInputError.usage(.noRolls).exitStatus == 64)
    #expect(
      ScoreInputError.impossible(.gameOver(at: at(10, 3)), token: "5").exitStatus == 65)
  }

  @Test("Then messages name the token and, for impossible balls, frame, ball and reason")
  func messages() {
    #expect(
      ScoreInputError.impossible(
        .moreThanStanding(knocked: 7, standing: 4, at: at(10, 3)), token: "7"
      ).description == "frame 10, ball 3: 7 pins is more than the 4 standing (roll '7')")
    #expect(
      ScoreInputError.usage(.unknownCharacter("Q", token: "7Q")).description
        == "roll '7Q': 'Q' is not a pin count or a mark (X, /, -, F)")
    #expect(
      RollError.spareWithoutFirstBall(token: "/", at: at(2, 1)).description
        == "roll '/' at frame 2, ball 1: '/' needs a first ball in the frame to spare")
  }
}
