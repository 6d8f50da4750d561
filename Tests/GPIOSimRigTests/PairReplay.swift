import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

/// The rig's league night (``PairNight``) played live: both lanes' shortened traces replayed
/// at once onto their gpio-sim lines under one `lane run --config pair.toml --league
/// night.toml`, stopped with SIGTERM once every delivery is in, and its journal resumed by
/// `lane simulate --league --journal`.
struct PairReplay {
  /// Where the pair's two lanes, lane7 (left) and lane8 (right), are wired.
  enum Layout: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Both lanes on one chip of 26 lines, as on a Raspberry Pi's header: lane7 on offsets
    /// 0-12 named by line name, lane8 on 13-25 named by offset.
    case oneChip = "one-chip"
    /// Each lane on a chip of 13 lines of its own: lane7's chip found by label, lane8's by path.
    case twoChips = "two-chips"

    var testDescription: String {
      switch self {
      case .oneChip: "both lanes on one chip of 26 lines"
      case .twoChips: "each lane on a chip of its own"
      }
    }
  }

  /// One lane of the pair: its id, its chip and the offsets of pin1..pin10, ball, foul and
  /// cycle on it, and its wiring file's text.
  struct WiredLane {
    let id: String
    let chip: GPIOSim
    let offsets: [Int]
    let wiring: String
  }

  let night: PairNight
  /// What `lane run` printed: each delivery as journalled, then the night's sheet.
  let run: PairNight.Log
  let stop: RunningLane.Stop
  /// `lane simulate --league --journal pair.journal --json` of the shortened traces.
  let resumed: Command
  /// Each lane's `gpio-sim-drive replay` summary.
  let replaySummaries: [String]

  private static let made = Mutex<[Layout: PairReplay]>([:])

  /// The layouts this run plays: every one, or those `LANE_CHECKS_PAIR_LAYOUTS` names
  /// (separated by spaces or commas). The rig gives each libgpiod generation's pair VM one
  /// of them (Hardware/gpio-sim/run.sh), so each is played once per run.
  /// - Throws: When a name is not a layout's.
  static func chosenLayouts() throws -> [Layout] {
    let names = Rig.selected(
      from: Layout.allCases.map(\.rawValue),
      only: ProcessInfo.processInfo.environment["LANE_CHECKS_PAIR_LAYOUTS"], skipping: nil)
    return try names.map { name in
      guard let layout = Layout(rawValue: name) else {
        throw Command.Failure(
          description: "LANE_CHECKS_PAIR_LAYOUTS names '\(name)'; the layouts are "
            + Layout.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return layout
    }
  }

  /// The night played on `layout`, now unless played already in this test run.
  static func of(_ layout: Layout) throws -> PairReplay {
    if let replay = made.withLock({ $0[layout] }) { return replay }
    let replay = try PairReplay(layout)
    made.withLock { $0[layout] = replay }
    return replay
  }

  /// The names of a lane's 13 lines on its chip.
  static func lineNames(_ lane: String) -> [String] {
    ((1...10).map { "pin\($0)" } + ["ball", "foul", "cycle"]).map { "\(lane)-\($0)" }
  }

  /// The two lanes on their chips, every line pulled up (all pins standing).
  static func wire(_ layout: Layout) throws -> [WiredLane] {
    let names = ["lane7", "lane8"].map(lineNames)
    let quoted = names.map { $0.map { "\"\($0)\"" } }
    let lanes: [WiredLane]
    switch layout {
    case .oneChip:
      let chip = try GPIOSim(label: "gpio-sim-pair", lineCount: 26, lineNames: names[0] + names[1])
      lanes = [
        WiredLane(
          id: "lane7", chip: chip, offsets: Array(0...12),
          wiring: wiring(chip: "label = \"gpio-sim-pair\"", lines: quoted[0])),
        WiredLane(
          id: "lane8", chip: chip, offsets: Array(13...25),
          wiring: wiring(chip: "label = \"gpio-sim-pair\"", lines: (13...25).map(String.init))),
      ]
    case .twoChips:
      let chips = try ["lane7", "lane8"].enumerated().map { index, lane in
        try GPIOSim(label: "gpio-sim-\(lane)", lineCount: 13, lineNames: names[index])
      }
      lanes = [
        WiredLane(
          id: "lane7", chip: chips[0], offsets: Array(0...12),
          wiring: wiring(chip: "label = \"gpio-sim-lane7\"", lines: quoted[0])),
        WiredLane(
          id: "lane8", chip: chips[1], offsets: Array(0...12),
          wiring: wiring(chip: "path = \"\(chips[1].devicePath)\"", lines: quoted[1])),
      ]
    }
    for lane in lanes {
      for offset in lane.offsets { try lane.chip.set(offset, .up) }
    }
    return lanes
  }

  /// A wiring file: `chip` its `[chip]` line, `lines` the TOML values (a line's name or
  /// offset) of pin1..pin10, ball, foul and cycle, wired as `Hardware/wiring/gpio-sim.toml`.
  static func wiring(chip: String, lines: [String]) -> String {
    let windows = PairNight.windows
    return """
      [chip]
      \(chip)

      [defaults]
      active-low = true
      bias = "pull-up"

      [pins]
      \((1...10).map { "\($0) = \(lines[$0 - 1])" }.joined(separator: "\n"))

      [signals]
      ball = \(lines[10])
      foul = \(lines[11])
      cycle = \(lines[12])

      [detector]
      bounce = \(Int((windows.bounce * 1000).rounded()))
      settle = \(windows.settle)

      """
  }

  /// Plays the night on `layout`, keeping the wirings, `pair.toml`, each lane's `writes.log`,
  /// `run.log` (lane's output, each line prefixed with its arrival), `run.err` and the
  /// journal in `$GPIO_SIM_RESULTS/pair-<layout>`.
  private init(_ layout: Layout) throws {
    night = try PairNight.simulated()
    let kept = try ScratchFolder(keptAs: "pair-\(layout.rawValue)")
    // The journal and its control socket on the guest's tmpfs, not on the results' 9p share.
    let work = try ScratchFolder()
    let lanes = try Self.wire(layout)
    let chips = lanes.map(\.chip).reduce(into: [GPIOSim]()) { chips, chip in
      if !chips.contains(where: { $0 === chip }) { chips.append(chip) }
    }
    for lane in lanes {
      try lane.wiring.write(toFile: kept.file("\(lane.id).toml"), atomically: true, encoding: .utf8)
    }
    let journal = work.file("pair.journal")
    let config = kept.file("pair.toml")
    try """
      journal = "\(journal)"
      \(lanes.map { "[[lanes]]\nlane = \"\($0.id)\"\nwiring = \"\(kept.file("\($0.id).toml"))\"" }.joined(separator: "\n"))

      """.write(toFile: config, atomically: true, encoding: .utf8)

    // How many lines each lane holds (`lane run` requests them as consumer `lane-<id>`),
    // one gpioinfo per chip.
    let consumers = lanes.map { "lane-\($0.id)" }
    func held() throws -> [String: Int] {
      try chips.reduce(into: [:]) { held, chip in
        held.merge(try Rig.linesHeld(by: consumers, on: chip), uniquingKeysWith: +)
      }
    }
    let running = try RunningLane(
      ["run", "--config", config, "--league", PairNight.night], scratch: kept,
      holding: "both lanes' 13 lines"
    ) { try held().values.allSatisfy { $0 == 13 } }

    // Both traces at once, each by a driver of its own at real-time priority.
    let drive = try Rig.drive
    let drivers = try zip(lanes, night.shortened).map { lane, trace in
      try ChildProcess(
        "/usr/bin/chrt",
        [
          "-f", "50", drive, "replay", "--pull-dir", lane.chip.sysfsDirectory,
          "--lines", lane.offsets.map(String.init).joined(separator: ","),
          "--log", kept.file("\(lane.id)-writes.log"), trace,
        ],
        error: .file(kept.file("\(lane.id)-replay.err")), environment: Rig.environment)
    }
    var summaries: [String] = []
    for (driver, lane) in zip(drivers, lanes) {
      guard let status = driver.waitForExit(within: .seconds(900)) else {
        driver.stop(signal: SIGKILL)
        throw Command.Failure(description: "\(driver.command) ran over 900 s")
      }
      let said = (try? String(contentsOfFile: kept.file("\(lane.id)-replay.err"), encoding: .utf8)) ?? ""
      guard status == 0 else { throw Command.Failure(description: "\(driver.command) exited \(status): \(said)") }
      summaries.append(said.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    replaySummaries = summaries
    // The last delivery ends at most bounce + settle after the last edge; allow a slow guest.
    let expected = night.log.deliveries
    _ = Rig.wait(seconds: PairNight.windows.settle + PairNight.windows.bounce + 20) {
      let journalled = PairNight.Log(running.output.map(\.text)).deliveries
      return journalled.left.count >= expected.left.count && journalled.right.count >= expected.right.count
    }
    stop = try running.stop { try held().values.reduce(0, +) }
    let stamped = running.output.map { String(format: "%.6f ", $0.arrived) + $0.text + "\n" }
    try stamped.joined().write(toFile: kept.file("run.log"), atomically: true, encoding: .utf8)
    run = PairNight.Log(running.output.map(\.text))

    resumed = try Command.run(
      try Rig.lane,
      ["simulate", "--league", PairNight.night, "--journal", journal, "--json"] + PairNight.windows.arguments
        + night.shortened)
    try? FileManager.default.copyItem(atPath: journal, toPath: kept.file("pair.journal"))
  }
}
