import Foundation
import TestSupport
import Testing

/// `lane simulate --broker` whose broker's host never answers (``SilentPort``): scoring
/// never waits for the broker, not even for its first connection.
@Suite("lane simulate with a broker that never answers, run as a user runs it")
struct SilentBrokerCommandTests {
  @Test("When the lane starts, then it scores the whole trace, says the broker is not reachable, and exits 0 after its connect limit, not the kernel's minutes")
  func scoresOn() async throws {
    let lane = try LaneExecutable()
    let silent = try SilentPort()
    let trace = PackageFolder.url("Hardware/traces/string-pinsetter-game.trace").path

    let run = try await lane.run(["simulate", "--broker", "mqtt://127.0.0.1:\(silent.port)", "--lane", "lane1", trace])

    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Total 171, game complete"))
    #expect(run.standardError.contains("the centre's broker is not reachable"), "\(run.standardError)")
    // The attempt ended at its own limit, not the kernel's (about 127 s): the message says which.
    #expect(run.standardError.contains("no answer from the broker within 3"), "\(run.standardError)")
  }
}
