import Foundation
import Testing

/// `lane calibrate` as a user meets it before any line is watched; the procedure itself is
/// tested on a simulated lane in CalibrationTests.
@Suite("lane calibrate, without the lane's hardware")
struct CalibrateCommandTests {
  let lane: LaneExecutable

  init() throws {
    lane = try LaneExecutable()
  }

  @Test("When neither --out nor --check is given, then it says to give one and exits 64")
  func noOut() throws {
    let run = try lane.run(["calibrate"])

    #expect(run.status == 64)
    #expect(run.standardError.contains("Say where to write the wiring file with --out FILE"))
  }

  @Test("When --out exists and --force is not given, then it refuses before touching the chip and exits 73")
  func refusesToOverwrite() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("lanebridge-\(UUID().uuidString).toml").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "kept\n".write(toFile: path, atomically: true, encoding: .utf8)

    let run = try lane.run(["calibrate", "--chip", "/nonexistent/gpiochip9", "--out", path])

    #expect(run.status == 73)
    #expect(run.standardError.contains("exists already"))
    #expect(run.standardError.contains("pass --force to replace it"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
  }

  @Test("When the chip does not exist, then GPIO's advice is shown and it exits 69")
  func noChip() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("lanebridge-\(UUID().uuidString).toml").path

    let run = try lane.run(["calibrate", "--chip", "/nonexistent/gpiochip9", "--out", path])

    #expect(run.status == 69)
    #expect(run.standardError.hasPrefix("lane calibrate: Cannot open GPIO chip /nonexistent/gpiochip9"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("When --lines is malformed, then it shows the accepted forms and exits 64")
  func badLines() throws {
    let run = try lane.run(["calibrate", "--out", "/tmp/x.toml", "--lines", "7-3"])

    #expect(run.status == 64)
    #expect(run.standardError.contains("--lines takes offsets and ranges such as 2-27 or 4,17,22."))
  }
}
