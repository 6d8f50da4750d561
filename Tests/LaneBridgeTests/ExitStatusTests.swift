import Foundation
import Journal
import League
import Testing

@testable import LaneBridge

@Suite("The exit statuses of every lane command")
struct ExitStatusTests {
  static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs")

  /// The rows of the first table after each heading that names exit statuses in `file`, as
  /// their cells.
  static func exitStatusRows(in file: String) throws -> [[String]] {
    let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
    var rows: [[String]] = []
    var inSection = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("#") {
        inSection = line.lowercased().contains("exit status")
        continue
      }
      guard inSection, line.hasPrefix("|") else { continue }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let first = cells.first, first.first?.isNumber == true else { continue }  // header, rule
      rows.append(cells)
    }
    return rows
  }

  /// The status a docs row starts with: `64` or `64 (EX_USAGE)`.
  static func status(of row: [String]) -> Int32? {
    Int32(row[0].prefix { $0.isNumber })
  }

  @Test("When the table in docs/running.md is read, then it lists exactly the statuses of ExitStatus, by name")
  func runningTable() throws {
    let rows = try Self.exitStatusRows(in: "running.md")

    let documented = rows.map { "\($0[0]) \($0[1])" }
    let coded = ExitStatus.allCases.map { "\($0.rawValue) `\($0)`" }
    #expect(documented == coded)
  }

  @Test(
    "When a command's own docs list exit statuses, then each is one of ExitStatus",
    arguments: ["calibration.md", "scoring.md", "running.md"])
  func commandTables(file: String) throws {
    let rows = try Self.exitStatusRows(in: file)

    #expect(!rows.isEmpty)
    for row in rows {
      #expect(Self.status(of: row).flatMap(ExitStatus.init(rawValue:)) != nil, "\(file): \(row)")
    }
  }

  @Test("When an error chooses its exit status, then the status is one of ExitStatus")
  func errorStatuses() {
    let statuses: [LaneBridge.ExitStatus] = [
      JournalError.system(operation: "write", path: "j", errno: ENOSPC).exitStatus,
      JournalError.missing(path: "j").exitStatus,
      JournalError.inconsistent(sequence: 2, reason: "r").exitStatus,
    ]

    #expect(statuses == [.ioError, .noInput, .dataError])
  }

  @Test(
    "When a journal error of each kind ends a command, then its status is the one the table gives that kind",
    arguments: [
      (JournalError.system(operation: "sync", path: "j", errno: EIO), LaneBridge.ExitStatus.ioError),
      (.missing(path: "j"), .noInput),
      (.notRegular(path: "j", kind: "a FIFO"), .noInput),
      (.inUse(path: "j", pid: 42), .temporaryFailure),
      (.corrupt(path: "j", record: 3, offset: 90, reason: "r"), .dataError),
      (.inconsistent(sequence: 2, reason: "r"), .dataError),
      (.refused(.nothingToUndo), .dataError),
      (.otherBowlers(path: "j", journal: ["Ana"], asked: ["Ben"]), .dataError),
      (.notAJournal(path: "j", reason: "r"), .dataError),
      (.unsupportedVersion(path: "j", version: 9), .dataError),
      (.holdsLeagueNight(path: "j"), .dataError),
      (.holdsLaneSession(path: "j"), .dataError),
      (.nightRefused(.nobodyUp(.left)), .dataError),
    ])
  func journalErrorStatus(error: JournalError, status: LaneBridge.ExitStatus) {
    #expect(error.exitStatus == status)
    #expect(error.kind.exitStatus == status)
  }

  @Test("Every kind of journal error has its own exit status")
  func journalKindsDistinct() {
    let statuses = JournalError.Kind.allCases.map(\.exitStatus)
    #expect(Set(statuses).count == JournalError.Kind.allCases.count)
  }
}

@Suite("A command's help lists its exit statuses from ExitStatus")
struct ExitStatusHelpTests {
  @Test("When a command lists its statuses, then each number comes with its summary, after success")
  func listed() {
    let help = LaneBridge.ExitStatus.help(.usage, .noInput)

    #expect(
      help
        == "\n\nExit status: 0 done; 64 the command line (or the config file) is wrong;"
        + " 66 an input file does not exist or cannot be read (docs/running.md).")
  }

  @Test("When every status is summarised, then no two read the same", arguments: LaneBridge.ExitStatus.allCases)
  func distinct(status: LaneBridge.ExitStatus) {
    let others = LaneBridge.ExitStatus.allCases.filter { $0 != status }.map(\.summary)

    #expect(!status.summary.isEmpty)
    #expect(!others.contains(status.summary))
  }
}
