import Foundation
import TestSupport
import Testing

/// `lane run` and `lane record` as a user meets them on a machine without the lane's chip;
/// the gpio-sim rig (docs/gpio-sim.md) runs them against real kernel lines.
@Suite("lane run and lane record, without the lane's hardware")
struct HardwareCommandTests {
  let lane: LaneExecutable
  let wiringFolder = PackageFolder.url("Hardware/wiring")
  /// Where the tests' own files go; removed once the test is done.
  let folder: ScratchFolder

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("lane-hardware-tests")
  }

  @Test(
    "When the wiring file is missing, then it says which file and exits 78",
    arguments: ["run", "record"])
  func missingWiring(command: String) async throws {
    let run = try await lane.run([command, "--wiring", "/nonexistent/lane.toml"])
    #expect(run.status == 78)
    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("lane \(command): /nonexistent/lane.toml: cannot read the file"))
  }

  @Test("When the wiring file lacks pins, then it names the file, the line and the fix")
  func brokenWiring() async throws {
    let path = folder.path("lane.toml")
    try "[chip]\npath = \"/dev/gpiochip0\"\n[pins]\n1 = 0\n".write(
      toFile: path, atomically: true, encoding: .utf8)

    let run = try await lane.run(["run", "--wiring", path])

    #expect(run.status == 78)
    #expect(run.standardError.contains("\(path):3: pins: pins 2, 3, 4, 5, 6, 7, 8, 9, 10 have no line."))
  }

  @Test(
    "When the wiring's chip does not exist, then it says so, lists what exists and exits 69",
    .enabled(if: !FileManager.default.fileExists(atPath: "/dev/gpiochip0"),
      "needs a machine without GPIO chips, such as CI"))
  func missingChip() async throws {
    let run = try await lane.run(["run", "--wiring", wiringFolder.appendingPathComponent("gpio-sim.toml").path])
    #expect(run.status == 69)
    #expect(run.standardError.contains("no GPIO chip is labelled \"gpio-sim-lane\""))
    #expect(run.standardError.contains("No GPIO chips were found"))
  }

  @Test("When record's --out file exists and the chip is missing, then the file is kept and the chip is the error, exit 69")
  func recordKeepsExistingFile() async throws {
    let path = folder.path("lane.trace")
    try "0.0 ball\n".write(toFile: path, atomically: true, encoding: .utf8)

    let run = try await lane.run([
      "record", "--wiring", wiringFolder.appendingPathComponent("gpio-sim.toml").path, "--out", path,
      "--force",
    ])

    #expect(run.status == 69)
    #expect(run.standardError.contains("no GPIO chip is labelled \"gpio-sim-lane\""))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "0.0 ball\n")
  }

  @Test("When the chip is missing, then record creates no --out file")
  func recordCreatesNothingWithoutTheChip() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("lanebridge-\(UUID().uuidString).trace").path
    defer { try? FileManager.default.removeItem(atPath: path) }

    let run = try await lane.run([
      "record", "--wiring", wiringFolder.appendingPathComponent("gpio-sim.toml").path, "--out", path,
    ])

    #expect(run.status == 69)
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
