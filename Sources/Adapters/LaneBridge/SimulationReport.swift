import Bowling
import LaneSensing

/// What `lane simulate --json` prints: every scored throw and every game.
///
/// Encodes as `{"throws": [{"time": 3.41, "pins": 9, "knocked": [1, 2, ...], "foul": false,
/// ...}, ...], "games": [<GameReport>, ...]}`.
public struct SimulationReport: Codable, Hashable, Sendable {
  /// One scored delivery.
  public struct ThrowReport: Codable, Hashable, Sendable {
    /// The bowler's name; left out for a lone unnamed bowler.
    public var bowler: String?
    /// When the delivery ended, in the trace's seconds.
    public var time: Double
    /// When the delivery started, in the trace's seconds.
    public var start: Double
    /// The pins credited: 0 for a foul.
    public var pins: Int
    /// The pin numbers that fell.
    public var knocked: [Int]
    public var foul: Bool
    /// Which game (from 1), frame and ball the throw counts as.
    public var game: Int
    public var frame: Int
    public var ball: Int
    /// Whether the ball detector saw the ball, rather than falling pins revealing it.
    public var ballDetected: Bool
    /// Whether the deck never settled and the throw was read at the delivery bound.
    public var cutShort: Bool

    public init(_ scored: ScoredThrow) {
      bowler = scored.bowlerName.isEmpty ? nil : scored.bowlerName
      time = scored.detected.end.seconds
      start = scored.detected.start.seconds
      pins = scored.delivery.credited
      knocked = scored.detected.knocked.map(\.rawValue)
      foul = scored.delivery.isFoul
      game = scored.recorded.game
      frame = scored.recorded.position.frame
      ball = scored.recorded.position.ball
      ballDetected = scored.detected.ballDetected
      cutShort = scored.detected.isCutShort
    }
  }

  /// One bowler's games, when several bowl.
  public struct BowlerReport: Codable, Hashable, Sendable {
    public var name: String
    public var games: [GameReport]
  }

  public var `throws`: [ThrowReport]
  /// Every game: with several bowlers, each bowler's games in bowling order.
  public var games: [GameReport]
  /// Each bowler's games; left out for a lone unnamed bowler.
  public var bowlers: [BowlerReport]?

  public init(throws scored: [ScoredThrow], series: GameSeries) {
    self.throws = scored.map(ThrowReport.init)
    self.games = series.games.filter { !$0.frames.isEmpty }.map(GameReport.init)
  }

  public init(throws scored: [ScoredThrow], session: LaneSession) {
    guard session.bowlers != [""] else {
      self.init(throws: scored, series: session.series[0])
      return
    }
    self.init(throws: scored, series: GameSeries())
    let bowlers = zip(session.bowlers, session.series).map { name, series in
      BowlerReport(
        name: name, games: series.games.filter { !$0.frames.isEmpty }.map(GameReport.init))
    }
    self.bowlers = bowlers
    self.games = bowlers.flatMap(\.games)
  }
}

extension SensorInstant {
  /// The instant in seconds, for JSON; the nearest double to the exact decimal.
  var seconds: Double { Double(nanoseconds) / 1_000_000_000 }
}
