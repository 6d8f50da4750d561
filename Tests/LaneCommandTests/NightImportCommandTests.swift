import Foundation
import LaneConfiguration
import TestSupport
import Testing

@Suite("lane records import of a league night's journal, run as a user runs it")
struct NightImportCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder
  let store: String
  let journal: String
  /// The night journal's records.
  let records: Int

  /// Given the journal of one game of Pin Pals (Ana, Ben absent) against Gutter Kings (Cy, a
  /// vacancy, Di) made by lane simulate --league from two lanes' traces, with no broker (its
  /// header names the machine, not the pair).
  init() async throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("night-import-command")
    store = folder.path("centre.store")
    journal = folder.path("night.journal")
    var random = SeededRandom(seed: 2507)
    let planned = PlannedNight(
      night: try LeagueNightFile.parse(text: LeagueCorrections.night, file: "night.toml"), using: &random)
    try LeagueCorrections.night.write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
    try planned.traces.left.write(toFile: folder.path("left.trace"), atomically: false, encoding: .utf8)
    try planned.traces.right.write(toFile: folder.path("right.trace"), atomically: false, encoding: .utf8)
    let simulate = try await lane.run(
      ["simulate", "--league", "night.toml", "--journal", journal, "left.trace", "right.trace"], in: folder.path)
    #expect(simulate.status == 0, "\(simulate.standardError)")
    records = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count - 1
  }

  /// The JSON objects of a run's standard output.
  func objects(_ run: LaneExecutable.Run) -> [[String: Any]] {
    run.standardOutput.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test("When the night is imported for the pair twice, then each record is stored under each lane naming the pair, and the second import stores nothing new")
  func importTwice() async throws {
    let first = try await lane.run(["records", "import", "--store", store, "--pair", "lane7+lane8", journal])
    let events = try await lane.run(["records", "events", "--store", store, "--json"])
    let second = try await lane.run(["records", "import", "--store", store, "--pair", "lane7+lane8", journal])
    let again = try await lane.run(["records", "events", "--store", store, "--json"])

    #expect(first.status == 0, "\(first.standardError)")
    #expect(records > 20)
    #expect(
      first.standardOutput.hasPrefix("\(journal): \(2 * records) new of \(2 * records) records, pair lane7+lane8 session "),
      "\(first.standardOutput)")
    #expect(second.status == 0, "\(second.standardError)")
    #expect(second.standardOutput.contains(": 0 new of \(2 * records) records"), "\(second.standardOutput)")
    #expect(again.standardOutput == events.standardOutput)
    for name in ["lane7", "lane8"] {
      let mine = objects(events).filter { $0["lane"] as? String == name }
      #expect(mine.compactMap { $0["seq"] as? Int } == Array(1...records), "\(name)")
      #expect(mine.allSatisfy { ($0["pair"] as? [String: String]) == ["left": "lane7", "right": "lane8"] })
      #expect(mine.first?["type"] as? String == "session-start")
    }
  }

  @Test("When the imported night's games are read, then each place's game is listed once under the pair, as lane simulate --league --json scores it")
  func gamesMatchSimulate() async throws {
    #expect(try await lane.run(["records", "import", "--store", store, "--pair", "lane7+lane8", journal]).status == 0)

    let games = try await lane.run(["records", "games", "--store", store, "--json"])
    let simulate = try await lane.run(["simulate", "--league", "night.toml", "--json", "left.trace", "right.trace"], in: folder.path)

    #expect(games.status == 0, "\(games.standardError)")
    #expect(simulate.status == 0, "\(simulate.standardError)")
    let stored = LeagueGameLines.stored(objects(games))
    let simulated = LeagueGameLines.simulated(try #require(objects(simulate).last, "\(simulate.standardOutput)"))
    #expect(simulated.count == 5)
    #expect(stored.sorted() == simulated.sorted())
    #expect(objects(games).allSatisfy { $0["lane"] as? String == "lane7+lane8" })
  }

  @Test("When the night's header names no pair and none is given, or a lane is given, then it exits 65 or 64 saying to give --pair, and no store is made")
  func pairNeeded() async throws {
    let unnamed = try await lane.run(["records", "import", "--store", store, journal])
    let laneGiven = try await lane.run(["records", "import", "--store", store, "--lane", "lane7", journal])
    let both = try await lane.run(["records", "import", "--store", store, "--lane", "lane7", "--pair", "lane7+lane8", journal])
    let badPair = try await lane.run(["records", "import", "--store", store, "--pair", "lane7", journal])

    #expect(unnamed.status == 65)
    #expect(unnamed.standardError.contains("is a league night's journal whose header names"), "\(unnamed.standardError)")
    #expect(unnamed.standardError.contains("give --pair LEFT+RIGHT"))
    #expect(laneGiven.status == 64)
    #expect(laneGiven.standardError.contains("published by both lanes of its pair: give --pair LEFT+RIGHT"), "\(laneGiven.standardError)")
    #expect(both.status == 64)
    #expect(both.standardError.contains("not both"), "\(both.standardError)")
    #expect(badPair.status == 64)
    #expect(badPair.standardError.contains("--pair 'lane7' is not a pair"), "\(badPair.standardError)")
    #expect(!FileManager.default.fileExists(atPath: store))
  }
}
