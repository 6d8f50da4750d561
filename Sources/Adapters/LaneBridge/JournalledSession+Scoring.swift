import Bowling
import Foundation
import Journal
import LaneSensing

extension JournalledSession {
  /// Scores one output of the throw detector, journalling its delivery first.
  ///
  /// The pins credited are those set for the ball (``LaneScorer/credited(_:setFor:)``); a
  /// delivery the games refuse is a warning, not an error, and is not journalled.
  /// - Returns: The events to show (a scored throw carries its journal sequence number),
  ///   and what others journalled first (already applied).
  /// - Throws: ``JournalError`` when the delivery cannot be made durable; the session does
  ///   not count it then.
  public mutating func score(
    _ output: ThrowDetector.Output, at time: Date
  ) throws(JournalError) -> (events: [LaneScorer.Event], others: [JournalUpdate]) {
    let detected: DetectedThrow
    switch output {
    case .deckChanged(let change): return ([.deckChanged(change)], [])
    case .warning(let warning): return ([.warning(.detector(warning))], [])
    case .delivery(let delivery): detected = delivery
    }
    var credited = detected.throw
    var alreadyDown: PinSet?
    var refused: ScoringError?
    let (recorded, others) = try record(at: time) { session in
      (credited, alreadyDown) = LaneScorer.credited(detected, setFor: session.standing)
      do throws(SessionError) {
        try session.check(credited)
      } catch {
        guard case .impossible(let scoringError, _) = error else { return nil }
        refused = scoringError
        return nil
      }
      refused = nil
      return JournalEntry.Delivery(
        knocked: credited.knockedPins ?? detected.knocked, isFoul: credited.isFoul,
        deck: detected.standingBefore, start: detected.start.seconds, end: detected.end.seconds)
    }
    var events: [LaneScorer.Event] = []
    if let alreadyDown { events.append(.warning(.pinsAlreadyDown(alreadyDown, at: detected.end))) }
    if let refused { events.append(.warning(.notScored(refused, at: detected.end))) }
    if let recorded {
      var scored = ScoredThrow(
        detected: detected, delivery: credited, recorded: recorded.place, in: session)
      scored.sequence = recorded.entry.sequence
      events.append(.scored(scored))
    }
    return (events, others)
  }
}
