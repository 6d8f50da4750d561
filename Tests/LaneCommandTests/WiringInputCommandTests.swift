import Foundation
import Testing

/// `--wiring` pointed at things that are not wiring files, as a careless operator would.
@Suite("lane run and lane record given a device or a FIFO as --wiring")
struct WiringInputCommandTests {
  let lane: LaneExecutable

  init() throws {
    lane = try LaneExecutable()
  }

  @Test("When --wiring is /dev/zero, then it exits 78 at once naming a device, not after 2 GB",
    arguments: ["run", "record"])
  func deviceFile(command: String) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wiring-input-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let output = command == "record" ? ["--out", folder + "/lane.trace"] : []

    let run = try await lane.run([command, "--wiring", "/dev/zero"] + output)

    #expect(run.status == 78)
    #expect(run.standardError.hasPrefix(
      "lane \(command): /dev/zero: cannot read the file: it is a character device"))
  }

  @Test("When --wiring is a FIFO nobody writes, then it exits 78 instead of hanging",
    arguments: ["run", "record"])
  func fifo(command: String) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wiring-input-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/lane.toml"
    #expect(mkfifo(fifo, 0o600) == 0)
    let output = command == "record" ? ["--out", folder + "/lane.trace"] : []

    let run = try await lane.run([command, "--wiring", fifo] + output)

    #expect(run.status == 78)
    #expect(run.standardError.contains("it is a FIFO, not a regular file"))
  }
}
