import Foundation
import LaneApplication
import LaneBridge
import TestSupport
import Testing

/// A pair's evening: open play, the desk's nights, open play again.
@Suite("A pair's evening between open play and the desk's league nights")
struct PairEveningTests {
  let folder: ScratchFolder
  let nights: DeskNights

  init() throws {
    folder = try ScratchFolder()
    nights = DeskNights(besideJournal: folder.path("lane.journal"))
  }

  /// What the evening did, in order.
  final class Log {
    var steps: [String] = []
  }

  @Test("When the desk starts a night during open play and ends it, then the pair bowls it and plays open again until stopped")
  func openNightOpen() throws {
    let log = Log()
    var opens = 0
    try PairEvening.play(
      nights: nights, isStopped: { false },
      openPlay: { endedBy in
        opens += 1
        log.steps.append("open" + (endedBy.map { " after \($0)" } ?? ""))
        guard opens == 1 else { return .lanes([.stopped(openDeliverySince: nil)]) }
        return .leagueNight(try nights.start(LeagueCorrections.night, at: Date()).night)
      },
      night: { night, end in
        log.steps.append("night")
        let current = try nights.current()
        #expect(current == night)
        end.ask(by: "desk/ana/e1")
      }, report: { _ in })

    #expect(log.steps == ["open", "night", "open after desk/ana/e1"])
    #expect(try nights.current() == nil)
  }

  @Test("When the pair starts with a night current, then it resumes it first; a night that ends otherwise than by the desk ends the evening, still current")
  func resumesTheNight() throws {
    let started = try nights.start(LeagueCorrections.night, at: Date()).night
    let log = Log()
    var reports: [String] = []

    try PairEvening.play(
      nights: nights, isStopped: { false },
      openPlay: { _ in
        log.steps.append("open")
        return .lanes([])
      },
      night: { night, _ in log.steps.append("night \(night == started)") }, report: { reports.append($0) })

    #expect(log.steps == ["night true"])
    #expect(try nights.current() == started)
    #expect(reports.count == 1 && reports[0].contains(started.journal))
  }

  @Test("When the pair keeps no journals, then it plays open, and a stop ends the evening before anything")
  func withoutNights() throws {
    var opens = 0
    try PairEvening.play(
      nights: nil, isStopped: { false }, openPlay: { _ in opens += 1; return .lanes([]) },
      night: { _, _ in Issue.record("no night without journals") }, report: { _ in })
    try PairEvening.play(
      nights: nights, isStopped: { true }, openPlay: { _ in opens += 1; return .lanes([]) },
      night: { _, _ in Issue.record("stopped") }, report: { _ in })

    #expect(opens == 1)
  }
}
