import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `lane simulate --broker` with a journal whose folder of closed sessions (`FILE.sessions/`)
/// is wrong: the journal's own problem, told and exited with as the journal does
/// (docs/running.md's exit status table). The lane stops before it connects, so nothing
/// need listen at the broker's address.
@Suite("lane simulate --broker with a journal whose folder of closed sessions is wrong")
struct SessionsFolderCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder
  let journal: String
  let trace = PackageFolder.url("Hardware/traces/string-pinsetter-game.trace").path

  /// Given a journal made by a replay without a broker.
  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("sessions-folder")
    journal = folder.path("lane.journal")
    let made = try lane.run(["simulate", "--lane", "lane1", "--journal", journal, trace])
    #expect(made.status == 0, "\(made.standardError)")
  }

  /// `lane simulate --broker` on the journal, the broker's port free.
  func simulate() throws -> LaneExecutable.Run {
    let port = try freeLoopbackPort()
    return try lane.run(
      ["simulate", "--broker", "mqtt://127.0.0.1:\(port)", "--lane", "lane1", "--journal", journal, trace])
  }

  @Test("When a regular file is where the folder should be, then the lane exits 66 (noInput) saying it is not a folder")
  func regularFile() throws {
    try folder.touch("lane.journal.sessions")

    let run = try simulate()

    #expect(run.status == 66, "\(run.standardError)")
    #expect(run.standardError.contains("'\(journal).sessions' is not a folder, where closed sessions are kept"))
  }

  @Test("When a symbolic link to a folder is there, then the lane does not follow it and exits 66 (noInput)")
  func symbolicLink() throws {
    try FileManager.default.createDirectory(atPath: folder.path("elsewhere"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("lane.journal.sessions"), withDestinationPath: folder.path("elsewhere"))

    let run = try simulate()

    #expect(run.status == 66, "\(run.standardError)")
    #expect(run.standardError.contains("'\(journal).sessions' is not a folder, where closed sessions are kept"))
  }

  @Test(
    "When the folder may not be read, then the lane exits 74 (ioError) saying it cannot list it",
    .enabled(if: geteuid() != 0, "root reads every folder: needs a user other than root"))
  func unreadable() throws {
    let sessions = folder.path("lane.journal.sessions")
    try FileManager.default.createDirectory(atPath: sessions, withIntermediateDirectories: false)
    chmod(sessions, 0)
    defer { chmod(sessions, 0o750) }

    let run = try simulate()

    #expect(run.status == 74, "\(run.standardError)")
    #expect(run.standardError.contains("cannot list '\(sessions)', the closed sessions of the journal"))
    #expect(run.standardError.contains("Permission denied; check the folder's permissions"))
  }
}
