import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A pair's centre link as the command line sets it up, before any broker is reached: each
/// lane its own broker user, and the desk's league correction with its reason. The link
/// itself, against a real mosquitto, is `LeagueOverBrokerTests`'.
@Suite("A pair's centre link on the command line, before the broker")
struct PairCentreCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder()
    try Data(LeagueJournalCommandTests.night.utf8).write(to: URL(fileURLWithPath: folder.path("night.toml")))
    for (name, user) in [("left", "lane7"), ("same", "lane7")] {
      let path = folder.path("\(name).credentials")
      try "user=\(user)\npassword=secret\n".write(toFile: path, atomically: false, encoding: .utf8)
      chmod(path, 0o600)
    }
  }

  @Test("When a pair's config names a broker but a lane has no credentials, then lane run exits 78 naming the lane, before any line or journal")
  func laneWithoutCredentials() async throws {
    try """
      journal = "pair.journal"

      [centre]
      broker = "mqtt://127.0.0.1:1"

      [[lanes]]
      lane = "lane7"
      wiring = "lane7.toml"
      credentials = "left.credentials"

      [[lanes]]
      lane = "lane8"
      wiring = "lane8.toml"
      """.write(toFile: folder.path("pair.toml"), atomically: false, encoding: .utf8)

    let refused = try await lane.run(["run", "--config", "pair.toml", "--league", "night.toml"], in: folder.path)

    #expect(refused.status == 78, "\(refused.standardError)")
    #expect(refused.standardError.contains("lane lane8's [[lanes]] has no credentials"))
    #expect(try folder.contents().filter { $0.hasPrefix("pair.journal") }.isEmpty)
  }

  @Test("When a league replay is given a broker with one lane's credentials, or the same user twice, then it exits 64 saying each lane is its own user, and creates no journal")
  func replayNeedsBothLanes() async throws {
    for credentials in [["left.credentials"], ["left.credentials", "same.credentials"]] {
      let refused = try await lane.run(
        ["simulate", "--league", "night.toml", "--journal", "night.journal", "--broker", "mqtt://127.0.0.1:1"]
          + credentials.flatMap { ["--mqtt-credentials", $0] } + ["left.trace", "right.trace"],
        in: folder.path)

      #expect(refused.status == 64, "\(refused.standardError)")
      #expect(
        refused.standardError.contains("give --mqtt-credentials twice")
          || refused.standardError.contains("both lanes of the pair are lane7"),
        "\(refused.standardError)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("night.journal")))
    }
  }

  @Test("When the desk sends a league correction without its reason, or a reason with another action, then it exits 64 saying so")
  func leagueNeedsWhy() async throws {
    let broker = ["--broker", "mqtt://127.0.0.1:1", "--mqtt-credentials", "left.credentials"]
    let withoutWhy = try await lane.run(["desk", "send"] + broker + ["lane7", "league", "dead 2"], in: folder.path)
    let whyElsewhere = try await lane.run(
      ["desk", "send"] + broker + ["lane7", "correct", "foul", "--why", "the light"], in: folder.path)

    #expect(withoutWhy.status == 64)
    #expect(withoutWhy.standardError.contains("league needs the command and --why"))
    #expect(whyElsewhere.status == 64)
    #expect(whyElsewhere.standardError.contains("only league takes --why"))
  }
}
