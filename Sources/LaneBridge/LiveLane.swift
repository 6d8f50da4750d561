import Bowling
import LaneSensing
import Scoreboard

/// What `lane run` does: reads a lane's sensors, detects throws, scores them and shows the
/// games as they go, until the sensor ends or a stop is requested.
public struct LiveLane: Sendable {
  /// How the lane is shown.
  public enum Format: Hashable, Sendable {
    /// A terminal: the scoreboard and the pin deck redrawn in place after every change.
    case console(colour: Bool)
    /// A log or the journal: one line per throw, the scoreboard when a frame completes.
    case log
    /// One JSON object per line for each throw, completed frame and completed game.
    case jsonLines
  }

  public var detector: ThrowDetector.Configuration
  public var format: Format
  /// The longest the loop waits for an edge; it bounds how late a stop is noticed.
  public var idleTimeout: Duration

  public init(
    detector: ThrowDetector.Configuration, format: Format, idleTimeout: Duration = .seconds(1)
  ) {
    self.detector = detector
    self.format = format
    self.idleTimeout = idleTimeout
  }

  /// Runs the lane until the sensor ends or `shouldStop` returns `true`, then closes it.
  ///
  /// - Parameters:
  ///   - output: Receives the display (or the JSON lines).
  ///   - warnings: Receives one line per warning, as it happens.
  ///   - shouldStop: Asked before each wait for the sensor.
  /// - Returns: The games bowled, the current one included.
  /// - Throws: What the sensor throws; the games up to then have been shown.
  @discardableResult
  public func run<Sensor: PinSensor>(
    _ sensor: inout Sensor,
    output: inout some TextOutputStream,
    warnings: inout some TextOutputStream,
    until shouldStop: () -> Bool = { false }
  ) throws -> GameSeries {
    var throwDetector = ThrowDetector(configuration: detector)
    var scorer = LaneScorer()
    var standing = PinSet.full
    defer { sensor.close() }
    try throwDetector.run(&sensor, idleTimeout: idleTimeout, until: shouldStop) { detected in
      for event in scorer.take(detected) {
        switch event {
        case .warning(let warning):
          print("warning: \(warning)", to: &warnings)
        case .deckChanged(let change):
          standing = change.standing
          if case .console = format { redraw(scorer.series, standing: standing, to: &output) }
        case .scored(let scored):
          standing = scored.detected.standingBefore.subtracting(scored.detected.knocked)
          do {
            try show(scored, in: scorer.series, standing: standing, to: &output)
          } catch {
            print("warning: could not write the throw at \(scored.detected.end): \(error)", to: &warnings)
          }
        }
      }
    }
    if throwDetector.isInDelivery {
      print(
        "warning: stopped during a delivery that started at "
          + "\(throwDetector.now.secondsText)s or earlier; it was not scored",
        to: &warnings)
    }
    return scorer.series
  }

  private func show(
    _ scored: ScoredThrow, in series: GameSeries, standing: PinSet,
    to output: inout some TextOutputStream
  ) throws {
    let game = series.games[scored.recorded.game - 1]
    switch format {
    case .console:
      redraw(series, standing: standing, to: &output)
    case .log:
      print(Self.logLine(scored), to: &output)
      if scored.completesFrame { print(Scoreboard().render(game), to: &output) }
    case .jsonLines:
      for line in try LaneEventReport.lines(for: scored, in: game) { print(line, to: &output) }
    }
  }

  private func redraw(
    _ series: GameSeries, standing: PinSet, to output: inout some TextOutputStream
  ) {
    guard case .console(let colour) = format else { return }
    let clearScreen = "\u{1B}[H\u{1B}[2J"
    print(
      clearScreen + "Game \(series.games.count)\n"
        + Scoreboard(colour: colour).render(series.current) + "\n\n"
        + PinDeck(colour: colour).render(standing: standing),
      to: &output)
  }

  /// One line for a log: `game 1, frame 3, ball 1: 8 pins (1-2-3-4-5-6-8-9), leave 7-10`.
  static func logLine(_ scored: ScoredThrow) -> String {
    let detected = scored.detected
    let leave = detected.standingBefore.subtracting(detected.knocked)
    var line = "game \(scored.recorded.game), \(scored.recorded.position): "
    line += scored.delivery.isFoul ? "foul" : "\(scored.delivery.credited) pins"
    line += " (\(detected.knocked)), leave \(leave)"
    if !detected.ballDetected { line += ", no ball detected" }
    if detected.isCutShort { line += ", read at the delivery bound" }
    return line
  }
}
