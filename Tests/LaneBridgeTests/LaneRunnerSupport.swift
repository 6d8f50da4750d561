import Bowling
import Foundation
import Journal
import LaneSensing
import SimulatedPinSensor

@testable import LaneBridge

/// A display that keeps every event it is shown, for tests of the runner.
struct RecordingDisplay: LaneDisplay {
  private(set) var events: [LaneEvent] = []

  mutating func show(_ event: LaneEvent, in session: LaneSession) { events.append(event) }

  /// The events as short names with their sequence numbers, e.g. `scored@2`.
  var names: [String] {
    events.map { event in
      let name =
        switch event.kind {
        case .status(.running): "running"
        case .status(.sensorEnded): "sensorEnded"
        case .status(.stopped): "stopped"
        case .scored: "scored"
        case .frameCompleted(_, _, let frame): "frame\(frame)"
        case .gameCompleted(_, let game): "game\(game)"
        case .corrected: "corrected"
        case .bowlerUp(let bowler): "up\(bowler)"
        case .deckChanged: "deck"
        case .warning: "warning"
        case .journalRecovered: "recovered"
        case .notice: "notice"
        case .sessionStarted: "session"
        }
      return "\(name)@\(event.sequence)"
    }
  }
}

/// Runs `script` to its end (or until `shouldStop`) through a ``LaneRunner`` and `display`,
/// in a new session journalled in memory.
func runLane<Display: LaneDisplay>(
  _ script: SensorScript, display: Display, bowlers: [String] = [],
  until shouldStop: () -> Bool = { false }
) throws -> (display: Display, journal: JournalledSession<MemoryJournal>, status: LaneEvent.Status) {
  var sensor = SimulatedPinSensor(script: script)
  var display = display
  var journal = try JournalledSession(inMemoryFor: bowlers, startingAt: Date(timeIntervalSince1970: 0))
  let status = try LaneRunner(detector: .init(), clock: { Date(timeIntervalSince1970: 1_000) })
    .run(&sensor, journal: &journal, display: &display, until: shouldStop)
  return (display, journal, status)
}

/// Lane scripts the runner and display tests share.
enum LaneScripts {
  /// A strike (the 10 falls late), a pinsetter cycle, then a first ball leaving 7-10.
  static let strikeThenSplit = SensorScript()
    .ball(at: .seconds(1))
    .pins(PinSet.full.subtracting([10]), fallAt: .milliseconds(1_100))
    .pin(10, fallsAt: .milliseconds(2_500))
    .cycleOn(at: .seconds(7))
    .pins(.full, riseAt: .seconds(9))
    .cycleOff(at: .seconds(10))
    .ball(at: .seconds(20))
    .pins(PinSet([7, 10] as PinSet).complement, fallAt: .milliseconds(20_200))

  /// A first ball leaving 7-10, its pins chattering as they fall (the last bounce at 1.208 s,
  /// so they count at 1.238 s and the deck has settled at 4.238 s); then a foul before the
  /// second ball, which misses (its delivery starts at the ball, 12 s, and settles at 15 s).
  static let splitThenFoul = SensorScript()
    .ball(at: .seconds(1))
    .pins(([7, 10] as PinSet).complement, fallAt: .milliseconds(1_200), chatter: .bounces(2, every: .milliseconds(2)))
    .cycleOn(at: .seconds(6))
    .cycleOff(at: .seconds(9))
    .ball(at: .seconds(12))
    .foul(at: .milliseconds(11_900))

  /// Ana leaves 7-10 and takes the 7; Ben strikes.
  static let twoBowlers = SensorScript()
    .ball(at: .seconds(1))
    .pins(([7, 10] as PinSet).complement, fallAt: .milliseconds(1_200))
    .ball(at: .seconds(10))
    .pin(7, fallsAt: .milliseconds(10_200))
    .cycleOn(at: .seconds(15))
    .pins([1, 2, 3, 4, 5, 6, 7, 8, 9], riseAt: .seconds(16))
    .cycleOff(at: .seconds(17))
    .ball(at: .seconds(20))
    .pins(.full, fallAt: .milliseconds(20_200))
}
