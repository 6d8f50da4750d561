import Bowling
import Foundation
import Journal
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
  /// The longest the loop waits for an edge; it bounds how late a stop, a console command
  /// or a correction from `lane correct` is noticed.
  public var idleTimeout: Duration
  /// The wall clock that dates journal entries.
  public var clock: @Sendable () -> Date = { Date() }
  /// Who console corrections are from, in the journal.
  public var operatorName = "console"

  public init(
    detector: ThrowDetector.Configuration, format: Format, idleTimeout: Duration = .seconds(1)
  ) {
    self.detector = detector
    self.format = format
    self.idleTimeout = idleTimeout
  }

  /// Runs the lane with one unnamed bowler and no journal, until the sensor ends or
  /// `shouldStop` returns `true`, then closes the sensor.
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
    let start = JournalEntry(time: clock(), author: "lane", event: .started(bowlers: []))
    let store = MemoryJournal(starting: start)
    var journal = try JournalledSession(store: store, entries: store.entries)
    return try run(&sensor, journal: &journal, output: &output, warnings: &warnings, until: shouldStop)
      .series[0]
  }

  /// Runs the lane's session in its journal until the sensor ends or `shouldStop` returns
  /// `true`, then closes the sensor.
  ///
  /// Between readings it applies what others journalled (`lane correct`) and the operator's
  /// console commands. Each delivery is in the journal before it is shown.
  /// - Parameters:
  ///   - journal: The session and where it is journalled; it carries on from where it is.
  ///   - output: Receives the display (or the JSON lines).
  ///   - warnings: Receives one line per warning, as it happens.
  ///   - commands: Lines the operator typed since the last call (``ConsoleCommand``).
  ///   - shouldStop: Asked before each wait for the sensor.
  /// - Returns: The session as it stands.
  /// - Throws: What the sensor throws, or ``JournalError`` when the journal cannot be read
  ///   or written: a delivery that is not durable is never shown.
  @discardableResult
  public func run<Sensor: PinSensor, Store: JournalStore>(
    _ sensor: inout Sensor,
    journal: inout JournalledSession<Store>,
    output: inout some TextOutputStream,
    warnings: inout some TextOutputStream,
    commands: () -> [String] = { [] },
    until shouldStop: () -> Bool = { false }
  ) throws -> LaneSession {
    var throwDetector = ThrowDetector(configuration: detector)
    var screen = Screen()
    defer { sensor.close() }

    func take(_ detected: ThrowDetector.Output) throws {
      let (events, others) = try journal.score(detected, at: clock())
      for update in others { show(update, in: journal.session, screen: &screen, output: &output, warnings: &warnings) }
      for event in events {
        switch event {
        case .warning(let warning):
          print("warning: \(warning)", to: &warnings)
        case .deckChanged(let change):
          screen.standing = change.standing
          if case .console = format { redraw(journal.session, screen: screen, to: &output) }
        case .scored(let scored):
          screen.standing = scored.detected.standingBefore.subtracting(scored.detected.knocked)
          screen.notice = nil
          do {
            try show(scored, in: journal.session, screen: screen, to: &output)
          } catch {
            print("warning: could not write the throw at \(scored.detected.end): \(error)", to: &warnings)
          }
        }
      }
    }

    while !shouldStop() {
      show(try journal.catchUp(), in: journal.session, screen: &screen, output: &output, warnings: &warnings)
      for line in commands() {
        try obey(line, journal: &journal, screen: &screen, output: &output, warnings: &warnings)
      }
      let timeout =
        throwDetector.nextDeadline.map { min(max($0 - throwDetector.now, .zero), idleTimeout) }
        ?? idleTimeout
      guard let reading = try sensor.next(timeout: timeout) else {
        for detected in throwDetector.finish() { try take(detected) }
        break
      }
      for detected in throwDetector.read(reading) { try take(detected) }
    }
    if throwDetector.isInDelivery {
      print(
        "warning: stopped during a delivery that started at "
          + "\(throwDetector.now.secondsText)s or earlier; it was not scored",
        to: &warnings)
    }
    return journal.session
  }

  /// What the console shows besides the games: the deck and the last message.
  private struct Screen {
    var standing = PinSet.full
    var notice: String?
  }

  /// Carries out one line the operator typed at the console.
  private func obey<Store: JournalStore>(
    _ line: String, journal: inout JournalledSession<Store>, screen: inout Screen,
    output: inout some TextOutputStream, warnings: inout some TextOutputStream
  ) throws(JournalError) {
    let command: ConsoleCommand
    do {
      guard let parsed = try ConsoleCommand.parse(line) else { return }
      command = parsed
    } catch {
      tell("\(error)", screen: &screen, in: journal.session, output: &output, warnings: &warnings)
      return
    }
    guard let correction = command.correction(in: journal.session) else {
      tell(ConsoleCommand.summary, screen: &screen, in: journal.session, output: &output, warnings: &warnings)
      return
    }
    do {
      let (entry, others) = try journal.correct(correction, by: operatorName, at: clock())
      for update in others { show(update, in: journal.session, screen: &screen, output: &output, warnings: &warnings) }
      show(JournalUpdate(entries: [entry]), in: journal.session, screen: &screen, output: &output, warnings: &warnings)
    } catch .refused(let error) {
      tell("correction refused: \(error)", screen: &screen, in: journal.session, output: &output, warnings: &warnings)
    }
  }

  /// Shows a message: under the games on a console, as a warning line otherwise.
  private func tell(
    _ message: String, screen: inout Screen, in session: LaneSession,
    output: inout some TextOutputStream, warnings: inout some TextOutputStream
  ) {
    if case .console = format {
      screen.notice = message
      redraw(session, screen: screen, to: &output)
    } else {
      print("warning: \(message)", to: &warnings)
    }
  }

  /// Shows journalled corrections and a torn record set aside.
  private func show(
    _ update: JournalUpdate, in session: LaneSession, screen: inout Screen,
    output: inout some TextOutputStream, warnings: inout some TextOutputStream
  ) {
    if let recovered = update.recovered { print("warning: \(recovered)", to: &warnings) }
    for entry in update.entries {
      guard case .corrected(let correction, let change) = entry.event else { continue }
      switch format {
      case .console:
        screen.notice = "correction by \(entry.author): \(correction): \(change)"
        redraw(session, screen: screen, to: &output)
      case .log:
        print("correction by \(entry.author): \(correction): \(change)", to: &output)
        print(SessionScoreboard().render(session), to: &output)
      case .jsonLines:
        if let line = try? LaneEventReport.line(for: entry, correction: correction, change: change) {
          print(line, to: &output)
        }
      }
    }
  }

  private func show(
    _ scored: ScoredThrow, in session: LaneSession, screen: Screen,
    to output: inout some TextOutputStream
  ) throws {
    let game = session.series[scored.bowler].games[scored.recorded.game - 1]
    switch format {
    case .console:
      redraw(session, screen: screen, to: &output)
    case .log:
      print(Self.logLine(scored), to: &output)
      if scored.completesFrame {
        let name = scored.bowlerName
        print(Scoreboard(bowler: name.isEmpty ? nil : name).render(game), to: &output)
      }
    case .jsonLines:
      for line in try LaneEventReport.lines(for: scored, in: game) { print(line, to: &output) }
    }
  }

  private func redraw(
    _ session: LaneSession, screen: Screen, to output: inout some TextOutputStream
  ) {
    guard case .console(let colour) = format else { return }
    let clearScreen = "\u{1B}[H\u{1B}[2J"
    let games =
      session.bowlers == [""]
      ? "Game \(session.series[0].games.count)\n" + Scoreboard(colour: colour).render(session.series[0].current)
      : SessionScoreboard(colour: colour).render(session)
    var screenText = clearScreen + games + "\n\n" + PinDeck(colour: colour).render(standing: screen.standing)
    if let notice = screen.notice { screenText += "\n" + notice }
    print(screenText, to: &output)
  }

  /// One line for a log: `game 1, frame 3, ball 1: 8 pins (1-2-3-4-5-6-8-9), leave 7-10`.
  static func logLine(_ scored: ScoredThrow) -> String {
    let detected = scored.detected
    let leave = detected.standingBefore.subtracting(detected.knocked)
    var line = scored.bowlerName.isEmpty ? "" : "\(scored.bowlerName), "
    line += "game \(scored.recorded.game), \(scored.recorded.position): "
    line += scored.delivery.isFoul ? "foul" : "\(scored.delivery.credited) pins"
    line += " (\(detected.knocked)), leave \(leave)"
    if !detected.ballDetected { line += ", no ball detected" }
    if detected.isCutShort { line += ", read at the delivery bound" }
    return line
  }
}
