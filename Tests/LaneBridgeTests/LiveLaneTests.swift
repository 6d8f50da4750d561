import Bowling
import LaneSensing
import SimulatedPinSensor
import Testing

@testable import LaneBridge

@Suite("Running a live lane")
struct LiveLaneTests {
  /// A strike (the 10 falls late), a pinsetter cycle, then a first ball leaving 7-10.
  let script = SensorScript()
    .ball(at: .seconds(1))
    .pins(PinSet.full.subtracting([10]), fallAt: .milliseconds(1_100))
    .pin(10, fallsAt: .milliseconds(2_500))
    .cycleOn(at: .seconds(7))
    .pins(.full, riseAt: .seconds(9))
    .cycleOff(at: .seconds(10))
    .ball(at: .seconds(20))
    .pins(PinSet([7, 10] as PinSet).complement, fallAt: .milliseconds(20_200))

  func run(_ format: LiveLane.Format, until shouldStop: @escaping () -> Bool = { false })
    throws -> (output: String, warnings: String, series: GameSeries)
  {
    var sensor = SimulatedPinSensor(script: script)
    var output = ""
    var warnings = ""
    let series = try LiveLane(detector: .init(), format: format)
      .run(&sensor, output: &output, warnings: &warnings, until: shouldStop)
    return (output, warnings, series)
  }

  @Test("When writing JSON lines, then each throw, completed frame and game is one object")
  func jsonLines() throws {
    let lines = try run(.jsonLines).output.split(separator: "\n")

    #expect(lines == [
      #"{"ball":1,"event":"throw","foul":false,"frame":1,"game":1,"knocked":[1,2,3,4,5,6,7,8,9,10],"pins":10,"standing":[],"time":5.53}"#,
      #"{"cumulative":null,"event":"frame","frame":1,"game":1,"marks":["X"],"rolls":[10],"splits":[false]}"#,
      #"{"ball":1,"event":"throw","foul":false,"frame":2,"game":1,"knocked":[1,2,3,4,5,6,8,9],"pins":8,"standing":[7,10],"time":23.23}"#,
    ])
  }

  @Test("When writing a log, then each throw is a line and a completed frame shows the scoreboard")
  func log() throws {
    let output = try run(.log).output

    #expect(output.hasPrefix("game 1, frame 1, ball 1: 10 pins (1-2-3-4-5-6-7-8-9-10), leave -\n+---"))
    #expect(output.hasSuffix("game 1, frame 2, ball 1: 8 pins (1-2-3-4-5-6-8-9), leave 7-10\n"))
  }

  @Test("When on a console, then every change redraws the scoreboard and the pin deck in place")
  func console() throws {
    let output = try run(.console(colour: false)).output
    let screens = output.components(separatedBy: "\u{1B}[H\u{1B}[2J").dropFirst()

    // The opening snapshot, the strike, the end of the cycle, the 7-10 leave.
    #expect(screens.count == 4)
    #expect(screens.last?.hasSuffix(" 7   .   .  10\n   .   .   .\n     .   .\n       .\n") == true)
  }

  @Test("When a stop is requested, then the loop ends, the games so far are returned and the sensor is closed")
  func stop() throws {
    var asked = 0
    let result = try run(.log) {
      asked += 1
      return asked > 3
    }

    #expect(result.series.current.frames.isEmpty)
    #expect(result.output == "")
  }

  @Test("When a stop comes in the middle of a delivery, then the operator is told it was not scored")
  func stopDuringDelivery() throws {
    var sensor = SimulatedPinSensor(script: SensorScript().ball(at: .seconds(1)).pin(1, fallsAt: .seconds(2)))
    var output = ""
    var warnings = ""
    var readings = 0

    try LiveLane(detector: .init(), format: .log)
      .run(&sensor, output: &output, warnings: &warnings) {
        readings += 1
        return readings > 3  // the snapshot, the ball and pin 1 have been read
      }

    #expect(warnings.hasPrefix("warning: stopped during a delivery"))
    #expect(try sensor.next(timeout: .zero) == nil)
  }
}
