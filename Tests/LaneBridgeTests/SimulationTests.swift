import Bowling
import LaneSensing
import SimulatedPinSensor
import Testing

@testable import LaneBridge

@Suite("Replaying a lane through detector and scorer")
struct SimulationTests {
  /// A first ball leaving 7-10, its pins chattering as they fall (the last bounce at 1.208 s,
  /// so they count at 1.238 s and the deck has settled at 4.238 s); then a foul before the
  /// second ball, which misses (its delivery starts at the ball, 12 s, and settles at 15 s).
  let script = SensorScript()
    .ball(at: .seconds(1))
    .pins(([7, 10] as PinSet).complement, fallAt: .milliseconds(1_200), chatter: .bounces(2, every: .milliseconds(2)))
    .cycleOn(at: .seconds(6))
    .cycleOff(at: .seconds(9))
    .ball(at: .seconds(12))
    .foul(at: .milliseconds(11_900))

  @Test("When the format is JSON, then every throw is reported with time, credit, pins and foul")
  func json() throws {
    var sensor = SimulatedPinSensor(script: script)
    var output = ""
    var warnings = ""

    try Simulation(detector: .init(), format: .json).run(&sensor, output: &output, warnings: &warnings)

    #expect(warnings == "")
    #expect(output == """
      {"games":[{"complete":false,"frames":[{"cumulative":8,"marks":["8","F"],"rolls":[8,0],\
      "splits":[true,false]}],"statistics":{"firstBallAverage":8,"opens":1,"spares":0,\
      "splitConversions":0,"splits":1,"strikes":0},"total":8}],"throws":[{"ball":1,"ballDetected":true,"cutShort":false,\
      "foul":false,"frame":1,"game":1,"knocked":[1,2,3,4,5,6,8,9],"pins":8,"start":1,"time":4.238},\
      {"ball":2,"ballDetected":true,"cutShort":false,"foul":true,"frame":1,"game":1,"knocked":[],\
      "pins":0,"start":12,"time":15}]}

      """)
  }

  @Test("When the scoreboard is live, then it is printed each time a frame completes")
  func liveScoreboard() throws {
    var sensor = SimulatedPinSensor(script: script)
    var output = ""
    var warnings = ""

    try Simulation(detector: .init(), format: .liveScoreboard(colour: false))
      .run(&sensor, output: &output, warnings: &warnings)

    #expect(output.components(separatedBy: "Total").count == 2)
    #expect(output.contains("|(8)F |"))
  }

  @Test("When the detector warns, then the warning is written as it happens")
  func warnings() throws {
    var sensor = SimulatedPinSensor(script: SensorScript().ball(at: .seconds(1)).ball(at: .seconds(2)))
    var output = ""
    var warnings = ""

    try Simulation(detector: .init(), format: .scoreboard(colour: false))
      .run(&sensor, output: &output, warnings: &warnings)

    #expect(warnings == "warning: at 2.000000s: the ball detector fired twice in one delivery\n")
  }

  @Test("When a trace line is malformed, then the trace error is thrown and nothing is written")
  func malformed() {
    var sensor = SimulatedPinSensor(traceLines: ["0.0 pins 1111111111", "1.0 bal"].makeIterator())
    var output = ""
    var warnings = ""

    #expect(throws: TraceError(line: 2, .unknownEvent("bal"))) {
      try Simulation(detector: .init(), format: .json).run(&sensor, output: &output, warnings: &warnings)
    }
    #expect(output == "")
  }
}
