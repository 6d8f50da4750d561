import Bowling
import Foundation
import Journal
import LaneSensing

/// The lane's one loop: reads a sensor, detects throws, scores them in a journalled session
/// and hands each event to a display, until the sensor ends or a stop is asked for.
///
/// `lane run` (a GPIO sensor, the console board or a log) and `lane simulate` (a trace, the
/// end-of-run report or, paced, the console board) are two configurations of it. Each
/// delivery is in the journal before its events are shown. It applies what others
/// journalled when it starts and before each entry it appends; between readings it takes the
/// operator's console commands and the corrections `lane correct` sends over the control
/// socket (both posted to a ``LaneInbox``, whose wake event ends the sensor's wait).
public struct LaneRunner: Sendable {
  /// Takes a `start-league` and its reply (``leagueStart``).
  public typealias LeagueStart = @Sendable (ControlRequest, _ reply: @escaping @Sendable (ControlReply) -> Void) -> Void

  public var detector: ThrowDetector.Configuration
  /// The longest the loop waits for a reading; it bounds how late a stop, a console command
  /// or a correction is noticed by a sensor that the inbox's wake event cannot wake (a
  /// replay); ``forever`` for one it can.
  public var idleTimeout: Duration
  /// An idle timeout that never ends in practice (a century), for a sensor whose wait ends
  /// on every source the lane answers (a ``LaneInbox``'s wake event): no periodic wake-up.
  public static let forever: Duration = .seconds(100 * 365 * 86_400)
  /// The wall clock that dates journal entries.
  public var clock: @Sendable () -> Date
  /// Who console corrections are from, in the journal.
  public var operatorName: String

  /// Where a `start-league` goes (``ControlRequest/Action/startLeague(night:)``): the pair
  /// this lane is one of in open play (`OpenPlayPair`), which the runner hands the request
  /// and its reply once the lane's own session has no deliveries, and which then stops the
  /// run to start the night; `nil` for a lane alone, which refuses it (``notPair``).
  public var leagueStart: LeagueStart?

  /// A single lane's answer to a league command (``ControlRequest/Action/league(command:why:)``).
  public static let notLeague = "this lane is not playing a league night"
  /// Why a start (of a session, or of a league night) is refused while `session` has
  /// deliveries, naming `lane` when given: a start never drops games.
  public static func inProgress(_ session: LaneSession, lane: String? = nil) -> String {
    "\(lane.map { "lane \($0)" } ?? "the lane") has a session in progress (\(LaneSummary(session))): end it first"
  }
  /// A single lane's answer to a `start-league`.
  public static let notPair =
    "a league night is bowled on a pair, and this lane runs alone: start it on a lane of a pair's lane run --config"

  public init(
    detector: ThrowDetector.Configuration, idleTimeout: Duration = .seconds(1),
    operatorName: String = "console", clock: @escaping @Sendable () -> Date = { Date() },
    leagueStart: LeagueStart? = nil
  ) {
    self.detector = detector
    self.idleTimeout = idleTimeout
    self.operatorName = operatorName
    self.clock = clock
    self.leagueStart = leagueStart
  }

  /// Runs the lane's session until the sensor ends or `shouldStop` returns `true`, then
  /// closes the sensor.
  ///
  /// The display first receives `.status(.running)` and who is up, then every event in
  /// order, and last `.status(.sensorEnded)` or `.status(.stopped(...))`.
  /// - Parameters:
  ///   - journal: The session and where it is journalled; it carries on from where it is.
  ///   - display: Receives every event.
  ///   - commands: Lines the operator typed since the last call (``ConsoleCommand``).
  ///   - inbox: Console lines and control-socket corrections posted since the last turn;
  ///     each correction is journalled (durable) before its reply is sent.
  ///   - shouldStop: Asked before each wait for the sensor.
  /// - Returns: How the run ended; the session is in `journal`.
  /// - Throws: What the sensor or the display throws, or ``JournalError`` when the journal
  ///   cannot be read or written: a delivery that is not durable is never shown.
  @discardableResult
  public func run<Sensor: PinSensor, Store: JournalStore, Display: LaneDisplay>(
    _ sensor: inout Sensor,
    journal: inout JournalledSession<Store>,
    display: inout Display,
    commands: () -> [String] = { [] },
    inbox: LaneInbox? = nil,
    until shouldStop: () -> Bool = { false }
  ) throws -> LaneEvent.Status {
    defer { sensor.close() }
    var throwDetector = ThrowDetector(configuration: detector)
    var bowlerUp = journal.session.currentBowler

    func show(_ kind: LaneEvent.Kind) throws {
      try display.show(LaneEvent(kind, sequence: journal.lastSequence), in: journal.session)
    }
    func showBowlerChange() throws {
      // One bowler is always up; with several, finding who costs a walk over the games.
      guard journal.session.bowlers.count > 1 else { return }
      let next = journal.session.currentBowler
      guard next != bowlerUp else { return }
      bowlerUp = next
      try show(.bowlerUp(next))
    }
    func show(_ update: JournalUpdate) throws {
      if let recovered = update.recovered { try show(.journalRecovered(recovered)) }
      for entry in update.entries {
        guard case .corrected(let correction, let change) = entry.event else { continue }
        try display.show(
          LaneEvent(.corrected(correction, change: change, by: entry.author), sequence: entry.sequence),
          in: journal.session)
      }
      if !update.entries.isEmpty { try showBowlerChange() }
    }
    func take(_ output: ThrowDetector.Output) throws {
      let (events, others) = try journal.score(output, at: clock())
      for update in others { try show(update) }
      for event in events {
        switch event {
        case .warning(let warning):
          try show(.warning(warning))
        case .deckChanged(let change):
          try show(.deckChanged(standing: change.standing))
        case .scored(let scored):
          try show(.scored(scored))
          let game = scored.recorded.game
          if scored.completesFrame {
            try show(.frameCompleted(
              bowler: scored.bowler, game: game, frame: scored.recorded.position.frame))
          }
          if journal.session.series[scored.bowler].game(game)?.isComplete ?? true {
            try show(.gameCompleted(bowler: scored.bowler, game: game))
          }
          try showBowlerChange()
        }
      }
    }
    func obey(_ line: String) throws {
      let command: ConsoleCommand
      do {
        guard let parsed = try ConsoleCommand.parse(line) else { return }
        command = parsed
      } catch {
        return try show(.notice("\(error)"))
      }
      guard let correction = command.correction(in: journal.session) else {
        return try show(.notice(ConsoleCommand.summary))
      }
      let made: (entry: JournalEntry, others: [JournalUpdate])
      do {
        made = try journal.correct(correction, by: operatorName, at: clock())
      } catch JournalError.refused(let error) {
        return try show(.notice("correction refused: \(error)"))
      }
      for update in made.others { try show(update) }
      try show(JournalUpdate(entries: [made.entry]))
    }

    func answer(_ request: ControlRequest) throws -> ControlReply {
      switch request.action {
      case .correct(let correction): return try answer(request, correcting: correction)
      case .endSession: return try changeSession(request, next: [])
      case .startSession(let bowlers):
        // A session with deliveries is ended first, on purpose: a start never drops games.
        guard journal.session.recorded.isEmpty else {
          return .refused(
            id: request.id,
            because: Self.inProgress(journal.session))
        }
        return try changeSession(request, next: bowlers)
      case .league:
        try show(.notice("league command from \(request.by) refused: \(Self.notLeague)"))
        return .refused(id: request.id, because: Self.notLeague)
      case .startLeague:
        // Handed to the pair by `handle`; a lane alone has none.
        try show(.notice("league night from \(request.by) refused: \(Self.notPair)"))
        return .refused(id: request.id, because: Self.notPair)
      }
    }
    /// Hands a `start-league` to the pair, whose reply follows once the night is set up;
    /// refused at once while the lane's session has deliveries: a start never drops games.
    func handOver(_ request: ControlRequest, to pair: LeagueStart, reply: @escaping @Sendable (ControlReply) -> Void) {
      guard journal.session.recorded.isEmpty else {
        return reply(
          .refused(
            id: request.id,
            because: Self.inProgress(journal.session)))
      }
      pair(request, reply)
    }
    func answer(_ request: ControlRequest, correcting correction: Correction) throws -> ControlReply {
      let made: (entry: JournalEntry, others: [JournalUpdate])
      do {
        made = try journal.correct(correction, by: request.by, at: clock())
      } catch JournalError.refused(let error) {
        try show(.notice("correction from \(request.by) refused: \(error)"))
        return .refused(id: request.id, because: "\(error)")
      }
      for update in made.others { try show(update) }
      try show(JournalUpdate(entries: [made.entry]))
      guard case .corrected(_, let change) = made.entry.event else {
        return .refused(id: request.id, because: "the journal recorded something else")
      }
      return .done(
        id: request.id, sequence: made.entry.sequence,
        what: "\(correction) by \(request.by): \(change)")
    }
    /// Ends the session and opens the next for `next` (empty: one unnamed bowler).
    func changeSession(_ request: ControlRequest, next: [String]) throws -> ControlReply {
      let made = try journal.endSession(by: request.by, at: clock(), next: next)
      for update in made.others { try show(update) }
      bowlerUp = journal.session.currentBowler
      try show(.sessionStarted(by: request.by, ended: made.end.sequence))
      try show(.bowlerUp(bowlerUp))
      let names = next.isEmpty ? "one unnamed bowler" : next.joined(separator: ", ")
      return .done(
        id: request.id, sequence: made.start.sequence,
        what: "session ended (record \(made.end.sequence)) by \(request.by); new session for \(names)")
    }
    func handle(_ item: LaneInbox.Item) throws {
      switch item {
      case .console(let line):
        try obey(line)
      case .request(let request, let reply):
        if case .startLeague = request.action, let leagueStart { return handOver(request, to: leagueStart, reply: reply) }
        do {
          reply(try answer(request))
        } catch {
          // The journal cannot be written: say so to the client, then end the run.
          reply(.refused(id: request.id, because: "the lane cannot journal it: \(error)"))
          throw error
        }
      }
    }

    try show(.status(.running))
    try show(.bowlerUp(bowlerUp))
    // What others appended before the run (`lane correct` with no lane running) is applied
    // once here. While the lane runs it holds the lane lock, so corrections come through
    // the inbox; an append that still lands (another writer) is read and applied before the
    // lane's next entry, which `JournalledSession` checks on every append.
    try show(try journal.catchUp())
    let ending = try throwDetector.run(
      &sensor, idleTimeout: idleTimeout,
      until: {
        if shouldStop() { return true }
        for line in commands() { try obey(line) }
        for item in inbox?.take() ?? [] { try handle(item) }
        return false
      },
      take)
    let status: LaneEvent.Status =
      switch ending {
      // A stop ends a sensor that was waiting for input (a replay of standard input).
      case .sensorEnded where !shouldStop(): .sensorEnded
      case .sensorEnded, .stopRequested:
        .stopped(openDeliverySince: throwDetector.isInDelivery ? throwDetector.now : nil)
      }
    try show(.status(status))
    return status
  }
}
