import Bowling
import Calibration
import LaneBridge
import LaneHardware
import Testing
import Wiring

@Suite("Re-checking a wiring file")
struct CheckTests {
  /// The lane's true wiring as a file would say it, changed by `edit`.
  func check(_ edit: (inout Wiring) -> Void) throws -> (CheckReport, ScriptedTechnician) {
    var calibration = try TestLane().calibration()
    var wiring = try calibration.calibrate().wiring
    edit(&wiring)
    let resolved = try ResolvedWiring(
      resolving: wiring,
      on: ChipInventory(chipName: "gpiochip0", lineNames: (0..<24).map { "GPIO\($0)" }))
    var checking = try TestLane().calibration()
    return (try checking.check(resolved), checking.technician)
  }

  @Test("When the file still fits the lane, then the check says so")
  func clean() throws {
    let (report, technician) = try check { _ in }

    #expect(report.isClean)
    #expect(technician.screen.contains("  Pin 3: line 22, as the file says."))
    #expect(technician.screen.hasSuffix("The wiring file still fits the lane."))
  }

  @Test("When two pins' lines are swapped in the file, then both mismatches are reported")
  func swapped() throws {
    let (report, technician) = try check { wiring in
      wiring[Pin(rawValue: 2)!].line = .offset(22)
      wiring[Pin(rawValue: 3)!].line = .offset(4)
    }

    #expect(report.mismatches.map(\.found) == [4, 22])
    #expect(technician.screen.contains("  Pin 2: line 4 changed, but the file says line 22."))
    #expect(technician.screen.contains("  Pin 3 is on line 22, not line 4 as the file says."))
  }

  @Test("When a line's idle level no longer fits its active level, then the drift is reported")
  func idleDrift() throws {
    let (report, technician) = try check { wiring in
      wiring[Pin(rawValue: 8)!].activeLow = true
    }

    #expect(report.idleDrift.map(\.offset) == [13])
    #expect(technician.screen.contains(
      "Pin 8 (line 13) reads low with the rack standing; the file's active level means it"
        + " should read high."))
  }

  @Test("When chatter outgrew the file's bounce window, then the drift and a new window are reported")
  func chatterDrift() throws {
    let (report, technician) = try check { wiring in
      wiring.detector.bounce = .milliseconds(3)
    }

    #expect(report.chatterDrift.map(\.offset) == [12])
    #expect(technician.screen.contains(
      "Pin 7 (line 12) chattered for 4 ms, as long as the bounce window 3 ms or longer."))
    #expect(technician.screen.contains("Recommended bounce window now: 8 ms."))
  }
}
