import Foundation
import LaneConfiguration
import League
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The parts of `lane simulate --league --json` these tests read: the interface the issue
/// promises scripts (`teams`, each with `name`, `games` and `bowlers`).
struct LeagueOutput: Decodable {
  struct TeamGame: Decodable {
    let scratch: Int
    let handicap: Int
    let total: Int
    let points: Double?
  }
  struct BowlerGame: Decodable {
    let total: Int
    let handicap: Int
    let absent: Bool
    let frames: [Frame]
  }
  struct Frame: Decodable {
    let number: Int
    let lane: String?
    let rolls: [Int]
  }
  struct Bowler: Decodable {
    let name: String
    let games: [BowlerGame]
  }
  struct Team: Decodable {
    let name: String
    let games: [TeamGame]
    let bowlers: [Bowler]
  }
  let teams: [Team]
}

@Suite("lane simulate --league, run as a user runs it")
struct LeagueCommandTests {
  /// Three games of Pin Pals (Ana, Ben absent) against Gutter Kings (Cy, a vacancy, Di).
  static let night = LeagueCorrections.night.replacingOccurrences(of: "games = 1", with: "games = 3")

  let lane: LaneExecutable
  let folder: ScratchFolder
  let planned: PlannedNight

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder()
    var random = SeededRandom(seed: 24)
    planned = PlannedNight(night: try LeagueNightFile.parse(text: Self.night, file: "night.toml"), using: &random)
    try Self.night.write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
    let (left, right) = planned.traces
    try left.write(toFile: folder.path("left.trace"), atomically: false, encoding: .utf8)
    try right.write(toFile: folder.path("right.trace"), atomically: false, encoding: .utf8)
  }

  func simulate(_ extra: [String] = [], traces: [String] = ["left.trace", "right.trace"]) async throws -> LaneExecutable.Run {
    try await lane.run(["simulate", "--league", "night.toml"] + extra + traces, in: folder.path)
  }

  @Test("When a night is replayed from both lanes' traces, then every bowler's games are their own deliveries scored as on one lane, with handicap")
  func scoresTheNight() async throws {
    let run = try await simulate(["--json"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.isEmpty)
    let output = try JSONDecoder().decode(LeagueOutput.self, from: Data(run.standardOutput.utf8))

    #expect(output.teams.map(\.name) == ["Pin Pals", "Gutter Kings"])
    #expect(output.teams[0].bowlers.map(\.name) == ["Ana", "Ben"])
    #expect(output.teams[1].bowlers.map(\.name) == ["Cy", "Vacancy", "Di"])
    let ana = output.teams[0].bowlers[0]
    #expect(ana.games.map(\.total) == planned.games[0][0].map(\.total))
    #expect(ana.games.allSatisfy { $0.handicap == 43 && !$0.absent })
    // Frame 1 on the team's starting lane, frame 2 on the other, and so on.
    #expect(ana.games[0].frames.map(\.lane) == (1...10).map { $0 % 2 == 1 ? "left" : "right" })
    #expect(ana.games[1].frames.first?.lane == "left")
    #expect(output.teams[1].bowlers[2].games.map(\.total) == planned.games[1][2].map(\.total))
    let ben = output.teams[0].bowlers[1]
    #expect(ben.games.allSatisfy { $0.absent && $0.total == 131 && $0.handicap == 60 && $0.frames.isEmpty })
    #expect(output.teams[1].bowlers[1].games.allSatisfy { $0.total == 120 && $0.handicap == 60 })

    // Team totals and points, worked out here from the planned games.
    for game in 0..<3 {
      let pals = planned.games[0][0][game].total + 131
      let kings = planned.games[1][0][game].total + 120 + planned.games[1][2][game].total
      #expect(output.teams[0].games[game].scratch == pals)
      #expect(output.teams[1].games[game].scratch == kings)
      let (palsTotal, kingsTotal) = (pals + 43 + 60, kings + 28 + 60 + 58)
      #expect(output.teams[0].games[game].total == palsTotal)
      #expect(output.teams[1].games[game].total == kingsTotal)
      #expect(output.teams[0].games[game].points == (palsTotal > kingsTotal ? 1 : palsTotal == kingsTotal ? 0.5 : 0))
    }
  }

  @Test("When no --json is given, then it prints each game's sheet with both teams, totals and points")
  func board() async throws {
    let run = try await simulate()
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Tuesday Mixed: 3 games"))
    #expect(run.standardOutput.contains("Ben (absent)"))
    #expect(run.standardOutput.contains("Series: Pin Pals"))
    #expect(run.standardOutput.contains("The night is complete."))
  }

  @Test(
    "When the traces are not two, then it exits 64 and says so",
    arguments: [["left.trace"], ["left.trace", "right.trace", "left.trace"]])
  func traceCount(traces: [String]) async throws {
    let run = try await simulate(traces: traces)
    #expect(run.status == 64)
    #expect(run.standardError.contains("--league replays a pair: give two traces"))
  }

  @Test("When --league is given with --bowlers, then it exits 64 naming both and writes nothing")
  func notWithBowlers() async throws {
    let run = try await simulate(["--journal", "night.journal", "--bowlers", "Ana"])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--league and --bowlers do not go together"))
    #expect(try folder.contents().sorted() == ["left.trace", "night.toml", "right.trace"])
  }

  @Test("When --http is given, then it prints the night, serves its board at /league until SIGTERM, and exits 0", .holdsAThread)
  func serves() throws {
    let child = try ChildProcess(
      lane.url.path, ["simulate", "--league", "night.toml", "--http", "127.0.0.1:0", "left.trace", "right.trace"],
      output: .pipe(.outOfChild), error: .pipe(.outOfChild), directory: folder.path)

    // When: it says where the boards are, /league is fetched there.
    let said = try Self.standardError(of: child, through: "until stopped\n")
    let address = try #require(said.firstMatch(of: /serving the league boards on http:\/\/127\.0\.0\.1:(?<port>\d+)\/league\/left/))
    let client = try LoopbackClient(port: try #require(Int(address.output.port)))
    try client.get("/league", headers: ["Connection: close"])
    let (head, body) = try client.response()
    let status = child.stop(signal: SIGTERM, within: .seconds(30))
    let printed = String(decoding: try child.standardOutput!.readToEnd(), as: UTF8.self)

    #expect(head.hasPrefix("HTTP/1.1 200"))
    let served = try JSONDecoder().decode(LeagueOutput.self, from: Data(body.utf8))
    #expect(served.teams.map(\.name) == ["Pin Pals", "Gutter Kings"])
    #expect(served.teams[0].bowlers[0].games.map(\.total) == planned.games[0][0].map(\.total))
    // Then: the sheet is printed first, as without --http, and a stop is a clean one.
    #expect(printed.contains("The night is complete."))
    #expect(status == 0, "\(said)")
  }

  /// What `child` writes on standard error up to and including `end`, read as it comes.
  static func standardError(of child: ChildProcess, through end: String) throws -> String {
    struct Silent: Error, CustomStringConvertible { let description: String }
    var bytes: [UInt8] = []
    var text: String { String(decoding: bytes, as: UTF8.self) }
    while !text.contains(end) {
      guard child.standardError!.isReadable(within: .seconds(60)) else {
        throw Silent(description: "lane wrote nothing more in 60 s; so far:\n\(text)")
      }
      let read = try child.standardError!.read(upTo: 4_096)
      guard !read.isEmpty else { throw Silent(description: "lane closed its standard error:\n\(text)") }
      bytes += read
    }
    return text
  }

  @Test("When the night file has an unknown key, then it exits 65 naming its line")
  func badNight() async throws {
    try Self.night.replacingOccurrences(of: "games = 3", with: "games = 3\ngamez = 4")
      .write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
    let run = try await simulate()
    #expect(run.status == 65)
    #expect(run.standardError.contains("night.toml: line 4: league.gamez: unknown key"))
  }

  @Test("When the night file is missing, then it exits 66")
  func missingNight() async throws {
    let run = try await lane.run(["simulate", "--league", "nowhere.toml", "left.trace", "right.trace"], in: folder.path)
    #expect(run.status == 66)
    #expect(run.standardError.contains("nowhere.toml"))
  }

  @Test("When a trace is not a trace, then it exits 65 naming the file")
  func notATrace() async throws {
    try "0.0 pins 1111111111\nthis is not a trace\n".write(toFile: folder.path("right.trace"), atomically: false, encoding: .utf8)
    let run = try await simulate()
    #expect(run.status == 65)
    #expect(run.standardError.contains("right.trace"))
  }
}

@Suite("The league nights shipped: the example (docs/league.md) and the gpio-sim rig's pair night (docs/gpio-sim.md)")
struct ShippedLeagueNightTests {
  static let nightFile = PackageFolder.url("docs/examples/tuesday-mixed.toml").path
  static let traces = ["left", "right"].map { PackageFolder.url("Hardware/traces/league/tuesday-mixed-\($0).trace").path }

  @Test("When the example's traces are drawn again from their seed, then they are the shipped ones, and the replay scores the drawn games")
  func shippedPair() async throws {
    var random = SeededRandom(seed: 2026)
    let planned = PlannedNight(night: try LeagueNightFile.read(path: Self.nightFile), using: &random)
    let shipped = try Self.traces.map { path in
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    }
    #expect(shipped == [planned.traces.left, planned.traces.right])

    let run = try await LaneExecutable().run(["simulate", "--league", Self.nightFile, "--json"] + Self.traces)
    #expect(run.status == 0, "\(run.standardError)")
    let output = try JSONDecoder().decode(LeagueOutput.self, from: Data(run.standardOutput.utf8))
    #expect(output.teams[0].bowlers[0].games.map(\.total) == planned.games[0][0].map(\.total))
    #expect(output.teams[1].bowlers[0].games.map(\.total) == planned.games[1][0].map(\.total))
    // Di is late and never comes: the absentee's score once the team is past frame 10.
    #expect(output.teams[1].bowlers[1].games.allSatisfy { $0.absent && $0.total == 145 })
  }

  @Test("When the gpio-sim rig's pair night's traces are drawn again from their seed, then they are the shipped ones, and the replay scores the drawn games")
  func rigPair() async throws {
    let nightFile = PackageFolder.url("Hardware/traces/league/rig-pair.toml").path
    let traces = ["left", "right"].map { PackageFolder.url("Hardware/traces/league/rig-pair-\($0).trace").path }
    var random = SeededRandom(seed: 176)
    let planned = PlannedNight(night: try LeagueNightFile.read(path: nightFile), using: &random)
    let shipped = try traces.map { path in
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    }
    #expect(shipped == [planned.traces.left, planned.traces.right])

    let run = try await LaneExecutable().run(["simulate", "--league", nightFile, "--json"] + traces)
    #expect(run.status == 0, "\(run.standardError)")
    let output = try JSONDecoder().decode(LeagueOutput.self, from: Data(run.standardOutput.utf8))
    #expect(output.teams.map { $0.bowlers[0].games.map(\.total) } == planned.games.map { $0[0].map(\.total) })
  }
}
