import Bowling

/// Reads `lane score` ROLL tokens into scored games, in one pass over the input.
///
/// The grammar (docs/scoring.md): a word of digits `0` to `10` is one pin count; any other word
/// is one ball per character (`X x / - F f` and single digits); `|` inside a word ends a frame
/// (`||` opens the tenth frame's bonus balls); `,` or `--game` starts the next game. A word
/// that reads two ways (`-1`, `07`, `X10`) is refused with both readings.
public struct RollParser: Sendable {
  /// Characters examined plus balls recorded so far: the work the parse did, which grows
  /// linearly with the input (tests compare n and 8n tokens).
  public private(set) var steps = 0

  private var games: [Game] = []
  private var game = Game()
  private var gameHasRolls = false
  private var numbersGames = false

  public init() {}

  /// The one game the tokens describe.
  ///
  /// - Throws: ``ScoreInputError`` for malformed, impossible or several games.
  public static func game(_ tokens: [String]) throws(ScoreInputError) -> Game {
    let games = try Self.games(tokens)
    guard games.count == 1 else {
      throw ScoreInputError(.usage(.severalGames(games.count)), game: nil, position: nil)
    }
    return games[0]
  }

  /// The games the tokens describe, in order.
  ///
  /// - Throws: ``ScoreInputError`` naming the game, frame and ball of the first problem.
  public static func games(_ tokens: [String]) throws(ScoreInputError) -> [Game] {
    var parser = RollParser()
    return try parser.read(tokens)
  }

  /// Reads the tokens, counting ``steps``.
  ///
  /// - Throws: ``ScoreInputError`` naming the game, frame and ball of the first problem.
  public mutating func read(_ tokens: [String]) throws(ScoreInputError) -> [Game] {
    games = []
    game = Game()
    gameHasRolls = false
    numbersGames = tokens.contains { token in
      steps += 1
      return token == Self.gameOption || token.utf8.contains(UInt8(ascii: ","))
    }
    guard !tokens.isEmpty else { throw failure(.noRolls, position: nil) }
    for token in tokens {
      steps += 1
      if token == Self.gameOption {
        try endGame()
        continue
      }
      if token.isEmpty { throw failure(.emptyToken) }
      var isFirst = true
      for piece in token.split(separator: ",", omittingEmptySubsequences: false) {
        if !isFirst { try endGame() }
        isFirst = false
        if !piece.isEmpty { try read(word: String(piece)) }
      }
    }
    try endGame()
    return games
  }

  /// The option that, like `,`, starts the next game.
  public static let gameOption = "--game"

  private mutating func endGame() throws(ScoreInputError) {
    guard gameHasRolls else { throw failure(.emptyGame, position: nil) }
    games.append(game)
    game = Game()
    gameHasRolls = false
  }

  /// A word between spaces and commas: frames separated by `|`, or balls.
  private mutating func read(word: String) throws(ScoreInputError) {
    guard word.utf8.contains(UInt8(ascii: "|")) else {
      return try read(balls: word, of: word, isFrame: false)
    }
    var isFirst = true
    for segment in word.split(separator: "|", omittingEmptySubsequences: false) {
      if !isFirst, let next = game.nextBall, next.ball > 1, next.frame < 10 {
        throw failure(.pipeInsideFrame(token: word, frame: next.frame))
      }
      isFirst = false
      if !segment.isEmpty { try read(balls: String(segment), of: word, isFrame: true) }
    }
  }

  /// The balls of one word (or one frame between pipes), recorded into the game.
  private mutating func read(balls text: String, of word: String, isFrame: Bool)
    throws(ScoreInputError)
  {
    steps += text.utf8.count
    let utf8 = text.utf8
    let isDigits = utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    if isDigits && (utf8.count == 1 || text == "10") {
      return try record(Roll(.count(Int(text) ?? 0), token: word))
    }
    if isDigits && utf8.first == UInt8(ascii: "0") {
      throw failure(.ambiguousDigits(token: word, digits: text))
    }
    if !isFrame, utf8.first == UInt8(ascii: "-"), utf8.count > 1,
      utf8.dropFirst().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    {
      throw failure(.negativeNumber(token: word))
    }
    if text.contains("10") { throw failure(.ambiguousDigits(token: word, digits: "10")) }
    for character in text {
      guard let kind = Roll.Kind(character) else {
        throw failure(.unknownCharacter(character, token: word))
      }
      try record(Roll(kind, token: word))
    }
  }

  private mutating func record(_ roll: Roll) throws(ScoreInputError) {
    steps += 1
    let delivery: Throw
    do { delivery = try roll.delivery(at: game.standing) } catch { throw failure(error) }
    do {
      try game.record(delivery)
    } catch {
      throw ScoreInputError(
        .impossible(error), game: gameNumber, position: error.position, token: roll.token)
    }
    gameHasRolls = true
  }

  private var gameNumber: Int? { numbersGames ? games.count + 1 : nil }

  private func failure(_ error: RollError) -> ScoreInputError {
    failure(error, position: game.nextBall)
  }

  private func failure(_ error: RollError, position: BallPosition?) -> ScoreInputError {
    ScoreInputError(.usage(error), game: gameNumber, position: position)
  }
}
