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
  let lane = LaneRunner(detector: .init(), clock: { Date(timeIntervalSince1970: 1_000) })

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

  @Test("When lane correct appends to the journal of a running lane, then the lane applies and shows it")
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

    // When: the running lane reads between readings.
    var quiet = SimulatedPinSensor(script: SensorScript())
    display.output = ""
    try lane.run(&quiet, journal: &running, display: &display)
    let output = display.output

    // Then: it shows the correction and scores Ben's strike as a foul.
    #expect(output.hasPrefix("correction by Eve: foul: Ben, game 1, frame 1, ball 1: 10 pins"))
    #expect(running.session == other.session)
    #expect(running.session.deliveries.last == .foul(knocked: .full))
  }

  @Test("When the operator types something else, then the warning lists the commands")
  mutating func unknownCommand() throws {
    let result = try run(SensorScript(), typing: ["x"])
    #expect(result.warnings == "warning: 'x' is not a command; \(ConsoleCommand.summary)\n")
  }
}
