import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

/// The rig's checks of the built `lane` on gpio-sim chips, one at a time: they share the chip
/// label the wiring names, and their timing must not compete with each other's.
@Suite(
  "lane on gpio-sim chips (the gpio-sim rig)",
  .tags(.hardware), .enabled(if: Rig.isAvailable, Rig.requirement), .serialized)
enum GPIOSimRig {}

/// What the rig's tests run and where: the built `lane` and `gpio-sim-drive` beside this test
/// bundle, the clone's bundled traces and wiring, and the libgpiod generation expected.
enum Rig {
  /// Whether the rig's suites can run: root, on a kernel with gpio-sim (the rig's VM).
  static let isAvailable = GPIOSim.isAvailable && geteuid() == 0

  /// The skip reason of every rig suite.
  static let requirement: Comment = """
    Needs root on a kernel with CONFIG_GPIO_SIM and configfs mounted (writable \
    /sys/kernel/config/gpio-sim): Hardware/gpio-sim/run.sh runs these in its VM
    """

  /// The clone this test file belongs to.
  static let clone = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The wiring of the rig's chip: `gpio-sim-lane`, lines `pin1`..`pin10`, ball, foul, cycle.
  static let wiring = clone.appendingPathComponent("Hardware/wiring/gpio-sim.toml").path

  /// The line names of the chip `Hardware/wiring/gpio-sim.toml` names, offsets 0-13.
  static let laneLineNames =
    (1...10).map { "pin\($0)" } + ["ball", "foul", "cycle", "spare"]

  /// Makes the chip the wiring file names, every input pulled up (all pins standing).
  static func laneChip() throws -> GPIOSim {
    let chip = try GPIOSim(label: "gpio-sim-lane", lineCount: 14, lineNames: laneLineNames)
    for offset in 0..<14 { try chip.set(offset, .up) }
    return chip
  }

  /// The bundled traces this run replays, by name: every one, or those
  /// `LANE_CHECKS_TRACES="respot-only-game ..."` names, less those
  /// `LANE_CHECKS_SKIP_TRACES` names (separated by spaces or commas). The rig splits the
  /// replays between its VMs this way (Hardware/gpio-sim/run.sh): some VMs name their traces,
  /// one skips all those, so every trace, a new one too, is replayed by exactly one of them.
  static var traces: [String] {
    let environment = ProcessInfo.processInfo.environment
    let folder = clone.appendingPathComponent("Hardware/traces")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let bundled = names.filter { $0.hasSuffix(".trace") }.map { String($0.dropLast(6)) }.sorted()
    return selected(
      from: bundled, only: environment["LANE_CHECKS_TRACES"],
      skipping: environment["LANE_CHECKS_SKIP_TRACES"])
  }

  /// `only` (names separated by spaces or commas, in their order) when given, else every one
  /// of `traces`, less the names in `skipping`. A name in `only` that is not bundled stays in:
  /// its replay then fails, naming the missing file.
  static func selected(from traces: [String], only: String?, skipping: String?) -> [String] {
    func names(_ list: String?) -> [String] {
      (list ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    }
    let chosen = names(only).isEmpty ? traces : names(only)
    let skipped = Set(names(skipping))
    return chosen.filter { !skipped.contains($0) }
  }

  static func tracePath(_ name: String) -> String {
    clone.appendingPathComponent("Hardware/traces/\(name).trace").path
  }

  /// The `lane` the tests run: the one built beside the test bundle (``BuiltProduct/lane``),
  /// or the one `LANE_CHECKS_LANE` names (relative to the clone), such as the `-c release`
  /// build whose figures `GPIO_SIM_RELEASE_FIGURES=1 Hardware/gpio-sim/run.sh` measures.
  static var lane: String {
    get throws {
      guard let chosen = ProcessInfo.processInfo.environment["LANE_CHECKS_LANE"], !chosen.isEmpty else {
        return try BuiltProduct.lane
      }
      let path = chosen.hasPrefix("/") ? chosen : clone.appendingPathComponent(chosen).path
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw Command.Failure(description: "LANE_CHECKS_LANE names \(path), which is not an executable")
      }
      return path
    }
  }
  static var drive: String { get throws { try BuiltProduct.path("gpio-sim-drive") } }

  /// The environment the rig's commands run in: the tests' own, plus `NO_COLOR=1`.
  static let environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }

  /// The libgpiod generation `lane` must load (`LANEBRIDGE_EXPECT_LIBGPIOD`: 1 or 2), if given.
  static let expectedGeneration = ProcessInfo.processInfo.environment["LANEBRIDGE_EXPECT_LIBGPIOD"]

  /// Where figures go for the docs to quote: `$GPIO_SIM_RESULTS` in the rig's VM.
  static let results = ProcessInfo.processInfo.environment["GPIO_SIM_RESULTS"]

  /// Prints `text` and, in the rig, writes it to `$GPIO_SIM_RESULTS/<file>`.
  static func report(_ text: String, to file: String) {
    print(text)
    if let results {
      try? Data((text + "\n").utf8).write(to: URL(fileURLWithPath: results).appendingPathComponent(file))
    }
  }

  /// How many of the chip's lines `gpioinfo` shows held by `consumer`.
  static func linesHeld(by consumer: String, on chip: GPIOSim) throws -> Int {
    try linesHeld(by: [consumer], on: chip)[consumer] ?? 0
  }

  /// How many of the chip's lines `gpioinfo` shows held by each of `consumers`, from one
  /// `gpioinfo` (a guest under emulation spends a good part of a second starting a process).
  static func linesHeld(by consumers: [String], on chip: GPIOSim) throws -> [String: Int] {
    let info = try Command.run("/usr/bin/gpioinfo", [chip.chipName])
    try info.expectSuccess()
    let lines = info.standardOutput.split(separator: "\n")
    return Dictionary(
      uniqueKeysWithValues: consumers.map { consumer in
        (consumer, lines.filter { $0.contains("\"\(consumer)\"") }.count)
      })
  }

  /// Polls `condition` every 50 ms for up to `seconds`.
  static func wait(seconds: Double, for condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  /// The monotonic clock, in seconds, as the kernel stamps edges and `gpio-sim-drive` logs.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// A folder under `$TMPDIR` for one test's files, removed with it; or a results folder of the
/// rig's, kept for a person to read.
final class ScratchFolder {
  let path: String
  private let keep: Bool

  /// `$GPIO_SIM_RESULTS/name`, kept, in the rig's VM; else a scratch folder.
  init(keptAs name: String) throws {
    if let results = Rig.results {
      path = "\(results)/\(name)"
      keep = true
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } else {
      path = try Self.makeTemporary()
      keep = false
    }
  }

  init() throws {
    path = try Self.makeTemporary()
    keep = false
  }

  private static func makeTemporary() throws -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/lane-rig-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Command.Failure(description: "cannot make a scratch folder under \(base)")
    }
    return String(cString: made)
  }

  deinit {
    if !keep { try? FileManager.default.removeItem(atPath: path) }
  }

  func file(_ name: String) -> String { "\(path)/\(name)" }
}

/// A command run to its end, its output captured in files (any size, no pipe to fill).
struct Command {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let arguments: [String]
  let standardOutput: String
  let standardError: String
  let status: Int32

  /// Runs `executable` with `arguments` and waits for it, killing it after `timeout` seconds.
  static func run(_ executable: String, _ arguments: [String], timeout: Double = 120) throws -> Command {
    let scratch = try ScratchFolder()
    let child = try ChildProcess(
      executable, arguments, output: .file(scratch.file("out")), error: .file(scratch.file("err")),
      environment: Rig.environment)
    guard let status = child.waitForExit(within: .seconds(timeout)) else {
      child.stop(signal: SIGKILL)
      throw Failure(description: "\(child.command) ran over \(timeout) s")
    }
    return Command(
      arguments: [executable] + arguments,
      standardOutput: (try? String(contentsOfFile: scratch.file("out"), encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOfFile: scratch.file("err"), encoding: .utf8)) ?? "",
      status: status)
  }

  /// Throws unless the command exited 0, quoting its standard error.
  func expectSuccess() throws {
    guard status == 0 else {
      throw Failure(
        description: "\(arguments.joined(separator: " ")) exited \(status): \(standardError)")
    }
  }
}
