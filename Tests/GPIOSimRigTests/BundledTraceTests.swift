import Foundation
import Testing

import TestSupport

extension GPIOSimRig {
  @Suite("lane run on a gpio-sim chip, given a bundled trace replayed onto its lines")
  final class BundledTraceTests {
    /// Given the chip `Hardware/wiring/gpio-sim.toml` names, every pin standing.
    let chip: GPIOSim

    init() throws {
      chip = try Rig.laneChip()
    }

    deinit { try? chip.remove() }

    @Test("When its idle gaps are shortened, then lane simulate scores it exactly as the original", arguments: Rig.traces)
    func shorteningKeepsTheScore(trace: String) throws {
      let replay = try TraceReplay.of(trace, on: chip)

      #expect(!replay.original.throws.isEmpty, "lane simulate found no throws in \(trace)")
      #expect(replay.shortened.throws == replay.original.throws)
      #expect(replay.shortened.totals == replay.original.totals)
    }

    @Test("When lane run scores it live, then its throws and game totals equal lane simulate's", arguments: Rig.traces)
    func liveScoreEqualsSimulation(trace: String) throws {
      let replay = try TraceReplay.of(trace, on: chip)

      #expect(
        replay.runThrows == replay.shortened.throws,
        """
        lane run's throws differ from lane simulate's:
        simulate: \(replay.shortened.throws)
        run:      \(replay.runThrows)
        lane run stderr: \(replay.stop.standardError)
        """)
      #expect(replay.runTotals == replay.shortened.totals)
    }

    @Test("When lane run gets SIGTERM after it, then it exits 0, says it stopped and frees every line", arguments: Rig.traces)
    func stopsCleanly(trace: String) throws {
      let replay = try TraceReplay.of(trace, on: chip)

      #expect(replay.stop.status == 0, "\(replay.stop.standardError)")
      #expect(replay.stoppedMessage, "\(replay.stop.standardError)")
      #expect(replay.stop.linesStillHeld == 0)
    }
  }
}
