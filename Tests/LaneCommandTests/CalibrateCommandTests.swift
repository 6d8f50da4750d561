import Foundation
import TestSupport
import Testing

/// `lane calibrate` as a user meets it before any line is watched; the procedure itself is
/// tested on a simulated lane in CalibrationTests.
@Suite("lane calibrate, without the lane's hardware")
struct CalibrateCommandTests {
  let lane: LaneExecutable
  /// Where the tests' wiring files go; removed once the test is done.
  let folder: ScratchFolder

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("lane-calibrate-tests")
  }

  @Test("When neither --out nor --check is given, then it says to give one and exits 64")
  func noOut() async throws {
    let run = try await lane.run(["calibrate"])

    #expect(run.status == 64)
    #expect(run.standardError.contains("say where to write the wiring file with --out FILE"))
  }

  @Test("When --out exists and --force is not given, then it refuses before touching the chip and exits 73")
  func refusesToOverwrite() async throws {
    let path = folder.path("lane.toml")
    try "kept\n".write(toFile: path, atomically: true, encoding: .utf8)

    let run = try await lane.run(["calibrate", "--chip", "/nonexistent/gpiochip9", "--out", path])

    #expect(run.status == 73)
    #expect(run.standardError.contains("exists already"))
    #expect(run.standardError.contains("pass --force to replace it"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
  }

  @Test("When the chip does not exist, then GPIO's advice is shown and it exits 69")
  func noChip() async throws {
    let path = folder.path("lane.toml")

    let run = try await lane.run(["calibrate", "--chip", "/nonexistent/gpiochip9", "--out", path])

    #expect(run.status == 69)
    #expect(run.standardError.hasPrefix("lane calibrate: Cannot open GPIO chip /nonexistent/gpiochip9"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("When --lines is malformed, then it shows the accepted forms and exits 64")
  func badLines() async throws {
    let path = folder.path("lane.toml")

    let run = try await lane.run(["calibrate", "--out", path, "--lines", "7-3"])

    #expect(run.status == 64)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(run.standardError.contains("--lines takes offsets and ranges such as 2-27 or 4,17,22."))
  }

  @Test("When --lines reaches past any chip's offsets, then it exits 64 at once instead of aborting to list them")
  func hugeLines() async throws {
    let path = folder.path("lane.toml")

    let run = try await lane.run(["calibrate", "--out", path, "--lines", "0-99999999999999"])

    #expect(run.status == 64)
    #expect(run.standardError.contains("--lines takes offsets from 0 to 65535"))
  }
}
