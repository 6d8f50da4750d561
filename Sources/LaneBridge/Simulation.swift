import Bowling
import LaneSensing
import Scoreboard

/// What `lane simulate` does: replays a sensor through the throw detector and the scoring
/// engine, and writes the scoreboard or a JSON report.
public struct Simulation: Sendable {
  /// How the result is written.
  public enum Format: Hashable, Sendable {
    /// The console scoreboard of every game, once the replay is over.
    case scoreboard(colour: Bool)
    /// The scoreboard again each time a frame completes, for replays at the trace's pace.
    case liveScoreboard(colour: Bool)
    /// One ``SimulationReport`` as JSON, once the replay is over.
    case json
  }

  public var detector: ThrowDetector.Configuration
  public var format: Format

  public init(detector: ThrowDetector.Configuration, format: Format) {
    self.detector = detector
    self.format = format
  }

  /// Replays `sensor` to its end.
  ///
  /// - Parameters:
  ///   - output: Receives the scoreboard or the JSON report.
  ///   - warnings: Receives one line per warning, as it happens.
  /// - Returns: The games scored.
  /// - Throws: What the sensor throws (a malformed trace line); nothing is written to
  ///   `output` then, except the frames a live scoreboard already showed.
  @discardableResult
  public func run<Sensor: PinSensor>(
    _ sensor: inout Sensor,
    output: inout some TextOutputStream,
    warnings: inout some TextOutputStream
  ) throws -> GameSeries {
    var throwDetector = ThrowDetector(configuration: detector)
    var scorer = LaneScorer()
    var scored: [ScoredThrow] = []
    try throwDetector.run(&sensor) { detected in
      for event in scorer.take(detected) {
        switch event {
        case .warning(let warning):
          print("warning: \(warning)", to: &warnings)
        case .scored(let scoredThrow):
          if case .json = format { scored.append(scoredThrow) }
          if case .liveScoreboard(let colour) = format, scoredThrow.completesFrame {
            print(Self.scoreboards(of: scorer.series, colour: colour), to: &output)
          }
        case .deckChanged:
          break
        }
      }
    }
    switch format {
    case .scoreboard(let colour):
      print(Self.scoreboards(of: scorer.series, colour: colour), to: &output)
    case .liveScoreboard:
      break
    case .json:
      print(try SimulationReport(throws: scored, series: scorer.series).jsonText(), to: &output)
    }
    return scorer.series
  }

  /// Every game's scoreboard, each headed with its number when there are several.
  static func scoreboards(of series: GameSeries, colour: Bool) -> String {
    let games = series.games.filter { !$0.frames.isEmpty }
    guard games.count > 1 else { return Scoreboard(colour: colour).render(series.current) }
    return games.enumerated().map { index, game in
      "Game \(index + 1)\n" + Scoreboard(colour: colour).render(game)
    }.joined(separator: "\n")
  }
}
