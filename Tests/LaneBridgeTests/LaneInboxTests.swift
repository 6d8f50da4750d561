import Bowling
import Foundation
import Journal
import LaneSensing
import POSIX
import SimulatedPinSensor
import Synchronization
import Testing

@testable import LaneBridge

/// A sensor that replays a script, then, instead of ending, blocks on the wake event as a
/// GPIO sensor does (no timeout it would notice: ten minutes), and notes what ended each wait.
struct WakeWaitingSensor: PinSensor {
  typealias Failure = SimulatedPinSensor.Failure
  enum Woken: Equatable { case wake, timedOut }

  var base: SimulatedPinSensor
  let wake: WakeEvent
  /// Called just before each wait, e.g. to post to the inbox from "outside".
  var beforeWait: () -> Void = {}
  var waits: Int
  private(set) var woken: [Woken] = []
  private var last = SensorInstant(nanoseconds: 0)

  init(_ script: SensorScript, wake: WakeEvent, waits: Int) {
    base = SimulatedPinSensor(script: script)
    self.wake = wake
    self.waits = waits
  }

  var standing: PinSet { base.standing }

  mutating func next(timeout: Duration) throws(Failure) -> SensorReading? {
    if let reading = try base.next(timeout: timeout) {
      last = reading.time
      return reading
    }
    guard woken.count < waits else { return nil }
    beforeWait()
    var polled = pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0)
    woken.append(poll(&polled, 1, 600_000) == 1 ? .wake : .timedOut)
    wake.reset()
    return .quiet(until: last)
  }

  mutating func close() { base.close() }
}

@Suite("The lane's inbox: console lines and socket corrections wake the lane and are journalled")
struct LaneInboxTests {
  final class Replies: Sendable {
    let received = Mutex<[ControlReply]>([])
    func take(_ reply: ControlReply) { received.withLock { $0.append(reply) } }
    var all: [ControlReply] { received.withLock { $0 } }
  }

  @Test("Given a lane blocked waiting for its sensor, when a correction is posted, then the wait ends by the wake event, the correction is journalled and then answered done")
  func correctionWakesTheLane() throws {
    let wake = try WakeEvent()
    let inbox = LaneInbox(wake: { wake.signal() })
    let replies = Replies()
    var sensor = WakeWaitingSensor(LaneScripts.strikeThenSplit, wake: wake, waits: 1)
    sensor.beforeWait = {
      inbox.post(.request(
        ControlRequest(id: "r1", by: "Eve", correction: .setPins([1, 2, 3])), reply: replies.take))
    }
    var journal = try JournalledSession(inMemoryFor: [], startingAt: Date(timeIntervalSince1970: 0))
    var display = RecordingDisplay()

    try LaneRunner(detector: .init(), idleTimeout: LaneRunner.forever)
      .run(&sensor, journal: &journal, display: &display, inbox: inbox)

    #expect(sensor.woken == [.wake])
    let reply = try #require(replies.all.first)
    #expect(replies.all.count == 1)
    #expect(reply.ok && reply.id == "r1")
    let entry = try #require(journal.store.entries.first { $0.sequence == reply.sequence })
    #expect(entry.author == "Eve")
    guard case .corrected(.setPins(let pins), _) = entry.event else {
      Issue.record("record \(reply.sequence ?? 0) is not the correction: \(entry.event)")
      return
    }
    #expect(pins == [1, 2, 3])
    #expect(display.names.contains("corrected@\(reply.sequence ?? 0)"))
  }

  @Test("Given a correction the games cannot take, when the lane takes it, then it is refused with the reason and nothing is journalled")
  func refusedCorrection() throws {
    let inbox = LaneInbox()
    let replies = Replies()
    inbox.post(.request(ControlRequest(id: "r2", by: "Eve", correction: .undo), reply: replies.take))
    var sensor = SimulatedPinSensor(script: SensorScript())
    var journal = try JournalledSession(inMemoryFor: [], startingAt: Date(timeIntervalSince1970: 0))
    var display = RecordingDisplay()

    try LaneRunner(detector: .init()).run(&sensor, journal: &journal, display: &display, inbox: inbox)

    let reply = try #require(replies.all.first)
    #expect(!reply.ok && reply.id == "r2" && reply.error?.isEmpty == false)
    #expect(journal.store.entries.count == 1)  // the start only
    #expect(display.names.contains("notice@1"))
  }

  @Test("Given a console line posted while the lane waits, then the wait ends by the wake event and the command is obeyed")
  func consoleLineWakesTheLane() throws {
    let wake = try WakeEvent()
    let inbox = LaneInbox(wake: { wake.signal() })
    var sensor = WakeWaitingSensor(LaneScripts.strikeThenSplit, wake: wake, waits: 1)
    sensor.beforeWait = { inbox.post(.console("f")) }
    var journal = try JournalledSession(inMemoryFor: [], startingAt: Date(timeIntervalSince1970: 0))
    var display = RecordingDisplay()

    try LaneRunner(detector: .init(), idleTimeout: LaneRunner.forever)
      .run(&sensor, journal: &journal, display: &display, inbox: inbox)

    #expect(sensor.woken == [.wake])
    #expect(journal.store.entries.filter { $0.author == "console" }.count == 1)
  }
}
