import Foundation
import TestSupport
import Testing

/// `lane run` on a pair's config file on a league night, up to its hardware: the options a
/// pair takes and refuses, and a wiring mistake that creates no journal (open play's are
/// `OpenPlayPairCommandTests`). The pair bowling on real kernel
/// lines is the gpio-sim rig's.
@Suite("lane run on a pair, before its lines are opened")
struct PairRunCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder()
    try """
      journal = "pair.journal"

      [[lanes]]
      lane = "lane7"
      wiring = "lane7.toml"

      [[lanes]]
      lane = "lane8"
      wiring = "lane8.toml"
      """.write(toFile: folder.path("pair.toml"), atomically: false, encoding: .utf8)
    try Data(LeagueJournalCommandTests.night.utf8).write(to: URL(fileURLWithPath: folder.path("night.toml")))
  }

  func run(_ arguments: [String]) async throws -> LaneExecutable.Run {
    try await lane.run(["run"] + arguments, in: folder.path)
  }

  @Test("When a pair's config with the night's one journal is given without --league (open play), or --league without a pair, then it exits 64 saying what is wrong")
  func leagueAndPairGoTogether() async throws {
    let withoutNight = try await run(["--config", "pair.toml"])
    let withoutPair = try await run(["--league", "night.toml"])

    #expect(withoutNight.status == 64)
    #expect(withoutNight.standardError.contains("line 1: journal: the pair's one journal is a league night's"))
    #expect(withoutPair.status == 64)
    #expect(withoutPair.standardError.contains("--league needs a pair"))
  }

  @Test("When a pair is given a lane's own option, then it exits 64 naming it", arguments: [
    ["--bowlers", "Ana"], ["--wiring", "lane7.toml"], ["--broker", "mqtt://127.0.0.1:1"], ["--json"],
  ])
  func refusesALanesOptions(option: [String]) async throws {
    let refused = try await run(["--config", "pair.toml", "--league", "night.toml"] + option)

    #expect(refused.status == 64)
    #expect(refused.standardError.contains("a pair's lane run does not take \(option[0])"))
  }

  @Test("When a lane's wiring file is missing, then it exits 78 naming the lane, as a lane's run does, and no journal is created")
  func missingWiring() async throws {
    let missing = try await run(["--config", "pair.toml", "--league", "night.toml"])

    #expect(missing.status == 78, "\(missing.standardError)")
    #expect(missing.standardError.contains("lane7: "))
    #expect(try folder.contents().sorted() == ["night.toml", "pair.toml"])
  }
}
