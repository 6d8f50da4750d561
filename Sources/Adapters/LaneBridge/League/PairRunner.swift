import Bowling
import Foundation
import Journal
import LaneSensing
import League

/// A pair's one loop on a league night: reads both lanes' detectors (``PairFeed``), scores
/// each throw in the journalled night and hands each event to a display, taking the
/// scorer's console lines and the control socket's corrections between readings, until the
/// sensors end or a stop is asked for.
///
/// Rules, each with its reason:
/// 1. Durable before shown: a delivery, a correction or an undo is shown only once its
///    record is in the journal, as on one lane.
/// 2. A throw is credited with the pins set for its ball (``LaneScorer/credited(_:setFor:)``):
///    a pin the deck reports down that was not set is not counted, as on one lane.
/// 3. A throw the night refuses is a warning, not an error, and is not journalled; a throw
///    after a lane's last turn is an event of its own (counted by a report, not listed),
///    since a trace may go on long after the night.
/// 4. The first `skipping` throws of each lane are not scored: a replay resumed on a journal
///    that already holds them (``JournalledNight/deliveries(on:)``) must not score them twice.
/// 5. A correction is parsed against the night as it stands (``LeagueCommand``) and
///    journalled with who, when and why; from the control socket a reason is required.
///    A single lane's requests (pins, foul, dead ball, undo, sessions) are refused with the
///    league's form: on a pair every correction names its delivery or bowler.
/// 6. On a night started from the desk (``deskEnds``), the desk's `end-session` ends the
///    night's run, answered with the night's last record: the lanes go back to open play
///    (``DeskNightEnd``). Without it, the night is ended at the pair, and `end-session` is
///    refused. A `start-league` is refused: the pair already plays a night.
public struct PairRunner: Sendable {
  /// Who console corrections are from, in the journal.
  public var operatorName: String
  /// The reason journalled for a console correction typed without one.
  public static let consoleReason = "typed at the pair's console"
  /// The wall clock that dates journal records.
  public var clock: @Sendable () -> Date
  /// Set on a night started from the desk, whose `end-session` ends it (rule 6).
  public var deskEnds: DeskNightEnd?

  public init(
    operatorName: String = "console", deskEnds: DeskNightEnd? = nil, clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.operatorName = operatorName
    self.deskEnds = deskEnds
    self.clock = clock
  }

  /// The answer to a `start-league` on a pair that plays a night.
  public static let alreadyLeague = "this pair is already playing a league night: end it first (end-session)"

  /// Runs the night until both sensors end or `shouldStop` returns `true`, then closes the
  /// sensors.
  ///
  /// - Parameters:
  ///   - skipping: How many throws on each lane to leave unscored (rule 4).
  /// - Returns: How the run ended; the night is in `night`.
  /// - Throws: What the source throws (a sensor's failure), ``JournalError`` when the journal
  ///   cannot be read or written (a delivery that is not durable is never shown), or what
  ///   the display throws.
  @discardableResult
  public func run<Source: PairSource, Store: JournalStore, Display: PairDisplay>(
    _ feed: inout Source,
    night: inout JournalledNight<Store>,
    display: inout Display,
    skipping: [PairSide: Int] = [:],
    inbox: LaneInbox? = nil,
    until shouldStop: () -> Bool = { false }
  ) throws -> LaneEvent.Status {
    defer { feed.close() }
    var skipping = skipping
    // Set by the desk's end of its night (rule 6), read at every step without a lock.
    var endedByDesk = false

    func show(_ kind: PairEvent.Kind) throws {
      try display.show(PairEvent(kind, sequence: night.lastSequence), in: night.play)
    }
    func show(_ update: JournalUpdate) throws {
      if let recovered = update.recovered { try show(.notice("warning: \(recovered)")) }
      let changes = night.changes.filter { change in update.entries.contains { $0.sequence == change.sequence } }
      for change in changes {
        try display.show(
          PairEvent(.corrected(what: Self.describe(change.action), by: change.author, why: change.reason), sequence: change.sequence),
          in: night.play)
      }
    }
    func score(_ detected: DetectedThrow, on lane: PairSide) throws {
      if let left = skipping[lane], left > 0 {
        skipping[lane] = left - 1
        return
      }
      guard let rack = night.play.standing(on: lane) else { return try show(.afterTheNight(lane: lane)) }
      let (credited, alreadyDown) = LaneScorer.credited(detected, setFor: rack)
      if let alreadyDown { try show(.warning(lane: lane, .pinsAlreadyDown(alreadyDown, at: detected.end))) }
      let delivery = JournalEntry.Delivery(
        knocked: credited.knockedPins ?? detected.knocked, isFoul: credited.isFoul,
        deck: detected.standingBefore, start: detected.start.seconds, end: detected.end.seconds)
      let others: [JournalUpdate]
      switch Result(catching: { () throws(JournalError) in try night.deliver(delivery, on: lane, at: clock()) }) {
      case .success(let made):
        others = made.others
      case .failure(.nightRefused(.impossible(let error, _))):
        return try show(.warning(lane: lane, .notScored(error, at: detected.end)))
      case .failure(.nightRefused):
        return try show(.afterTheNight(lane: lane))
      case .failure(let error):
        throw error
      }
      for update in others { try show(update) }
      try show(.delivered(lane: lane, number: night.play.deliveries.count, detected: detected))
    }
    /// Makes `command`, journalled as `by`'s; the reply's words, or why it was refused.
    func make(_ command: LeagueCommand, by author: String, why: String) throws -> Result<JournalEntry, LeagueError> {
      let made: (entry: JournalEntry, others: [JournalUpdate])
      do {
        made = try night.make(command.action, by: author, why: why, at: clock())
      } catch .nightRefused(let error) {
        return .failure(error)
      }
      for update in made.others { try show(update) }
      try show(JournalUpdate(entries: [made.entry]))
      return .success(made.entry)
    }
    func obey(_ line: String) throws {
      guard !line.allSatisfy(\.isWhitespace) else { return }
      if ["h", "?", "help"].contains(line.trimmingCharacters(in: .whitespaces).lowercased()) {
        return try show(.notice(LeagueCommand.summary))
      }
      let command: LeagueCommand
      do {
        command = try LeagueCommand.parse(line, in: night.play, reason: .optional)
      } catch {
        return try show(.notice("\(error)"))
      }
      if case .failure(let error) = try make(command, by: operatorName, why: command.reason ?? Self.consoleReason) {
        try show(.notice("correction refused: \(error)"))
      }
    }
    func answer(_ request: ControlRequest) throws -> ControlReply {
      switch request.action {
      case .endSession:
        guard let deskEnds else { break }
        deskEnds.ask(by: request.by)
        endedByDesk = true
        try show(.notice("the league night is ended by \(request.by): the lanes go back to open play"))
        return .done(
          id: request.id, sequence: night.lastSequence,
          what: "league night ended by \(request.by) after record \(night.lastSequence); the lanes go back to open play")
      case .startLeague:
        return .refused(id: request.id, because: Self.alreadyLeague)
      default:
        break
      }
      guard case .league(let text, let why) = request.action else {
        return .refused(
          id: request.id,
          because: "this pair is playing a league night: correct it with action league and a command such as"
            + " \"dead 12\" (docs/league.md)")
      }
      let command: LeagueCommand
      do {
        command = try LeagueCommand.parse(text, in: night.play, reason: .given(why))
      } catch {
        return .refused(id: request.id, because: "\(error)")
      }
      switch try make(command, by: request.by, why: command.reason ?? why) {
      case .success(let entry):
        return .done(id: request.id, sequence: entry.sequence, what: "\(command.action) by \(request.by)")
      case .failure(let error):
        try show(.notice("correction from \(request.by) refused: \(error)"))
        return .refused(id: request.id, because: "\(error)")
      }
    }
    func handle(_ item: LaneInbox.Item) throws {
      switch item {
      case .console(let line):
        try obey(line)
      case .request(let request, let reply):
        do {
          reply(try answer(request))
        } catch {
          reply(.refused(id: request.id, because: "the pair cannot journal it: \(error)"))
          throw error
        }
      }
    }

    try show(.status(.running))
    // What others appended before the run (`lane correct` with no pair running) is applied
    // once here; while the pair runs it holds the lane lock, so corrections come through
    // the inbox.
    try show(try night.catchUp())
    while true {
      if shouldStop() || endedByDesk {
        // A live pair's lanes say what was open once their threads have stopped.
        feed.close()
        let status = LaneEvent.Status.stopped(openDeliverySince: feed.openDeliverySince)
        try show(.status(status))
        return status
      }
      for item in inbox?.take() ?? [] { try handle(item) }
      let stepped = try feed.step { item in
        switch item.output {
        case .delivery(let detected): try score(detected, on: item.lane)
        case .warning(let warning): try show(.warning(lane: item.lane, .detector(warning)))
        case .deckChanged: break
        }
      }
      guard stepped else { break }
    }
    try show(.status(.sensorEnded))
    return .sensorEnded
  }

  /// What a correction or an undo did, in a few words for the displays.
  static func describe(_ action: NightChange.Action) -> String {
    switch action {
    case .correction(let correction): "\(correction)"
    case .undo(let record): "undid record \(record)"
    }
  }
}
