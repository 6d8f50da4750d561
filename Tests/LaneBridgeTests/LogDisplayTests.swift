import Bowling
import SimulatedPinSensor
import Testing

@testable import LaneBridge

@Suite("Showing a lane as a log")
struct LogDisplayTests {
  let display = LogDisplay(output: "", warnings: "")

  @Test("When throws are scored, then each is a line and a completed frame shows the scoreboard")
  func throwsAndFrames() throws {
    let output = try runLane(LaneScripts.strikeThenSplit, display: display).display.output

    #expect(output.hasPrefix("game 1, frame 1, ball 1: 10 pins (1-2-3-4-5-6-7-8-9-10), leave -\n+---"))
    #expect(output.hasSuffix("game 1, frame 2, ball 1: 8 pins (1-2-3-4-5-6-8-9), leave 7-10\n"))
  }

  @Test("When two bowlers bowl, then each line and scoreboard is named by its bowler")
  func bowlers() throws {
    let output = try runLane(LaneScripts.twoBowlers, display: display, bowlers: ["Ana", "Ben"]).display.output

    #expect(output.split(separator: "\n").filter { $0.contains(", game ") } == [
      "Ana, game 1, frame 1, ball 1: 8 pins (1-2-3-4-5-6-8-9), leave 7-10",
      "Ana, game 1, frame 1, ball 2: 1 pins (7), leave 10",
      "Ben, game 1, frame 1, ball 1: 10 pins (1-2-3-4-5-6-7-8-9-10), leave -",
    ])
    #expect(output.contains("Bowler: Ben\n+-----+"))
  }

  @Test("When the detector warns, then the warning goes to the warnings, not the log")
  func warnings() throws {
    let script = SensorScript().ball(at: .seconds(1)).ball(at: .seconds(2))

    let shown = try runLane(script, display: display).display

    #expect(shown.warnings == "warning: at 2.000000s: the ball detector fired twice in one delivery\n")
    #expect(!shown.output.contains("warning"))
  }
}
