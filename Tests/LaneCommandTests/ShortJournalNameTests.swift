import Foundation
import TestSupport
import Testing

/// A journal given by a one-character relative name (`--journal j`): Foundation's
/// `NSString.deletingLastPathComponent` traps on such a path, so the lane must not use it.
@Suite("lane with a journal named by one character in the working folder")
struct ShortJournalNameTests {
  let lane: LaneExecutable
  let folder: ScratchFolder
  let trace = PackageFolder.url("Hardware/traces/string-pinsetter-game.trace").path

  /// Given a game replayed into the journal `j`.
  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("short-journal-name")
    let made = try lane.run(["simulate", "--lane", "lane1", "--journal", "j", trace], in: folder.path)
    #expect(made.status == 0, "\(made.standardError)")
  }

  @Test("When the lane publishes to a broker that is not there, then it scores on and exits 0")
  func centreLink() throws {
    let port = try freeLoopbackPort()

    let run = try lane.run(
      ["simulate", "--broker", "mqtt://127.0.0.1:\(port)", "--lane", "lane1", "--journal", "j", trace],
      in: folder.path)

    #expect(run.status == 0, "\(run.standardError.prefix(2000))")
    #expect(run.standardError.contains("the centre's broker is not reachable"))
  }

  @Test("When the session is ended, then it is archived beside the journal and a new one starts")
  func sessionEnd() throws {
    let run = try lane.run(["session", "end", "--journal", "j"], in: folder.path)

    #expect(run.status == 0, "\(run.standardError.prefix(2000))")
    let archived = try FileManager.default.contentsOfDirectory(atPath: folder.path("j.sessions"))
    #expect(archived.count == 1 && archived[0].hasSuffix(".journal"), "\(archived)")
  }
}
