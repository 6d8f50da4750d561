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

/// A common way of writing a whole game, and the total it must score.
struct NotationCase: CustomTestStringConvertible, Sendable {
  let name: String
  let tokens: [String]
  let total: Int

  var testDescription: String { name }
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
    TokenCase(tokens: ["--"], credited: [0, 0], marks: "--"),
    TokenCase(tokens: ["---"], credited: [0, 0, 0], marks: "---"),
    TokenCase(tokens: ["f", "0"], credited: [0, 0], marks: "F-"),
    TokenCase(tokens: ["72"], credited: [7, 2], marks: "72"),
    TokenCase(tokens: ["11"], credited: [1, 1], marks: "11"),
    TokenCase(tokens: ["X72"], credited: [10, 7, 2], marks: "X72"),
    TokenCase(tokens: ["|-8|"], credited: [0, 8], marks: "-8"),
  ]
}

extension NotationCase {
  static let table: [NotationCase] = [
    NotationCase(
      name: "the pipe form", tokens: ["X|7/|9-|X|-8|8/|-6|X|X|X||81"], total: 167),
    NotationCase(name: "all ones in one word", tokens: [String(repeating: "1", count: 20)], total: 20),
    NotationCase(name: "all misses in one word", tokens: [String(repeating: "-", count: 20)], total: 0),
    NotationCase(name: "frames as two-digit words", tokens: Array(repeating: "72", count: 10), total: 90),
    NotationCase(name: "a perfect game in one word", tokens: [String(repeating: "X", count: 12)], total: 300),
    NotationCase(
      name: "frames as words, a miss before a count written apart",
      tokens: ["X", "7/", "9-", "X", "-", "8", "8/", "-", "6", "X", "X", "X81"], total: 167),
  ]
}

private func at(_ frame: Int, _ ball: Int) -> BallPosition {
  BallPosition(frame: frame, ball: ball)
}

private func usage(_ error: RollError, at position: BallPosition?, game: Int? = nil)
  -> ScoreInputError
{
  ScoreInputError(.usage(error), game: game, position: position)
}

private func impossible(_ error: ScoringError, token: String, game: Int? = nil)
  -> ScoreInputError
{
  ScoreInputError(.impossible(error), game: game, position: error.position, token: token)
}

extension RefusedTokens {
  static let table: [RefusedTokens] = [
    RefusedTokens(tokens: [], error: usage(.noRolls, at: nil)),
    RefusedTokens(tokens: [""], error: usage(.emptyToken, at: at(1, 1))),
    RefusedTokens(tokens: ["-1"], error: usage(.negativeNumber(token: "-1"), at: at(1, 1))),
    RefusedTokens(tokens: ["X", "-10"], error: usage(.negativeNumber(token: "-10"), at: at(2, 1))),
    RefusedTokens(
      tokens: ["F10"], error: usage(.ambiguousDigits(token: "F10", digits: "10"), at: at(1, 1))),
    RefusedTokens(
      tokens: ["X10"], error: usage(.ambiguousDigits(token: "X10", digits: "10"), at: at(1, 1))),
    RefusedTokens(
      tokens: ["07"], error: usage(.ambiguousDigits(token: "07", digits: "07"), at: at(1, 1))),
    RefusedTokens(tokens: ["7Q"], error: usage(.unknownCharacter("Q", token: "7Q"), at: at(1, 2))),
    RefusedTokens(tokens: ["½"], error: usage(.unknownCharacter("½", token: "½"), at: at(1, 1))),
    RefusedTokens(tokens: ["/"], error: usage(.spareWithoutFirstBall(token: "/"), at: at(1, 1))),
    RefusedTokens(tokens: ["X", "/"], error: usage(.spareWithoutFirstBall(token: "/"), at: at(2, 1))),
    RefusedTokens(
      tokens: ["X|7|2"], error: usage(.pipeInsideFrame(token: "X|7|2", frame: 2), at: at(2, 2))),
    RefusedTokens(
      tokens: ["7", "5"],
      error: impossible(.moreThanStanding(knocked: 5, standing: 3, at: at(1, 2)), token: "5")),
    RefusedTokens(
      tokens: ["7", "X"],
      error: impossible(.moreThanStanding(knocked: 10, standing: 3, at: at(1, 2)), token: "X")),
    RefusedTokens(
      tokens: ["99"],
      error: impossible(.moreThanStanding(knocked: 9, standing: 1, at: at(1, 2)), token: "99")),
    RefusedTokens(
      tokens: Array(repeating: "X", count: 12) + ["/"],
      error: impossible(.gameOver(at: at(10, 4)), token: "/")),
    RefusedTokens(
      tokens: Array(repeating: "-", count: 20) + ["5"],
      error: impossible(.gameOver(at: at(10, 3)), token: "5")),
    RefusedTokens(tokens: ["X", ",", ","], error: usage(.emptyGame, at: nil, game: 2)),
    RefusedTokens(tokens: [",", "X"], error: usage(.emptyGame, at: nil, game: 1)),
    RefusedTokens(
      tokens: ["X", "--game", "7", "5"],
      error: impossible(
        .moreThanStanding(knocked: 5, standing: 3, at: at(1, 2)), token: "5", game: 2)),
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

  @Test("When a game is written in a common notation, then it scores its known total",
    arguments: NotationCase.table)
  func notations(notation: NotationCase) throws {
    let game = try RollParser.game(notation.tokens)
    #expect(game.isComplete)
    #expect(game.total == notation.total)
  }

  @Test("When tokens are malformed or impossible, then they are refused with game, frame and ball",
    arguments: RefusedTokens.table)
  func refuses(refused: RefusedTokens) {
    #expect(throws: refused.error) { try RollParser.games(refused.tokens) }
  }

  @Test("When games are separated by commas or --game, then each is scored on its own",
    arguments: [
      ["X", "X", "X", "X", "X", "X", "X", "X", "X", "X", "X", "X", ",", "9-", "7/", "-"],
      ["XXXXXXXXXXXX,9-7/-"],
      ["XXXXXXXXXXXX", "--game", "9-", "7/-"],
    ])
  func severalGames(tokens: [String]) throws {
    let games = try RollParser.games(tokens)
    #expect(games.map(\.total) == [300, 19])
    #expect(games.map(\.isComplete) == [true, false])
  }

  @Test("When one game is asked for and several are given, then it is a usage error")
  func oneGameOnly() {
    #expect(throws: usage(.severalGames(2), at: nil)) { try RollParser.game(["X,X"]) }
  }

  @Test("Then usage errors exit 64 and impossible games exit 65")
  func exitStatuses() {
    #expect(usage(.noRolls, at: nil).exitStatus == 64)
    #expect(impossible(.gameOver(at: at(10, 3)), token: "5").exitStatus == 65)
  }

  @Test("Then every message starts with game, frame and ball where there is one")
  func messages() {
    #expect(
      impossible(.moreThanStanding(knocked: 7, standing: 4, at: at(10, 3)), token: "7")
        .description == "frame 10, ball 3: 7 pins is more than the 4 standing (roll '7')")
    #expect(
      impossible(.gameOver(at: at(10, 3)), token: "5", game: 2).description
        == "game 2, frame 10, ball 3: the game is already over; start a new game for this ball"
        + " (roll '5')")
    #expect(
      usage(.unknownCharacter("Q", token: "7Q"), at: at(1, 2)).description
        == "frame 1, ball 2: roll '7Q': 'Q' is not a pin count or a mark (X, /, -, F)")
    #expect(
      usage(.negativeNumber(token: "-1"), at: at(1, 1)).description
        == "frame 1, ball 1: roll '-1' reads two ways: a negative count, which no ball makes, or"
        + " a miss then single balls; write them apart, e.g. '- 1'")
    #expect(
      usage(.ambiguousDigits(token: "X10", digits: "10"), at: at(1, 1)).description
        == "frame 1, ball 1: roll 'X10' reads two ways: '10' is one count of 10 or single balls"
        + " 1 0; put spaces between the balls you mean")
    #expect(usage(.noRolls, at: nil).description.hasPrefix("no rolls given"))
  }

  @Test("When an error is rendered as JSON, then it is one object with status and location")
  func jsonError() {
    let error = impossible(.moreThanStanding(knocked: 5, standing: 3, at: at(1, 2)), token: "5")
    #expect(error.jsonText() == """
      {"error":{"ball":2,"frame":1,"game":null,"message":"frame 1, ball 2: 5 pins is more than \
      the 3 standing (roll '5')","status":65}}
      """)
  }
}

@Suite("Quoting typed input in messages")
struct RollQuotingTests {
  @Test("When a token is longer than 40 characters, then 40 are quoted and the length named")
  func long() {
    let token = String(repeating: "Q", count: 5_000_000)
    #expect(RollError.quoted(token) == "'" + String(repeating: "Q", count: 40)
      + "…' (5000000 characters)")
  }

  @Test("When a token holds invisible characters, then they are escaped",
    arguments: [
      ("X\u{200B}", #"'X\u{200B}'"#),
      ("\u{1B}[31m", #"'\u{1B}[31m'"#),
      ("a\tb", #"'a\u{9}b'"#),
      ("7 /", "'7 /'"),
    ])
  func invisible(token: String, quoted: String) {
    #expect(RollError.quoted(token) == quoted)
  }

  @Test("When a 5 MB token is refused, then the message stays short")
  func hugeTokenMessage() {
    let token = "7" + String(repeating: "Q", count: 5_000_000)
    let error = #expect(throws: ScoreInputError.self) { try RollParser.games([token]) }
    #expect((error?.description.count ?? .max) < 200)
  }
}

@Suite("The cost of reading rolls")
struct RollParserCostTests {
  /// `games` full games of twelve strikes, each followed by a `,`, the last without.
  private func tokens(games: Int) -> [String] {
    let game = Array(repeating: "X", count: 12)
    return (0..<games).flatMap { index in index == 0 ? game : [","] + game }
  }

  private func steps(games: Int) throws -> Int {
    var parser = RollParser()
    let scored = try parser.read(tokens(games: games))
    #expect(scored.count == games)
    return parser.steps
  }

  @Test("When the input grows eightfold, then the work grows eightfold, not sixty-fourfold")
  func linear() throws {
    // Given 2,000 and 16,000 games (26k and 208k tokens)
    let small = try steps(games: 2_000)
    let large = try steps(games: 16_000)
    // Then the work counted grows by the same factor as the input
    let ratio = Double(large) / Double(small)
    #expect(ratio > 7.9 && ratio < 8.1, "steps \(small) → \(large), ratio \(ratio)")
  }

  @Test("When a game goes past its last ball, then the refusal comes at that ball")
  func tooManyBalls() {
    // Given a perfect game followed by 100,000 more strikes
    var parser = RollParser()
    let tokens = Array(repeating: "X", count: 100_012)
    #expect(throws: impossible(.gameOver(at: at(10, 4)), token: "X")) {
      try parser.read(tokens)
    }
    // Then only the first ball past the game was looked at, plus the scan for separators
    #expect(parser.steps < tokens.count + 100)
  }
}
