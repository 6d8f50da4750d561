import Bowling
import Foundation
import SimulatedPinSensor
import Testing

@testable import LaneBridge

@Suite("Showing a lane as JSON lines")
struct JSONLinesDisplayTests {
  let display = JSONLinesDisplay(output: "", warnings: "")

  @Test("When throws are scored, then each throw, completed frame and game is one object with its journal seq")
  func throwsFramesGames() throws {
    let lines = try runLane(LaneScripts.strikeThenSplit, display: display).display.output.split(separator: "\n")

    #expect(lines == [
      #"{"ball":1,"event":"throw","foul":false,"frame":1,"game":1,"knocked":[1,2,3,4,5,6,7,8,9,10],"pins":10,"seq":2,"standing":[],"time":5.53}"#,
      #"{"cumulative":null,"event":"frame","frame":1,"game":1,"marks":["X"],"rolls":[10],"seq":2,"splits":[false]}"#,
      #"{"ball":1,"event":"throw","foul":false,"frame":2,"game":1,"knocked":[1,2,3,4,5,6,8,9],"pins":8,"seq":3,"standing":[7,10],"time":23.23}"#,
    ])
  }

  @Test("When two bowlers bowl, then throws and frames name their bowler")
  func bowlers() throws {
    let lines = try runLane(LaneScripts.twoBowlers, display: display, bowlers: ["Ana", "Ben"])
      .display.output.split(separator: "\n")

    #expect(lines.count == 5)
    #expect(lines[2].hasPrefix(#"{"bowler":"Ana","cumulative":9,"event":"frame","frame":1,"#))
    #expect(lines[3].hasPrefix(#"{"ball":1,"bowler":"Ben","event":"throw""#))
  }

  @Test("When a correction is journalled, then it is one object with its seq and who made it")
  func correction() throws {
    var shown = display
    let event = LaneEvent(.corrected(.deadBall, change: "it is bowled again", by: "Eve"), sequence: 9)

    shown.show(event, in: LaneSession(bowlers: []))

    #expect(shown.output == #"{"by":"Eve","change":"it is bowled again","correction":"dead ball","event":"correction","seq":9}"# + "\n")
  }

  @Test("When an object is shown, then it is written whole, newline included, in one write")
  func oneWritePerLine() throws {
    /// A stream that keeps each write apart.
    struct Writes: TextOutputStream {
      var calls: [String] = []
      mutating func write(_ string: String) { calls.append(string) }
    }
    var shown = JSONLinesDisplay(output: Writes(), warnings: "")
    let event = LaneEvent(.corrected(.deadBall, change: "it is bowled again", by: "Eve"), sequence: 9)

    shown.show(event, in: LaneSession(bowlers: []))

    #expect(shown.output.calls == [#"{"by":"Eve","change":"it is bowled again","correction":"dead ball","event":"correction","seq":9}"# + "\n"])
  }

  @Test("When the deck changes or the lane starts, then nothing is written")
  func quietEvents() throws {
    var shown = display
    let session = LaneSession(bowlers: [])

    shown.show(LaneEvent(.status(.running), sequence: 1), in: session)
    shown.show(LaneEvent(.deckChanged(standing: .full), sequence: 1), in: session)
    shown.show(LaneEvent(.bowlerUp(0), sequence: 1), in: session)

    #expect(shown.output == "")
    #expect(shown.warnings == "")
  }
}
