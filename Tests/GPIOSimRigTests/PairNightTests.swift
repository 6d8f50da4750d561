import Foundation
import Testing

import TestSupport

extension GPIOSimRig {
  @Suite("lane run on a pair, given a short league night replayed onto both lanes' gpio-sim lines at once")
  struct PairNightTests {
    @Test("When its traces' idle gaps are shortened, then lane simulate --league scores the night as from the drawn traces")
    func shorteningKeepsTheNight() throws {
      let night = try PairNight.simulated()

      #expect(!night.log.deliveries.left.isEmpty && !night.log.deliveries.right.isEmpty, "\(night.log.deliveries)")
      #expect(night.shortenedJSON == night.originalJSON)
      #expect(night.lengths.allSatisfy { $0 > 0 && $0 <= 120 }, "shortened to \(night.lengths) s")
    }

    @Test(
      "When lane run plays it live, then it journals every delivery lane simulate --league scores, each on its lane, to the same bowler, frame and pins",
      arguments: try PairReplay.chosenLayouts())
    func liveDeliveriesEqualSimulation(layout: PairReplay.Layout) throws {
      let replay = try PairReplay.of(layout)
      let expected = replay.night.log.deliveries

      #expect(
        replay.run.deliveries == expected,
        """
        lane run's deliveries differ from lane simulate --league's:
        simulate: \(expected)
        run:      \(replay.run.deliveries)
        lane run stderr: \(replay.stop.standardError)
        replays: \(replay.replaySummaries)
        """)
      #expect(
        replay.stop.standardError.contains("stopped; \(expected.count) deliveries of the night journalled"),
        "\(replay.stop.standardError)")
    }

    @Test(
      "When lane simulate --league resumes the pair's journal, then it scores nothing again and prints the night the traces score",
      arguments: try PairReplay.chosenLayouts())
    func resumedJournalEqualsSimulation(layout: PairReplay.Layout) throws {
      let replay = try PairReplay.of(layout)
      let expected = replay.night.log.deliveries

      #expect(replay.resumed.status == 0, "\(replay.resumed.standardError)")
      #expect(
        replay.resumed.standardError.contains(
          "the first \(expected.left.count) throws of the left lane's trace and \(expected.right.count) of the right's are in it"),
        "\(replay.resumed.standardError)")
      #expect(
        replay.resumed.standardOutput == replay.night.shortenedJSON,
        """
        the journalled night differs from the traces' night:
        journalled: \(replay.resumed.standardOutput)
        traces:     \(replay.night.shortenedJSON)
        """)
    }

    @Test(
      "When lane run gets SIGTERM after it, then it exits 0, prints the sheet lane simulate --league prints and frees every line",
      arguments: try PairReplay.chosenLayouts())
    func stopsWithTheSheet(layout: PairReplay.Layout) throws {
      let replay = try PairReplay.of(layout)

      #expect(replay.stop.status == 0, "\(replay.stop.standardError)")
      #expect(
        replay.run.sheet == replay.night.log.sheet,
        "lane run's sheet:\n\(replay.run.sheet)\nlane simulate --league's:\n\(replay.night.log.sheet)")
      #expect(replay.stop.linesStillHeld == 0)
    }
  }
}
