import Bowling
import Foundation
import Journal
import LaneBridge
import LaneSensing
import SimulatedPinSensor
import TestSupport
import WebBoard

/// A display that folds every event into a ``BoardFeed`` and keeps each update, as the web
/// display does, without a server.
struct BoardRecorder: LaneDisplay {
  var feed: BoardFeed
  private(set) var updates: [BoardUpdate] = []
  private(set) var session = LaneSession(bowlers: [])

  init(lane: String = "7") { feed = BoardFeed(lane: lane) }

  mutating func show(_ event: LaneEvent, in session: LaneSession) {
    updates.append(feed.apply(event, in: session, publishedAt: Double(updates.count)))
    self.session = session
  }

  var board: LaneBoard { feed.board }
}

/// Runs `script` to its end through a ``LaneRunner`` into a ``BoardRecorder``, in a new
/// session journalled in memory.
func boards(_ script: SensorScript, bowlers: [String] = []) throws -> BoardRecorder {
  var sensor = SimulatedPinSensor(script: script)
  var display = BoardRecorder()
  var journal = try JournalledSession(inMemoryFor: bowlers, startingAt: Date(timeIntervalSince1970: 0))
  try LaneRunner(detector: .init(), clock: { Date(timeIntervalSince1970: 1_000) })
    .run(&sensor, journal: &journal, display: &display)
  return display
}

/// Lane scripts the board tests share.
enum BoardScripts {
  /// A strike, a pinsetter cycle, then a first ball leaving 7-10.
  static let strikeThenSplit = SensorScript()
    .ball(at: .seconds(1))
    .pins(.full, fallAt: .milliseconds(1_100))
    .cycleOn(at: .seconds(7))
    .pins(.full, riseAt: .seconds(9))
    .cycleOff(at: .seconds(10))
    .ball(at: .seconds(20))
    .pins(PinSet([7, 10] as PinSet).complement, fallAt: .milliseconds(20_200))

  /// Ana leaves 7-10 and takes the 7; then Ben's first ball knocks the 1-2-3.
  static let twoBowlers = SensorScript()
    .ball(at: .seconds(1))
    .pins(([7, 10] as PinSet).complement, fallAt: .milliseconds(1_200))
    .ball(at: .seconds(10))
    .pin(7, fallsAt: .milliseconds(10_200))
    .cycleOn(at: .seconds(20))
    .pins(.full, riseAt: .seconds(22))
    .cycleOff(at: .seconds(23))
    .ball(at: .seconds(30))
    .pins([1, 2, 3], fallAt: .milliseconds(30_200))

  /// Twelve strikes: a perfect game.
  static var perfectGame: SensorScript { .perfectGame }
}
