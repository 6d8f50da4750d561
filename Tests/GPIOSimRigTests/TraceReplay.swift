import Foundation
import Synchronization

import TestSupport

/// One scored throw as `lane simulate --json` and `lane run --json` both print it.
struct ScoredThrow: Decodable, Equatable, CustomStringConvertible {
  let game: Int
  let frame: Int
  let ball: Int
  let pins: Int
  let knocked: [Int]
  let foul: Bool

  var description: String {
    "game \(game) frame \(frame) ball \(ball): \(pins) \(knocked)\(foul ? " foul" : "")"
  }
}

/// What `lane simulate --json` prints, as far as the rig compares it.
struct SimulationFigures: Decodable {
  struct Game: Decodable { let total: Int }
  let `throws`: [ScoredThrow]
  let games: [Game]
  var totals: [Int] { games.map(\.total) }
}

/// The wiring's detector windows, read from `lane simulate`'s defaults in the wiring file.
struct DetectorWindows {
  /// Seconds.
  let bounce: Double
  let settle: Double

  init(bounce: Double, settle: Double) {
    self.bounce = bounce
    self.settle = settle
  }

  /// `bounce = 30` (ms) and `settle = 3.0` (s) under `[detector]` of a wiring file.
  init(wiring: String) throws {
    let text = try String(contentsOfFile: wiring, encoding: .utf8)
    func value(_ key: String) throws -> Double {
      for line in text.split(separator: "\n") {
        let parts = line.prefix { $0 != "#" }.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key,
          let value = Double(parts[1].trimmingCharacters(in: .whitespaces))
        {
          return value
        }
      }
      throw Command.Failure(description: "\(wiring) has no '\(key) = NUMBER' under [detector]")
    }
    bounce = try value("bounce") / 1000
    settle = try value("settle")
  }

  var arguments: [String] { ["--bounce", String(bounce), "--settle", String(settle)] }
}

/// A bundled trace with its idle gaps shortened, replayed onto the rig's chip under
/// `lane run`, and what both `lane simulate` and `lane run` made of it.
struct TraceReplay {
  /// One delivery ended by the settle window, timed three ways (docs/gpio-sim.md).
  struct LatencySample {
    /// E − T: lane's own delay past its deadline.
    let laneDelay: Double
    /// E − T + bounce: from the kernel timestamp of the last counted pin edge, minus settle.
    let fromKernelStamp: Double
    /// E − W − settle, where W is the counted edge's write (nil when a later flicker was).
    let fromDriverWrite: Double?
  }

  let name: String
  let original: SimulationFigures
  let shortened: SimulationFigures
  let runThrows: [ScoredThrow]
  let runTotals: [Int]
  let stop: RunningLane.Stop
  let stoppedMessage: Bool
  let replaySummary: String
  let samples: [LatencySample]

  /// Every replay made so far, by trace: the bundled traces are replayed once per test run
  /// whichever test asks first.
  private static let made = Mutex<[String: TraceReplay]>([:])

  /// The replay of bundled trace `name` on `chip`, made now unless made already.
  static func of(_ name: String, on chip: GPIOSim) throws -> TraceReplay {
    if let replay = made.withLock({ $0[name] }) { return replay }
    let replay = try TraceReplay(name: name, chip: chip)
    made.withLock { $0[name] = replay }
    return replay
  }

  /// Replays bundled trace `name` on `chip` under `lane run --wiring WIRING`, pins 1-10,
  /// ball, foul and cycle on the chip's `lines` (offsets 0-12 when not given).
  /// - Parameter keptAs: In the rig, the results folder keeping replayed.trace, writes.log,
  ///   run.err and run.jsonl (each line prefixed with its arrival) for a person to read.
  init(
    name: String, chip: GPIOSim, wiring: String = Rig.wiring, lines: [Int]? = nil,
    keptAs folder: String? = nil
  ) throws {
    self.name = name
    let scratch = try ScratchFolder(keptAs: folder ?? name)
    let windows = try DetectorWindows(wiring: wiring)
    let lane = try Rig.lane
    let drive = try Rig.drive
    let trace = Rig.tracePath(name)

    // The idle gaps shortened to what the detector's windows need.
    let compressed = try Command.run(drive, ["compress"] + windows.arguments + [trace])
    try compressed.expectSuccess()
    let replayed = scratch.file("replayed.trace")
    try compressed.standardOutput.write(toFile: replayed, atomically: true, encoding: .utf8)
    original = try Self.simulate(lane, windows, trace)
    shortened = try Self.simulate(lane, windows, replayed)

    // lane run on the chip while the driver plays the shortened trace in real time.
    let running = try RunningLane(wiring: wiring, chip: chip, scratch: scratch)
    let log = scratch.file("writes.log")
    let lineArguments = lines.map { ["--lines", $0.map(String.init).joined(separator: ",")] } ?? []
    let replay = try Command.run(
      "/usr/bin/chrt",
      ["-f", "50", drive, "replay", "--pull-dir", chip.sysfsDirectory] + lineArguments
        + ["--log", log, replayed],
      timeout: 1_200)
    try replay.expectSuccess()
    replaySummary = replay.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
    // The last delivery ends at most bounce + settle after the last edge; allow a slow guest.
    let expected = shortened.throws.count
    _ = Rig.wait(seconds: windows.settle + windows.bounce + 20) {
      running.events("throw").count >= expected
    }
    stop = try running.stop(chip: chip)
    let stamped = running.output.map { String(format: "%.6f ", $0.arrived) + $0.text + "\n" }
    try stamped.joined().write(toFile: scratch.file("run.jsonl"), atomically: true, encoding: .utf8)
    stoppedMessage = stop.standardError.split(separator: "\n").contains { $0.hasPrefix("lane run: stopped; ") }

    let decoder = JSONDecoder()
    let throwEvents = running.events("throw")
    runThrows = try running.output.filter { $0.text.contains("\"event\":\"throw\"") }
      .map { try decoder.decode(ScoredThrow.self, from: Data($0.text.utf8)) }
    runTotals = running.events("game").compactMap { $0.object["total"] as? Int }
    samples = try Self.samples(
      throws: throwEvents, writes: String(contentsOfFile: log, encoding: .utf8),
      lines: lines ?? Array(0...12), windows: windows)
  }

  private static func simulate(
    _ lane: String, _ windows: DetectorWindows, _ trace: String
  ) throws -> SimulationFigures {
    let run = try Command.run(lane, ["simulate", "--json"] + windows.arguments + [trace])
    try run.expectSuccess()
    return try JSONDecoder().decode(SimulationFigures.self, from: Data(run.standardOutput.utf8))
  }

  /// For each throw: E its arrival, T its `time`, W the start of the driver's write of the
  /// edge that opened the settle window: the last write to a pin line at least `settle`
  /// before T (the kernel stamps an edge after its write starts, and the window closes
  /// `settle` after the stamp). Pin writes later than that were wobbles shorter than the
  /// bounce window, which do not reopen it; whether a wobble stays shorter than the bounce
  /// window depends on how late the driver runs, so they must not decide which deliveries
  /// count. Only deliveries ended by the settle window: none with a `cycle on` write in the
  /// window (that ends a delivery sooner), and T − W at most settle + 1 s (the kernel has
  /// been seen stamping an edge 187 ms after its write on a loaded emulator).
  private static func samples(
    throws events: [(arrived: Double, object: [String: Any])], writes: String,
    lines: [Int], windows: DetectorWindows
  ) -> [LatencySample] {
    // `started ended late_us offset pull cause`, the offset on the chip.
    let logged: [(started: Double, offset: Int)] = writes.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count >= 4, let started = Double(fields[0]), let offset = Int(fields[3]) else { return nil }
      return (started, offset)
    }
    let pinLines = Set(lines.prefix(10))
    let pinWrites = logged.filter { pinLines.contains($0.offset) }.map(\.started)
    let cycleWrites = logged.filter { $0.offset == lines[12] }.map(\.started)
    return events.compactMap { event in
      guard let time = (event.object["time"] as? NSNumber)?.doubleValue,
        let write = pinWrites.last(where: { $0 <= time - windows.settle + 0.001 }),
        !cycleWrites.contains(where: { $0 > write && $0 <= time })
      else { return nil }
      let sinceWrite = time - write
      guard sinceWrite <= windows.settle + 1 else { return nil }
      let counted = sinceWrite >= windows.settle + windows.bounce - 0.001
      return LatencySample(
        laneDelay: event.arrived - time,
        fromKernelStamp: event.arrived - time + windows.bounce,
        fromDriverWrite: counted ? event.arrived - write - windows.settle : nil)
    }
  }
}
