import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

extension GPIOSimRig {
  @Suite("lane run on a gpio-sim chip: the libgpiod it loads and its errors")
  final class LaneRunErrorTests {
    /// Given the chip `Hardware/wiring/gpio-sim.toml` names, every pin standing.
    let chip: GPIOSim
    let scratch: ScratchFolder

    init() throws {
      chip = try Rig.laneChip()
      scratch = try ScratchFolder()
    }

    deinit { try? chip.remove() }

    @Test("lane loads the libgpiod generation it was built for (libgpiod.so.2 for 1.6, .so.3 for 2.x)")
    func loadsTheExpectedLibgpiod() throws {
      let ldd = try Command.run("/usr/bin/ldd", [try Rig.lane])
      try ldd.expectSuccess()
      let library = try #require(
        ldd.standardOutput.split(separator: "\n").first { $0.contains("libgpiod") },
        "lane links no libgpiod: \(ldd.standardOutput)")
      switch Rig.expectedGeneration {
      case "1": #expect(library.contains("libgpiod.so.2 "), "\(library)")
      case "2": #expect(library.contains("libgpiod.so.3 "), "\(library)")
      default:
        Issue.record("set LANEBRIDGE_EXPECT_LIBGPIOD to 1 or 2 (the rig does); lane loads \(library)")
      }
    }

    @Test("When the wiring names a line the chip lacks, then lane run exits 78 naming it")
    func missingLine() throws {
      // Given pin 10 wired to a line named pin99
      let wiring = try String(contentsOfFile: Rig.wiring, encoding: .utf8)
        .replacingOccurrences(of: "10 = \"pin10\"", with: "10 = \"pin99\"")
      try #require(wiring.contains("\"pin99\""))
      try wiring.write(toFile: scratch.file("missing-line.toml"), atomically: true, encoding: .utf8)

      let run = try Command.run(try Rig.lane, ["run", "--wiring", scratch.file("missing-line.toml")])

      #expect(run.status == 78, "\(run.standardError)")
      #expect(run.standardError.contains("pin99"), "\(run.standardError)")
    }

    @Test("When another process holds a pin's line, then lane run exits 69 naming the holder and requests no line")
    func busyLine() throws {
      // Given gpiomon holding pin 7's line
      let holder = try ChildProcess("/usr/bin/gpiomon", [chip.chipName, "6"], environment: Rig.environment)
      defer { holder.stop() }
      try #require(try Rig.wait(seconds: 30) { try Rig.linesHeld(by: "gpiomon", on: chip) == 1 })

      let run = try Command.run(try Rig.lane, ["run", "--wiring", Rig.wiring])

      #expect(run.status == 69, "\(run.standardError)")
      #expect(run.standardError.contains("gpiomon"), "\(run.standardError)")
      #expect(try Rig.linesHeld(by: "lane run", on: chip) == 0)
    }

    @Test("When the user may not open the chip, then lane run exits 77 with the udev advice")
    func permissionDenied() throws {
      let run = try Command.run(
        "/usr/bin/setpriv",
        ["--reuid=65534", "--regid=65534", "--clear-groups", try Rig.lane, "run", "--wiring", Rig.wiring])

      #expect(run.status == 77, "\(run.standardError)")
      #expect(run.standardError.contains("udev"), "\(run.standardError)")
    }
  }
}
