import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A game replayed by `lane simulate` into the journal `name` of a scratch folder, which is
/// also the working folder of every later run.
struct ReplayedJournal {
  let lane: LaneExecutable
  let folder: ScratchFolder
  let name: String
  let trace = PackageFolder.url("Hardware/traces/string-pinsetter-game.trace").path

  init(_ name: String) async throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("journal-path")
    self.name = name
    let made = try await lane.run(["simulate", "--lane", "lane1", "--journal", name, trace], in: folder.path)
    #expect(made.status == 0, "\(made.standardError)")
  }

  /// `lane` with `arguments`, in the folder.
  func run(_ arguments: [String]) async throws -> LaneExecutable.Run {
    try await lane.run(arguments, in: folder.path)
  }

  /// `lane simulate --broker` on the journal, nothing listening at the broker's port.
  func simulateWithBroker() async throws -> LaneExecutable.Run {
    let port = try freeLoopbackPort()
    return try await run(
      ["simulate", "--broker", "mqtt://127.0.0.1:\(port)", "--lane", "lane1", "--journal", name, trace])
  }
}

@Suite("lane with a journal path out of the ordinary")
struct JournalPathCommandTests {
  /// `lane simulate --broker` with a journal whose folder of closed sessions
  /// (`FILE.sessions/`) is wrong: the journal's own problem, told and exited with as the
  /// journal does (docs/running.md's exit status table). The lane stops before it
  /// connects, so nothing need listen at the broker's address.
  @Suite("Given a journal whose folder of closed sessions is wrong")
  struct SessionsFolder {
    let given: ReplayedJournal
    /// Where the folder of closed sessions is, as the lane names it (the journal's path
    /// relative to the working folder).
    let sessions = "lane.journal.sessions"

    init() async throws {
      given = try await ReplayedJournal("lane.journal")
    }

    @Test("When a regular file is where the folder should be, then lane simulate --broker exits 66 (noInput) saying it is not a folder")
    func regularFile() async throws {
      try given.folder.touch(sessions)

      let run = try await given.simulateWithBroker()

      #expect(run.status == 66, "\(run.standardError)")
      #expect(run.standardError.contains("'\(sessions)' is not a folder, where closed sessions are kept"))
    }

    @Test("When a symbolic link to a folder is there, then lane simulate --broker does not follow it and exits 66 (noInput)")
    func symbolicLink() async throws {
      let elsewhere = given.folder.path("elsewhere")
      try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
      try FileManager.default.createSymbolicLink(
        atPath: given.folder.path(sessions), withDestinationPath: elsewhere)

      let run = try await given.simulateWithBroker()

      #expect(run.status == 66, "\(run.standardError)")
      #expect(run.standardError.contains("'\(sessions)' is not a folder, where closed sessions are kept"))
    }

    @Test(
      "When the folder may not be read, then lane simulate --broker exits 74 (ioError) saying it cannot list it",
      .enabled(if: geteuid() != 0, "root reads every folder: needs a user other than root"))
    func unreadable() async throws {
      let folder = given.folder.path(sessions)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      chmod(folder, 0)
      defer { chmod(folder, 0o750) }

      let run = try await given.simulateWithBroker()

      #expect(run.status == 74, "\(run.standardError)")
      #expect(run.standardError.contains("cannot list '\(sessions)', the closed sessions of the journal"))
      #expect(run.standardError.contains("Permission denied; check the folder's permissions"))
    }
  }

  /// `lane simulate --broker` with a journal whose acknowledgement file (`FILE.ack`, what
  /// the desk has acknowledged) is wrong: read before the lane connects, refused with what
  /// it is and what to do, the journal untouched.
  @Suite("Given a journal whose acknowledgement file is wrong")
  struct AcknowledgementFile {
    let given: ReplayedJournal
    let ack = "lane.journal.ack"

    init() async throws {
      given = try await ReplayedJournal("lane.journal")
    }

    @Test("When a FIFO is there, then lane simulate --broker exits 66 (noInput) at once saying it is a FIFO")
    func fifo() async throws {
      #expect(mkfifo(given.folder.path(ack), 0o644) == 0)

      let run = try await given.simulateWithBroker()

      #expect(run.status == 66, "\(run.standardError)")
      #expect(run.standardError.contains("cannot read the acknowledgement file '\(ack)': it is a FIFO, not a regular file"))
    }

    @Test("When something else than an acknowledgement is in it, then lane simulate --broker exits 65 (dataError) saying to move it away")
    func notOurs() async throws {
      try Data("version=1\n".utf8).write(to: URL(fileURLWithPath: given.folder.path(ack)))

      let run = try await given.simulateWithBroker()

      #expect(run.status == 65, "\(run.standardError)")
      #expect(run.standardError.contains("'\(ack)' is not a LaneBridge acknowledgement file (version 1); move it away"))
    }
  }

  /// A journal given by a one-character relative name (`--journal j`): Foundation's
  /// `NSString.deletingLastPathComponent` traps on such a path, so the lane must not use it.
  @Suite("Given a journal named by one character in the working folder")
  struct OneCharacterName {
    let given: ReplayedJournal

    init() async throws {
      given = try await ReplayedJournal("j")
    }

    @Test("When the lane publishes to a broker that is not there, then it scores on and exits 0")
    func centreLink() async throws {
      let run = try await given.simulateWithBroker()

      #expect(run.status == 0, "\(run.standardError.prefix(2000))")
      #expect(run.standardError.contains("the centre's broker is not reachable"))
    }

    @Test("When the session is ended, then it is archived beside the journal and a new one starts")
    func sessionEnd() async throws {
      let run = try await given.run(["session", "end", "--journal", "j"])

      #expect(run.status == 0, "\(run.standardError.prefix(2000))")
      let archived = try FileManager.default.contentsOfDirectory(atPath: given.folder.path("j.sessions"))
      #expect(archived.count == 1 && archived[0].hasSuffix(".journal"), "\(archived)")
    }
  }
}
