import Bowling
import Journal
import LaneSensing

/// Scores what the throw detector finds on the deck: the part of a lane that `lane simulate`
/// and `lane run` share.
///
/// It feeds each detected delivery to a ``LaneSession`` (bowlers in turn, a delivery after a
/// finished game starts the next game) and reports what happened, warnings included, as
/// ``Event`` values for the caller to show. It never reads a clock and never prints.
public struct LaneScorer: Sendable {
  /// Something the lane should show or record.
  public enum Event: Hashable, Sendable {
    /// A delivery was scored.
    case scored(ScoredThrow)
    /// The pins standing changed outside a delivery (the pinsetter set them).
    case deckChanged(ThrowDetector.DeckChange)
    /// Something on the lane needs the operator's attention; nothing was dropped silently.
    case warning(LaneWarning)
  }

  /// The session so far: every bowler's games.
  public private(set) var session: LaneSession

  /// The first bowler's games: every game, when one bowler is on the lane.
  public var series: GameSeries { session.series[0] }

  /// A scorer that carries on `session` (a new session with one unnamed bowler by default).
  public init(session: LaneSession = LaneSession(bowlers: [])) {
    self.session = session
  }

  /// Applies an entry from the lane's journal that this scorer did not make (a correction
  /// from `lane correct`).
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the session refuses it.
  public mutating func apply(_ entry: JournalEntry) throws(JournalError) {
    try session.apply(entry)
  }

  /// Applies an operator's correction.
  ///
  /// - Throws: ``SessionError`` when there is nothing to correct or the games would become
  ///   impossible; nothing changes then.
  public mutating func correct(_ correction: Correction) throws(SessionError) {
    try session.correct(correction)
  }

  /// Takes one output of the throw detector and returns what it means for the games.
  public mutating func take(_ output: ThrowDetector.Output) -> [Event] {
    switch output {
    case .deckChanged(let change): [.deckChanged(change)]
    case .warning(let warning): [.warning(.detector(warning))]
    case .delivery(let detected): score(detected)
    }
  }

  /// Records a detected delivery in the current game.
  ///
  /// The game knows which pins were set for this ball; the deck may disagree when a sensor
  /// misread a pin that was already down. Such pins are not credited again, and the operator
  /// is told which they were.
  private mutating func score(_ detected: DetectedThrow) -> [Event] {
    let (delivery, alreadyDown) = Self.credited(detected, setFor: session.standing)
    var events: [Event] = alreadyDown.map { [.warning(.pinsAlreadyDown($0, at: detected.end))] } ?? []
    do {
      let recorded = try session.record(delivery)
      events.append(.scored(ScoredThrow(detected: detected, delivery: delivery, recorded: recorded, in: session)))
    } catch {
      guard case .impossible(let scoringError, _) = error else {
        preconditionFailure("recording a delivery only fails when it is impossible")
      }
      events.append(.warning(.notScored(scoringError, at: detected.end)))
    }
    return events
  }

  /// What a detected delivery is credited with when `rack` was set for the ball.
  ///
  /// The game knows which pins were set for this ball; the deck may disagree when a sensor
  /// misread a pin that was already down. Such pins are not credited again; they come back
  /// as `alreadyDown` for the operator to be told.
  public static func credited(
    _ detected: DetectedThrow, setFor rack: Rack
  ) -> (delivery: Throw, alreadyDown: PinSet?) {
    guard let setForBall = rack.pins, !detected.knocked.isSubset(of: setForBall) else {
      return (detected.throw, nil)
    }
    return (
      Throw(.pins(detected.knocked.intersection(setForBall)), isFoul: detected.isFoul),
      detected.knocked.subtracting(setForBall)
    )
  }
}

/// One detected delivery as it was scored: what the deck showed and where the ball counts.
public struct ScoredThrow: Hashable, Sendable {
  /// What the throw detector saw.
  public let detected: DetectedThrow
  /// What was recorded in the game: the detected pins that were set for this ball.
  public let delivery: Throw
  /// Which game (from 1), frame and ball the throw was scored as.
  public let recorded: GameSeries.Recorded
  /// Whether this was the last ball of its frame.
  public let completesFrame: Bool
  /// The bowler's index in the session, and name (empty for a lone unnamed bowler).
  public var bowler: Int = 0
  public var bowlerName: String = ""
  /// The journal record that holds it (0 when it was not journalled).
  public var sequence: Int = 0

  /// The delivery recorded at `recorded` in `session`, as the lane shows it.
  init(detected: DetectedThrow, delivery: Throw, recorded: LaneSession.Recorded, in session: LaneSession) {
    let game = session.series[recorded.bowler].wholeGame(recorded.game)
    let frame = game.frames[recorded.position.frame - 1]
    self.detected = detected
    self.delivery = delivery
    self.recorded = recorded.inSeries
    self.completesFrame = frame.isComplete
    self.bowler = recorded.bowler
    self.bowlerName = session.bowlers[recorded.bowler]
  }

  /// The delivery as the lane's journal records it.
  public var journalled: JournalEntry.Delivery {
    JournalEntry.Delivery(
      knocked: delivery.knockedPins ?? detected.knocked, isFoul: delivery.isFoul,
      deck: detected.standingBefore, start: detected.start.seconds, end: detected.end.seconds)
  }
}
