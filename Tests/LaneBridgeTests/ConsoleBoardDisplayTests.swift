import Bowling
import SimulatedPinSensor
import Testing

@testable import LaneBridge

@Suite("Showing a lane on a console board")
struct ConsoleBoardDisplayTests {
  let display = ConsoleBoardDisplay(output: "", warnings: "", colour: false)

  func screens(_ output: String) -> [String] {
    Array(output.components(separatedBy: ConsoleBoardDisplay<String, String>.clearScreen).dropFirst())
  }

  @Test("When the deck changes or a throw is scored, then the board and pin deck are redrawn in place")
  func redraws() throws {
    let output = try runLane(LaneScripts.strikeThenSplit, display: display).display.output

    // The opening snapshot, the strike, the end of the cycle, the 7-10 leave.
    #expect(screens(output).count == 4)
    #expect(screens(output).last?.hasSuffix(" 7   .   .  10\n   .   .   .\n     .   .\n       .\n") == true)
  }

  @Test("When two bowlers bowl, then every bowler is shown with the one who is up marked")
  func bowlers() throws {
    let output = try runLane(LaneScripts.twoBowlers, display: display, bowlers: ["Ana", "Ben"]).display.output

    let last = try #require(screens(output).last)
    #expect(last.hasPrefix("> Ana, game 1\n+-----+"))
    #expect(last.contains("\n  Ben, game 1\n+-----+"))
  }

  @Test("When there is a notice, then it stays under the deck until the next throw")
  func notice() throws {
    var board = display
    let session = LaneSession(bowlers: [])

    board.show(LaneEvent(.notice("correction refused: no ball to correct"), sequence: 1), in: session)
    board.show(LaneEvent(.deckChanged(standing: [7, 10]), sequence: 1), in: session)

    #expect(screens(board.output).count == 2)
    #expect(screens(board.output).allSatisfy { $0.hasSuffix("\ncorrection refused: no ball to correct\n") })
    #expect(board.warnings == "")
  }

  @Test("When the lane warns, then the warning goes to the warnings, not the board")
  func warnings() throws {
    let script = SensorScript().ball(at: .seconds(1)).ball(at: .seconds(2))

    let shown = try runLane(script, display: display).display

    #expect(shown.warnings == "warning: at 2.000000s: the ball detector fired twice in one delivery\n")
    #expect(!shown.output.contains("warning"))
  }
}
