import Bowling
import Foundation
import Journal
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
    /// One line per delivery as soon as it is journalled, and the bowler's scoreboard when a
    /// frame completes: what `lane run` writes to a log.
    case log
  }

  public var detector: ThrowDetector.Configuration
  public var format: Format

  public init(detector: ThrowDetector.Configuration, format: Format) {
    self.detector = detector
    self.format = format
  }

  /// Replays `sensor` to its end, for one unnamed bowler and no journal.
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
    let start = JournalEntry(time: Date(timeIntervalSince1970: 0), author: "lane", event: .started(bowlers: []))
    let store = MemoryJournal(starting: start)
    var journal = try JournalledSession(store: store, entries: store.entries)
    return try run(&sensor, journal: &journal, output: &output, warnings: &warnings).series[0]
  }

  /// Replays `sensor` to its end into a session and its journal, carrying on from where the
  /// session is.
  ///
  /// Each delivery is in the journal before it is written to `output` (``Format/log``).
  /// - Parameters:
  ///   - journal: The session and where it is journalled.
  ///   - output: Receives the scoreboards, the log lines or the JSON report.
  ///   - warnings: Receives one line per warning, as it happens.
  ///   - clock: Dates the journal entries.
  /// - Returns: The session as it stands after the replay.
  /// - Throws: What the sensor throws, or ``JournalError`` when the journal cannot be written.
  @discardableResult
  public func run<Sensor: PinSensor, Store: JournalStore>(
    _ sensor: inout Sensor,
    journal: inout JournalledSession<Store>,
    output: inout some TextOutputStream,
    warnings: inout some TextOutputStream,
    clock: () -> Date = { Date() }
  ) throws -> LaneSession {
    var throwDetector = ThrowDetector(configuration: detector)
    var scored: [ScoredThrow] = []
    func take(_ detected: ThrowDetector.Output) throws {
      let (events, _) = try journal.score(detected, at: clock())
      for event in events {
        switch event {
        case .warning(let warning):
          print("warning: \(warning)", to: &warnings)
        case .scored(let scoredThrow):
          if case .json = format { scored.append(scoredThrow) }
          if case .liveScoreboard(let colour) = format, scoredThrow.completesFrame {
            print(Self.scoreboards(of: journal.session, colour: colour), to: &output)
          }
          if case .log = format {
            print(LiveLane.logLine(scoredThrow), to: &output)
            if scoredThrow.completesFrame {
              let name = scoredThrow.bowlerName
              let game = journal.session.series[scoredThrow.bowler].games[scoredThrow.recorded.game - 1]
              print(Scoreboard(bowler: name.isEmpty ? nil : name).render(game), to: &output)
            }
          }
        case .deckChanged:
          break
        }
      }
    }
    // The loop of `ThrowDetector.run`, whose body cannot throw a journal error.
    let idleTimeout = Duration.seconds(60)
    while let reading = try sensor.next(
      timeout: throwDetector.nextDeadline.map { min(max($0 - throwDetector.now, .zero), idleTimeout) }
        ?? idleTimeout)
    {
      for detected in throwDetector.read(reading) { try take(detected) }
    }
    for detected in throwDetector.finish() { try take(detected) }
    switch format {
    case .scoreboard(let colour):
      print(Self.scoreboards(of: journal.session, colour: colour), to: &output)
    case .liveScoreboard, .log:
      break
    case .json:
      print(try SimulationReport(throws: scored, session: journal.session).jsonText(), to: &output)
    }
    return journal.session
  }

  /// Every game's scoreboard, each headed with its number when there are several, and with
  /// its bowler's name when there are several bowlers.
  static func scoreboards(of session: LaneSession, colour: Bool) -> String {
    if session.bowlers == [""] { return scoreboards(of: session.series[0], colour: colour) }
    return session.bowlers.indices.flatMap { index in
      session.series[index].games.enumerated().filter { !$1.frames.isEmpty }.map { number, game in
        "\(session.bowlers[index]), game \(number + 1)\n" + Scoreboard(colour: colour).render(game)
      }
    }.joined(separator: "\n")
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
