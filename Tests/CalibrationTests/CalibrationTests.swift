import Bowling
import Calibration
import Foundation
import Journal
import LaneBridge
import LaneHardware
import LaneSensing
import Testing
import Wiring

@Suite("Calibrating a lane")
struct CalibrationTests {
  @Suite("Given a technician who does everything right")
  struct EverythingRight {
    let result: CalibrationResult
    let technician: ScriptedTechnician

    init() throws {
      var calibration = try TestLane().calibration()
      result = try calibration.calibrate()
      technician = calibration.technician
    }

    @Test("When it ends, then every pin and signal is wired to its true line")
    func mapping() {
      for pin in Pin.allCases {
        #expect(result.wiring[pin].line == .offset(TestLane.pinLines[pin.rawValue - 1]))
      }
      #expect(result.wiring.ball?.line == .offset(TestLane.ballLine))
      #expect(result.wiring.foul?.line == .offset(TestLane.foulLine))
      #expect(result.wiring.cycle?.line == .offset(TestLane.cycleLine))
    }

    @Test("When it ends, then lines resting high are active low and lines resting low active high")
    func activeLevels() {
      #expect(result.wiring[Pin(rawValue: 1)!].activeLow)
      #expect(!result.wiring[Pin(rawValue: 8)!].activeLow)
      #expect(result.wiring.ball?.activeLow == true)
      #expect(result.wiring.foul?.activeLow == false)
      #expect(result.wiring.inputs.allSatisfy { $0.input.bias == .pullUp })
    }

    @Test("When it ends, then the bounce window is the longest chatter (pin 7's 4 ms) twice over")
    func bounce() {
      #expect(result.measurements[.pin(Pin(rawValue: 7)!)]?.longestChatter == .milliseconds(4))
      #expect(result.measurements[.pin(Pin(rawValue: 1)!)]?.longestChatter == .milliseconds(1))
      #expect(result.wiring.detector.bounce == .milliseconds(8))
    }

    @Test("When it ends, then the settle window outlasts the longest pause between falling pins")
    func settle() {
      #expect(result.measurements.deliveries.completed == 3)
      #expect(result.measurements.deliveries.longestPause == .milliseconds(1_600))
      #expect(result.wiring.detector.settle == .milliseconds(2_400))
    }

    @Test("When it ends, then every pin was knocked three times and nothing is stuck or noisy")
    func measurements() {
      #expect(result.measurements.lines.map(\.knocks).allSatisfy { $0 >= 3 })
      #expect(result.measurements.stuck.isEmpty)
      #expect(result.measurements.noisyLines.isEmpty)
    }

    @Test("When the chip is surveyed, then lines held by a driver are listed but never watched")
    func linesInUse() {
      #expect(technician.screen.contains("line   0  GPIO0  in use by \"i2c\", not watched"))
      #expect(technician.screen.contains("24 lines, 22 free to watch"))
    }

    @Test("When the deck is verified, then the technician sees it change as the pins fall and stand")
    func verify() {
      let decks = technician.messages.compactMap { if case .deck(let deck) = $0 { deck } else { nil } }
      #expect(decks == [.full, ([1] as PinSet).complement, ([1, 2, 3] as PinSet).complement,
        [7, 8, 9, 10], .empty, .full])
    }

    @Test("When the file is written, then it reads back as the same wiring, with the measurements noted")
    func fileText() throws {
      let text = result.fileText(date: "2025-06-01")
      let file = try WiringFile(parsing: text, name: "lane.toml")

      #expect(file.wiring == result.wiring)
      #expect(text.contains("written by `lane calibrate` on 2025-06-01"))
      #expect(text.contains("label = \"pinctrl-test\""))
      #expect(text.contains("7 = 12") && text.contains("# GPIO12, idle high, chatter 4 ms"))
      #expect(text.contains("8 = { line = 13, active-low = false }"))
      #expect(text.contains("bounce = 8 "))
      #expect(text.contains("settle = 2.4 "))
    }

    @Test("When a game is bowled on the lane with the written file, then it is scored right")
    func scoresAGame() throws {
      let file = try WiringFile(parsing: result.fileText(date: "today"), name: "lane.toml")
      let wiring = try file.resolved(
        on: ChipInventory(chipName: "gpiochip0", lineNames: (0..<24).map { "GPIO\($0)" }))
      let lane = SimulatedLane(levels: TestLane.idle)
      let bowler = ScriptedTechnician(lane: lane, lines: TestLane.lines, idle: TestLane.idle)
      // Given a first ball leaving the 7-10 split and a second ball taking the 7.
      bowler.bowl(ball: .seconds(1), knocking: ([7, 10] as PinSet).complement)
      bowler.bowl(ball: .seconds(10), knocking: [7])
      var sensor = WiredPinSensor(lane, wiring: wiring)
      var display = JSONLinesDisplay(output: "", warnings: "")
      var journal = try JournalledSession(startingAt: Date(timeIntervalSince1970: 0))

      // When the live lane reads it through the calibrated wiring.
      try LaneRunner(detector: wiring.detector.configuration)
        .run(&sensor, journal: &journal, display: &display, until: { lane.now > .zero + .seconds(30) })

      // Then the right pins are knocked and the frame is scored.
      #expect(display.output.contains(#""knocked":[1,2,3,4,5,6,8,9],"pins":8,"seq":2,"standing":[7,10]"#))
      #expect(display.output.contains(#""knocked":[7],"pins":1,"seq":3,"standing":[10]"#))
      #expect(journal.session.series[0].current.total == 9)
      #expect(display.warnings == "")
    }
  }

  @Suite("Given a technician who makes mistakes while mapping")
  struct Mistakes {
    func calibrate(_ setUp: (inout TestLane) -> Void) throws
      -> (CalibrationResult, ScriptedTechnician)
    {
      var lane = TestLane()
      setUp(&lane)
      var calibration = try lane.calibration()
      let result = try calibration.calibrate()
      return (result, calibration.technician)
    }

    func expectTrueWiring(_ result: CalibrationResult) {
      #expect(Pin.allCases.map { result.wiring[$0].line }
        == TestLane.pinLines.map { .offset($0) })
    }

    @Test("When a pin already mapped moves instead of the one asked for, then it is refused and asked again")
    func alreadyMapped() throws {
      let (result, technician) = try calibrate {
        $0.technician.mistakes[.pin(Pin(rawValue: 2)!)] = [.moves([.pin(Pin(rawValue: 1)!)])]
      }

      #expect(technician.messages.contains(.refused(
        .alreadyMapped(line: 17, to: .pin(Pin(rawValue: 1)!), asked: .pin(Pin(rawValue: 2)!)))))
      #expect(technician.screen.contains(
        "Not taken: line 17 changed, but it already answered for pin 1. Put pin 1 back as it"
          + " was; then knock down only pin 2.\n  Back as before.\nKnock down pin 2 and leave it down."))
      expectTrueWiring(result)
    }

    @Test("When two pins fall at once, then neither is taken and the technician is asked again")
    func twoAtOnce() throws {
      let (result, technician) = try calibrate {
        $0.technician.mistakes[.pin(Pin(rawValue: 3)!)] = [
          .moves([.pin(Pin(rawValue: 3)!), .pin(Pin(rawValue: 5)!)])
        ]
      }

      #expect(technician.screen.contains(
        "Not taken: lines 22 and 23 both changed, but only one line may answer for pin 3."
          + " Put back everything that moved; then knock down only pin 3."))
      expectTrueWiring(result)
    }

    @Test("When nothing changes within the timeout, then the technician is told and may try again")
    func nothingChanged() throws {
      let (result, technician) = try calibrate {
        $0.technician.mistakes[.pin(Pin(rawValue: 4)!)] = [.nothing]
      }

      #expect(technician.messages.contains(.refused(.nothingChanged(.pin(Pin(rawValue: 4)!), after: .seconds(30)))))
      #expect(technician.screen.contains("Try pin 4 again? (no stops the calibration) [y/n] y"))
      expectTrueWiring(result)
    }

    @Test("When a line glitches while a pin is knocked, then the answer is refused as two lines")
    func glitch() throws {
      let (result, technician) = try calibrate {
        $0.technician.mistakes[.pin(Pin(rawValue: 5)!)] = [.withGlitch(line: 9)]
      }

      #expect(technician.messages.contains(.refused(.severalLines([9, 23], asked: .pin(Pin(rawValue: 5)!)))))
      expectTrueWiring(result)
    }

    @Test("When a pin's sensor is stuck and then fixed, then it is mapped on the retry")
    func stuckThenFixed() throws {
      let (result, technician) = try calibrate { $0.technician.stuck = [6] }

      #expect(technician.screen.contains(
        "Not taken: nothing changed in 30 s. Pin 6: its sensor may be stuck or its string"
          + " broken, or the pin was down already."))
      expectTrueWiring(result)
    }

    @Test("When a pin's sensor is stuck and the technician gives up, then calibration stops and nothing is made")
    func stuckGivenUp() throws {
      var lane = TestLane()
      lane.technician.stuck = [6]
      lane.technician.answers[.tryAgain(.pin(Pin(rawValue: 6)!))] = [false]
      var calibration = try lane.calibration()

      #expect(throws: CalibrationError<Never>.stopped(during: .map)) {
        try calibration.calibrate()
      }
    }

    @Test("When a signal never answers, then the technician may leave it out")
    func signalLeftOut() throws {
      let (result, technician) = try calibrate {
        $0.technician.stuck = [TestLane.ballLine]
        $0.technician.answers[.tryAgain(.ball)] = [false]
      }

      #expect(result.wiring.ball == nil)
      #expect(technician.screen.contains("No ball detector: left out of the wiring."))
      #expect(result.wiring.foul != nil)
    }
  }

  @Suite("Given a lane whose lines misbehave")
  struct Misbehaving {
    @Test("When a line flickers while the lane is still, then it is flagged noisy and never mapped")
    func noisyLine() throws {
      let lane = TestLane()
      lane.lane.noise(9, from: .zero, every: .milliseconds(700), count: 2_000)
      var calibration = try lane.calibration()
      let result = try calibration.calibrate()

      #expect(result.measurements.noisyLines[9, default: 0] > 0)
      #expect(calibration.technician.screen.contains(
        "Noisy: line 9 changed 7 times while nothing moved; it is left out."))
      #expect(result.wiring.inputs.allSatisfy { $0.input.line != .offset(9) })
      #expect(result.fileText(date: "today").contains(
        "# Warning: line 9 changed while nothing moved (noisy); not used."))
    }

    @Test("When a pin's sensor sticks after it was mapped, then the measurement flags it")
    func stuckWhileMeasured() throws {
      var lane = TestLane()
      lane.technician.sticksWhenMeasured = [TestLane.pinLines[8]]
      var calibration = try lane.calibration()
      let result = try calibration.calibrate()

      #expect(result.measurements.stuck == [.pin(Pin(rawValue: 9)!)])
      #expect(calibration.technician.screen.contains(
        "pin 9   line 16   never changed: a stuck sensor or a broken string?"))
      #expect(calibration.technician.screen.contains(
        "Keep going with the measure step? (no ends it with what it has so far) [y/n] n"))
      #expect(result.fileText(date: "today").contains("# Warning: pin 9 never changed"))
    }

    @Test("When the deck on screen did not match the lane, then nothing is made")
    func deckRejected() throws {
      var lane = TestLane()
      lane.technician.answers[.deckMatched] = [false]
      var calibration = try lane.calibration()

      #expect(throws: CalibrationError<Never>.deckNotConfirmed) { try calibration.calibrate() }
    }

    @Test("When signals are skipped, then only the pins are asked for and wired")
    func skipSignals() throws {
      var lane = TestLane()
      lane.settings.asksForSignals = false
      var calibration = try lane.calibration()
      let result = try calibration.calibrate()

      #expect(result.wiring.ball == nil && result.wiring.foul == nil && result.wiring.cycle == nil)
      #expect(!calibration.technician.screen.contains("Does this lane have"))
    }
  }
}
