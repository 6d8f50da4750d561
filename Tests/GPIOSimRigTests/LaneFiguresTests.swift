import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

extension GPIOSimRig {
  /// The figures docs/gpio-sim.md quotes, measured on the rig: written to stdout and to
  /// `$GPIO_SIM_RESULTS/latency.txt` and `idle-cpu.txt`.
  @Suite("lane run's latency and idle CPU on a gpio-sim chip")
  final class LaneFiguresTests {
    /// Given the chip `Hardware/wiring/gpio-sim.toml` names, every pin standing.
    let chip: GPIOSim
    let environment = ProcessInfo.processInfo.environment

    init() throws {
      chip = try Rig.laneChip()
    }

    deinit { try? chip.remove() }

    @Test("When this run's bundled traces are replayed, then the latency of their settle-ended deliveries (30 of all four traces') is measured and reported")
    func latency() throws {
      let windows = try DetectorWindows(wiring: Rig.wiring)
      let samples = try Rig.traces.flatMap { try TraceReplay.of($0, on: chip).samples }
      // 30 when this run replays the longest trace or more. The rig shares the traces out
      // among VMs to shorten the longest (Hardware/gpio-sim/run.sh), and a VM replaying a
      // shorter share gets a lower minimum: what its traces hold, less a few deliveries the
      // settle window may not end; the figures for a generation are its VMs' together.
      let minimum = Int(environment["LANE_CHECKS_MIN_SAMPLES"] ?? "") ?? 30

      try #require(samples.count >= minimum, "only \(samples.count) settle-ended deliveries to measure")
      let writes = samples.compactMap(\.fromDriverWrite)
      let generation = Rig.expectedGeneration.map { "libgpiod \($0).x" } ?? "libgpiod"
      let report = [
        "\(generation), \(samples.count) deliveries ended by the settle window (\(windows.settle) s), bounce \(windows.bounce) s",
        Self.line("lane delay past its deadline (E - T):", samples.map(\.laneDelay)),
        Self.line("from the kernel timestamp, minus settle:", samples.map(\.fromKernelStamp)),
        Self.line("from the driver write, minus settle (\(writes.count)):", writes),
      ].joined(separator: "\n")
      Rig.report(report, to: "latency.txt")
      #expect(samples.allSatisfy { $0.laneDelay > -0.001 }, "a throw arrived before its deadline: \(report)")
    }

    @Test("When nothing moves, then lane run's CPU time over the quiet stretch is measured and reported")
    func idleCPU() throws {
      let seconds = Int(environment["LANE_CHECKS_IDLE_SECONDS"] ?? "") ?? 60
      let scratch = try ScratchFolder()
      let lane = try RunningLane(wiring: Rig.wiring, chip: chip, scratch: scratch)

      let before = try Self.cpuTicks(of: lane.pid)
      let switchesBefore = try Self.contextSwitches(of: lane.pid)
      sleep(UInt32(seconds))
      let after = try Self.cpuTicks(of: lane.pid)
      let switchesAfter = try Self.contextSwitches(of: lane.pid)
      let stop = try lane.stop(chip: chip)

      #expect(stop.status == 0, "\(stop.standardError)")
      let ticks = after - before
      let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
      let generation = Rig.expectedGeneration.map { "libgpiod \($0).x" } ?? "libgpiod"
      Rig.report(
        "\(generation): lane run used \(ticks) ticks (\(Int((1000 * Double(ticks) / hertz).rounded())) ms) of CPU in \(seconds) quiet seconds: "
          + String(format: "%.3f", 100 * Double(ticks) / hertz / Double(seconds)) + "% of one CPU; "
          + "\(switchesAfter.voluntary - switchesBefore.voluntary) wake-ups (voluntary context switches of its threads), "
          + "\(switchesAfter.involuntary - switchesBefore.involuntary) involuntary",
        to: "idle-cpu.txt")
      // Asleep between its once-a-second wake-ups: well under a tenth of one CPU, even emulated.
      #expect(Double(ticks) / hertz < 0.1 * Double(seconds))
    }

    /// `label median X ms, worst Y ms`.
    private static func line(_ label: String, _ values: [Double]) -> String {
      let sorted = values.sorted()
      guard !sorted.isEmpty else { return "\(label) none" }
      let middle = sorted.count / 2
      let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
      return label.padding(toLength: 43, withPad: " ", startingAt: 0)
        + String(format: "median %.1f ms, worst %.1f ms", 1000 * median, 1000 * sorted.last!)
    }

    /// The voluntary and involuntary context switches of every thread of `pid` so far: a
    /// thread that blocks and is woken again counts one voluntary switch.
    private static func contextSwitches(of pid: Int32) throws -> (voluntary: Int, involuntary: Int) {
      let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
      var total = (voluntary: 0, involuntary: 0)
      for thread in threads {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8)
        else { continue }  // the thread ended meanwhile
        for line in status.split(separator: "\n") {
          let fields = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
          guard fields.count == 2, let count = Int(fields[1]) else { continue }
          if fields[0] == "voluntary_ctxt_switches" { total.voluntary += count }
          if fields[0] == "nonvoluntary_ctxt_switches" { total.involuntary += count }
        }
      }
      return total
    }

    /// utime + stime of `pid`, in clock ticks (fields 14 and 15 of `/proc/PID/stat`).
    private static func cpuTicks(of pid: Int32) throws -> Int {
      let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
      guard let close = stat.lastIndex(of: ")") else {
        throw Command.Failure(description: "cannot read /proc/\(pid)/stat: \(stat)")
      }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
        throw Command.Failure(description: "cannot read /proc/\(pid)/stat: \(stat)")
      }
      return user + system
    }
  }
}
