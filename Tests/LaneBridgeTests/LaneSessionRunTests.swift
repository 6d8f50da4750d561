import Bowling
import Foundation
import Journal
import LaneSensing
import SimulatedPinSensor
import TestSupport
import Testing

@testable import LaneBridge

@Suite("Running a lane session with a journal and corrections")
struct LaneSessionRunTests {
  /// Ana leaves 7-10 and takes the 7; Ben strikes.
  static let script = SensorScript()
    .ball(at: .seconds(1))
    .pins(([7, 10] as PinSet).complement, fallAt: .milliseconds(1_200))
    .ball(at: .seconds(10))
    .pin(7, fallsAt: .milliseconds(10_200))
    .cycleOn(at: .seconds(15))
    .pins([1, 2, 3, 4, 5, 6, 7, 8, 9], riseAt: .seconds(16))
    .cycleOff(at: .seconds(17))
    .ball(at: .seconds(20))
    .pins(.full, fallAt: .milliseconds(20_200))

  static let start = JournalEntry(
    time: Date(timeIntervalSince1970: 0), author: "lane", event: .started(bowlers: ["Ana", "Ben"]))

  var journal = try! JournalledSession(
    store: MemoryJournal(starting: start), entries: MemoryJournal(starting: start).entries)
  var lane = LaneRunner(detector: .init(), clock: { Date(timeIntervalSince1970: 1_000) })

  /// Runs the lane on `script`, the operator typing `typed` before the first reading.
  mutating func run(_ script: SensorScript, typing typed: [String] = []) throws -> (output: String, warnings: String) {
    var sensor = SimulatedPinSensor(script: script)
    var display = LogDisplay(output: "", warnings: "")
    var pending = typed
    try lane.run(
      &sensor, journal: &journal, display: &display,
      commands: {
        defer { pending = [] }
        return pending
      })
    return (display.output, display.warnings)
  }

  @Test("When two bowlers bowl, then each throw is journalled before it is shown and named by its bowler")
  mutating func journalsEachThrow() throws {
    let output = try run(Self.script).output

    let lines = output.split(separator: "\n").filter { $0.contains(", game ") }
    #expect(lines == [
      "Ana, game 1, frame 1, ball 1: 8 pins (1-2-3-4-5-6-8-9), leave 7-10",
      "Ana, game 1, frame 1, ball 2: 1 pins (7), leave 10",
      "Ben, game 1, frame 1, ball 1: 10 pins (1-2-3-4-5-6-7-8-9-10), leave -",
    ])
    #expect(output.contains("Bowler: Ben\n+-----+"))
    let entries = journal.store.entries
    #expect(entries.map(\.sequence) == [1, 2, 3, 4])
    #expect(entries.dropFirst().allSatisfy { $0.author == "lane" && $0.time == Date(timeIntervalSince1970: 1_000) })
    #expect(journal.session.currentBowler == 0)
  }

  @Test("When the operator types d after Ben's strike, then it is a dead ball, journalled with what changed")
  mutating func deadBallFromConsole() throws {
    _ = try run(Self.script)

    let output = try run(SensorScript(), typing: ["d"]).output

    #expect(output.hasPrefix(
      "correction by console: dead ball: Ben, game 1, frame 1, ball 1 (10 pins (1-2-3-4-5-6-7-8-9-10))"
        + " does not count; it is bowled again\n"))
    #expect(journal.session.deliveries.count == 2)
    #expect(journal.session.currentBowler == 1)
    guard case .corrected(.deadBall, _) = journal.store.entries.last?.event else {
      Issue.record("the last entry should be the dead ball")
      return
    }
  }

  @Test("When the operator types pins that were not standing, then it is refused with a warning and nothing is journalled")
  mutating func refusedFromConsole() throws {
    _ = try run(Self.script)
    let before = journal.store.entries

    let result = try run(SensorScript(), typing: ["d", "p 1 7"])

    #expect(result.warnings.contains(
      "warning: correction refused: Ana, frame 1, ball 2: pin 1 was not standing (standing: 7-10)"))
    #expect(journal.store.entries.count == before.count + 1)
  }

  @Test("When lane correct appended to the journal while no lane ran, then the lane applies and shows it as it starts")
  func correctionFromAnotherProcess() throws {
    let folder = try ScratchFolder("lane-session-run-tests")
    let path = folder.path("lane.journal")
    let laneFile = try JournalFile(path: path, ifMissing: .create(Self.start))
    var running = try JournalledSession(store: laneFile, entries: laneFile.entries)
    var sensor = SimulatedPinSensor(script: Self.script)
    var display = LogDisplay(output: "", warnings: "")
    try lane.run(&sensor, journal: &running, display: &display)
    // Given: another process (lane correct) opens the same journal and marks a foul.
    let correcting = try JournalFile(path: path, ifMissing: .refuse)
    var other = try JournalledSession(store: correcting, entries: correcting.entries)
    _ = try other.correct(.foul(true), by: "Eve", at: Date(timeIntervalSince1970: 2_000))

    // When: the lane starts again.
    var quiet = SimulatedPinSensor(script: SensorScript())
    display.output = ""
    try lane.run(&quiet, journal: &running, display: &display)
    let output = display.output

    // Then: it shows the correction and scores Ben's strike as a foul.
    #expect(output.hasPrefix("correction by Eve: foul: Ben, game 1, frame 1, ball 1: 10 pins"))
    #expect(running.session == other.session)
    #expect(running.session.deliveries.last == .foul(knocked: .full))
  }

  @Test("When another writer appends to the journal during the run, then the lane applies and shows it before it journals its next delivery")
  func appendDuringTheRun() throws {
    let folder = try ScratchFolder("lane-session-run-tests")
    let path = folder.path("lane.journal")
    let laneFile = try JournalFile(path: path, ifMissing: .create(Self.start))
    var running = try JournalledSession(store: laneFile, entries: laneFile.entries)
    let correcting = try JournalFile(path: path, ifMissing: .refuse)
    var other = try JournalledSession(store: correcting, entries: correcting.entries)
    // Given: another writer marks Ana's first ball a foul as soon as it is journalled,
    // between the lane's readings (the lane reads the journal only when it appends).
    var corrected = false
    var failure: (any Error)?
    var display = LogDisplay(output: "", warnings: "")
    var sensor = SimulatedPinSensor(script: Self.script)

    // When: the lane replays the script.
    try lane.run(
      &sensor, journal: &running, display: &display,
      until: {
        guard !corrected else { return false }
        do {
          _ = try other.catchUp()
          guard !other.session.deliveries.isEmpty else { return false }
          _ = try other.correct(.foul(true), by: "Eve", at: Date(timeIntervalSince1970: 2_000))
          corrected = true
        } catch {
          failure = error
        }
        return false
      })

    // Then: the foul is shown before Ana's second ball, which is journalled after it and
    // scored on the corrected games; the lane's session is what the journal makes.
    #expect(failure == nil)
    #expect(corrected)
    let lines = display.output.split(separator: "\n")
    let foul = try #require(lines.firstIndex { $0.hasPrefix("correction by Eve: foul: Ana, game 1, frame 1, ball 1") })
    let secondBall = try #require(lines.firstIndex { $0.hasPrefix("Ana, game 1, frame 1, ball 2") })
    #expect(foul < secondBall)
    let written = try JournalFile(path: path, ifMissing: .refuse).entries
    #expect(written.map(\.author) == ["lane", "lane", "Eve", "lane", "lane"])
    #expect(running.session == (try LaneSession(journal: written)))
    #expect(running.session.deliveries.first == .foul(knocked: ([7, 10] as PinSet).complement))
  }

  /// Replays the script, `request` posted to the lane's inbox (no wake event) as Ana's
  /// second ball is read.
  mutating func replay(
    posting request: ControlRequest
  ) throws -> (replies: [ControlReply], display: LogDisplay<String, String>) {
    let inbox = LaneInbox()
    let replies = LaneInboxTests.Replies()
    var sensor = PostingSensor(Self.script, at: SensorInstant.zero + .seconds(10)) {
      inbox.post(.request(request, reply: replies.take))
    }
    var display = LogDisplay(output: "", warnings: "")
    try lane.run(&sensor, journal: &journal, display: &display, inbox: inbox)
    return (replies.all, display)
  }

  @Test("When a correction is posted to the inbox during a replay, then it is journalled at the next turn and the next delivery is scored on the corrected games")
  mutating func inboxDuringAReplay() throws {
    // Given: a replay (no wake event) whose inbox gets Eve's foul as Ana's second ball is read.
    let inbox = LaneInbox()
    let replies = LaneInboxTests.Replies()
    var sensor = PostingSensor(Self.script, at: SensorInstant.zero + .seconds(10)) {
      inbox.post(.request(
        ControlRequest(id: "r1", by: "Eve", correction: .foul(true)), reply: replies.take))
    }
    var display = LogDisplay(output: "", warnings: "")

    // When: the lane replays the script.
    try lane.run(&sensor, journal: &journal, display: &display, inbox: inbox)

    // Then: the foul is journalled after Ana's first ball and before her second, answered
    // done, and the lane's session is what its journal makes.
    let reply = try #require(replies.all.first)
    #expect(reply.ok && reply.sequence == 3)
    let entries = journal.store.entries
    #expect(entries.map(\.author) == ["lane", "lane", "Eve", "lane", "lane"])
    #expect(journal.session == (try LaneSession(journal: entries)))
    #expect(journal.session.deliveries.first == .foul(knocked: ([7, 10] as PinSet).complement))
    #expect(display.output.contains("correction by Eve: foul: Ana, game 1, frame 1, ball 1"))
  }

  @Test("When the session is ended from the inbox during a replay, then the end and the new session are journalled, answered done, and the next deliveries count in the new session")
  mutating func endSessionDuringAReplay() throws {
    // Given, when: a replay whose inbox gets the desk's end of session before Ana's second ball.
    let (replies, display) = try replay(posting: ControlRequest(id: "r1", by: "desk", action: .endSession))

    // Then: Ana and Ben's session holds its first ball and the end; the new session (one
    // unnamed bowler) starts at seq 1 and holds the rest.
    let reply = try #require(replies.first)
    #expect(reply.ok && reply.sequence == 1)
    let closed = try #require(journal.store.closed.first)
    #expect(closed.map(\.sequence) == [1, 2, 3])
    #expect(closed.last?.event == .ended(next: []))
    #expect(journal.store.entries.first?.event == .started(bowlers: []))
    #expect(journal.session.bowlers == [""])
    #expect(journal.session == (try LaneSession(journal: journal.store.entries)))
    #expect(journal.session.recorded.count == journal.store.entries.count - 1)
    #expect(display.output.contains("session ended by desk; new session for one unnamed bowler"))
  }

  @Test("When a session start for new bowlers comes while the session has deliveries, then it is refused saying why, and nothing is journalled")
  mutating func startRefusedInProgress() throws {
    let (replies, _) = try replay(
      posting: ControlRequest(id: "r2", by: "desk", action: .startSession(bowlers: ["Cho"])))

    let reply = try #require(replies.first)
    #expect(!reply.ok)
    #expect(reply.error?.hasPrefix("the lane has a session in progress (Ana: game 1 at frame 1, ball 2") == true)
    #expect(reply.error?.hasSuffix("end it first") == true)
    #expect(journal.store.closed.isEmpty)
  }

  @Test("When a session start for new bowlers comes before any delivery, then the empty session is closed and theirs opens")
  mutating func startBeforeAnyDelivery() throws {
    let inbox = LaneInbox()
    let replies = LaneInboxTests.Replies()
    inbox.post(.request(
      ControlRequest(id: "r3", by: "desk", action: .startSession(bowlers: ["Cho", "Dee"])), reply: replies.take))
    var sensor = SimulatedPinSensor(script: SensorScript())
    var display = LogDisplay(output: "", warnings: "")

    try lane.run(&sensor, journal: &journal, display: &display, inbox: inbox)

    #expect(replies.all.first?.ok == true)
    #expect(journal.session.bowlers == ["Cho", "Dee"])
    #expect(journal.store.closed.count == 1)
  }

  @Test("When a league command comes from the inbox during a replay, then this single lane refuses it saying it plays no league night, and nothing is journalled")
  mutating func leagueCommandRefused() throws {
    let (replies, display) = try replay(
      posting: ControlRequest(
        id: "r4", by: "desk", action: .league(command: "move 2 to Ana", why: "bowled out of turn")))

    #expect(replies == [.refused(id: "r4", because: "this lane is not playing a league night")])
    #expect(display.warnings.contains("league command from desk refused: this lane is not playing a league night"))
    #expect(!journal.store.entries.contains { $0.author == "desk" })
    // The replay scored on: Ana's two balls and Ben's strike, after the start.
    #expect(journal.store.entries.count == 4)
  }

  @Test("When a league night's start comes to a lane alone, then it refuses it saying a night is bowled on a pair, and nothing is journalled")
  mutating func leagueStartRefusedAlone() throws {
    let (replies, display) = try replay(
      posting: ControlRequest(id: "r5", by: "desk/ana/r5", action: .startLeague(night: "[league]")))

    #expect(replies == [.refused(id: "r5", because: LaneRunner.notPair)])
    #expect(display.warnings.contains("league night from desk/ana/r5 refused: \(LaneRunner.notPair)"))
    #expect(journal.store.entries.count == 4)
  }

  @Test("When a league night's start comes to a lane of a pair, then it is handed to the pair only while the lane's session has no deliveries")
  mutating func leagueStartHandedToThePair() throws {
    let handed = LaneInboxTests.Replies()
    lane.leagueStart = { request, reply in
      handed.take(.done(id: request.id, sequence: 0, what: "handed"))
      reply(.done(id: request.id, sequence: 0, what: "the pair's"))
    }
    // Before any delivery: handed over, answered by the pair.
    let inbox = LaneInbox()
    let replies = LaneInboxTests.Replies()
    inbox.post(.request(ControlRequest(id: "r6", by: "desk", action: .startLeague(night: "[league]")), reply: replies.take))
    var empty = SimulatedPinSensor(script: SensorScript())
    var display = LogDisplay(output: "", warnings: "")
    try lane.run(&empty, journal: &journal, display: &display, inbox: inbox)
    #expect(handed.all.map(\.id) == ["r6"])
    #expect(replies.all.map(\.what) == ["the pair's"])

    // During a game: refused by the lane, never handed over.
    let (busy, _) = try replay(posting: ControlRequest(id: "r7", by: "desk", action: .startLeague(night: "[league]")))
    #expect(busy.first?.ok == false && busy.first?.error?.hasSuffix("end it first") == true)
    #expect(handed.all.map(\.id) == ["r6"])
  }

  @Test("When the operator types something else, then the warning lists the commands")
  mutating func unknownCommand() throws {
    let result = try run(SensorScript(), typing: ["x"])
    #expect(result.warnings == "warning: 'x' is not a command; \(ConsoleCommand.summary)\n")
  }
}

/// A scripted sensor that calls `post` once, just before it hands over the first reading at
/// or after `instant`: something arriving from outside in the middle of a replay.
private struct PostingSensor: PinSensor {
  typealias Failure = SimulatedPinSensor.Failure

  var base: SimulatedPinSensor
  let instant: SensorInstant
  var post: (() -> Void)?

  init(_ script: SensorScript, at instant: SensorInstant, post: @escaping () -> Void) {
    base = SimulatedPinSensor(script: script)
    self.instant = instant
    self.post = post
  }

  var standing: PinSet { base.standing }

  mutating func next(timeout: Duration) throws(Failure) -> SensorReading? {
    let reading = try base.next(timeout: timeout)
    if let reading, reading.time >= instant, let post {
      post()
      self.post = nil
    }
    return reading
  }

  mutating func close() { base.close() }
}
