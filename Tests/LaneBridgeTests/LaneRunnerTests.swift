import Bowling
import Foundation
import Journal
import LaneSensing
import SimulatedPinSensor
import TestSupport
import Testing

@testable import LaneBridge

@Suite("Running a lane: sensor, detector, journalled session, display")
struct LaneRunnerTests {
  @Test("When a trace is read to its end, then every event reaches the display in order, each with its journal record's number")
  func eventsInOrder() throws {
    let (display, journal, status) = try runLane(LaneScripts.strikeThenSplit, display: RecordingDisplay())

    #expect(status == .sensorEnded)
    // Record 1 starts the session; the strike is record 2 and the 7-10 leave record 3.
    #expect(display.names == [
      "running@1", "up0@1", "deck@1", "scored@2", "frame1@2", "deck@2", "scored@3", "sensorEnded@3",
    ])
    #expect(journal.store.entries.map(\.sequence) == [1, 2, 3])
  }

  @Test("When two bowlers bowl, then the display is told each time the bowler who is up changes")
  func bowlerChanges() throws {
    let (display, _, _) = try runLane(LaneScripts.twoBowlers, display: RecordingDisplay(), bowlers: ["Ana", "Ben"])

    #expect(display.names.filter { $0.hasPrefix("up") || $0.hasPrefix("frame") } == [
      "up0@1", "frame1@3", "up1@3", "frame1@4", "up0@4",
    ])
  }

  @Test("When a game is completed, then the display gets the game event after its last frame")
  func gameCompleted() throws {
    let (display, journal, _) = try runLane(.perfectGame, display: RecordingDisplay())

    #expect(display.names.suffix(5) == ["scored@13", "frame10@13", "game1@13", "deck@13", "sensorEnded@13"])
    #expect(journal.session.series[0].games[0].total == 300)
  }

  @Test("When a stop is requested, then the run ends as stopped, nothing is scored and the sensor is closed")
  func stop() throws {
    var sensor = SimulatedPinSensor(script: LaneScripts.strikeThenSplit)
    var display = RecordingDisplay()
    var journal = try JournalledSession(startingAt: Date(timeIntervalSince1970: 0))
    var asked = 0

    let status = try LaneRunner(detector: .init()).run(
      &sensor, journal: &journal, display: &display,
      until: {
        asked += 1
        return asked > 1  // once the opening snapshot has been read
      })

    #expect(status == .stopped(openDeliverySince: nil))
    #expect(display.names.last == "stopped@1")
    #expect(!display.names.contains { $0.hasPrefix("scored") })
    #expect(try sensor.next(timeout: .zero) == nil)
  }

  @Test("When a stop comes in the middle of a delivery, then the status says when it started and the warning says it was not scored")
  func stopDuringDelivery() throws {
    var readings = 0
    let script = SensorScript().ball(at: .seconds(1)).pin(1, fallsAt: .seconds(2))

    let (display, _, status) = try runLane(script, display: RecordingDisplay()) {
      readings += 1
      return readings > 3  // the snapshot, the ball and pin 1 have been read
    }

    guard case .stopped(let since?) = status else {
      Issue.record("the run should have stopped with a delivery open, not \(status)")
      return
    }
    #expect(since >= .zero + .seconds(1))
    #expect(display.events.last?.warningLine?.hasPrefix("warning: stopped during a delivery") == true)
  }

  @Test("When the journal cannot be written, then the throw is never shown and the error is thrown")
  func journalFails() throws {
    var sensor = SimulatedPinSensor(script: LaneScripts.strikeThenSplit)
    var display = RecordingDisplay()
    let start = JournalEntry(sequence: 1, time: Date(timeIntervalSince1970: 0), author: "lane", event: .started(bowlers: []))
    var journal = try JournalledSession(store: FullJournal(), entries: [start])

    #expect(throws: JournalError.system(operation: "write", path: "lane.journal", errno: ENOSPC)) {
      try LaneRunner(detector: .init()).run(&sensor, journal: &journal, display: &display)
    }
    #expect(display.names == ["running@1", "up0@1", "deck@1"])
  }
}

/// A journal on a full disk: nothing can be appended.
private struct FullJournal: JournalStore {
  mutating func readNew() -> JournalUpdate { JournalUpdate() }

  mutating func append(_ entry: JournalEntry) throws(JournalError) -> JournalAppend {
    throw .system(operation: "write", path: "lane.journal", errno: ENOSPC)
  }

  mutating func openNextSession(_ start: JournalEntry) throws(JournalError) -> JournalEntry {
    throw .system(operation: "write", path: "lane.journal", errno: ENOSPC)
  }
}
