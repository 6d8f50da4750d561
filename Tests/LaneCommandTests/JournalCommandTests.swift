import Bowling
import Foundation
import Journal
import League
import TestSupport
import Testing

@Suite("lane journal check and salvage, and files that are not journals, run as a user runs them")
struct JournalCommandTests {
  /// A scratch folder removed when the suite instance goes.
  final class Folder: Sendable {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lane-journal-command-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
  }

  let lane: LaneExecutable
  let folder: Folder
  let journal: String
  let trace = BundledTrace.all[0].path

  init() throws {
    lane = try LaneExecutable()
    folder = try Folder()
    journal = folder.path("lane.journal")
  }

  func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test("When --journal names a wiring file, then simulate and correct refuse it with exit 65 and leave it byte for byte")
  func wiringFileAsJournal() async throws {
    let wiring = folder.path("lane.toml")
    try "chip = \"gpiochip0\"\n\n[pins]\n1 = 4\n".write(toFile: wiring, atomically: false, encoding: .utf8)
    let before = try contents(wiring)

    let simulate = try await lane.run(["simulate", "--journal", wiring, trace])
    let correct = try await lane.run(["correct", "--journal", wiring, "undo"])

    #expect(simulate.status == 65)
    #expect(simulate.standardError.contains("is not a lane journal"))
    #expect(correct.status == 65)
    #expect(try contents(wiring) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["lane.toml"])
  }

  @Test("When a journal is intact, then check says ok with exit 0")
  func checkIntact() async throws {
    #expect(try await lane.run(["simulate", "--journal", journal, trace]).status == 0)

    let check = try await lane.run(["journal", "check", journal])

    #expect(check.status == 0)
    #expect(check.standardOutput.contains("intact records (1 to "))
    #expect(check.standardOutput.hasSuffix("ok\n"))
  }

  @Test("When a record in the middle is damaged, then the lane refuses to start naming it, check exits 65, and salvage writes a new journal the lane resumes")
  func damagedThenSalvaged() async throws {
    #expect(try await lane.run(["simulate", "--journal", journal, trace]).status == 0)
    var bytes = [UInt8](try contents(journal))
    let newlines = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
    // The last delivery's record: damage there leaves a session that still folds.
    let line = newlines[newlines.count - 2] + 1
    bytes[line + 3] ^= 0x01
    bytes += Array("this is not a record\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: journal))

    let run = try await lane.run(["simulate", "--journal", journal, trace])
    let check = try await lane.run(["journal", "check", journal])
    let salvaged = folder.path("salvaged.journal")
    let salvage = try await lane.run(["journal", "salvage", journal, "--out", salvaged])
    let again = try await lane.run(["journal", "salvage", journal, "--out", salvaged])
    let resumed = try await lane.run(["simulate", "--journal", salvaged, trace])

    #expect(run.status == 65)
    #expect(run.standardError.contains("is damaged at record \(newlines.count - 1) (byte \(line))"))
    #expect(run.standardError.contains("lane journal salvage"))
    #expect(try [UInt8](contents(journal)) == bytes)
    #expect(check.status == 65)
    #expect(check.standardOutput.contains("damaged: record \(newlines.count - 1) at byte \(line)"))
    #expect(salvage.status == 0)
    #expect(salvage.standardOutput.hasPrefix("lane journal salvage: \(newlines.count - 2) intact records copied"))
    #expect(again.status == 73)
    #expect(resumed.status == 0)
  }

  @Test("When a lane already runs on the journal, then a second simulate exits 75 at once naming its pid, and lane correct still works")
  func oneWriter() async throws {
    #expect(try await lane.run(["simulate", "--journal", journal, trace]).status == 0)
    let before = try contents(journal)
    // This test process plays the running lane: it holds the lane lock.
    let running = try JournalFile(path: journal, ifMissing: .refuse, holdingLane: true)

    let second = try await lane.run(["simulate", "--journal", journal, trace])

    #expect(second.status == 75)
    #expect(second.standardError.contains("is in use by another lane process (pid \(getpid()))"))
    #expect(try contents(journal) == before)
    let correct = try await lane.run(["correct", "--journal", journal, "--by", "Eve", "foul"])
    #expect(correct.status == 0)
    #expect(try running.readNew().entries.map(\.author) == ["Eve"])
  }

  @Test("When a league night's journal is checked, then check names the league and counts each lane's deliveries, corrections and undos; lane commands refuse it with exit 65, untouched")
  func nightJournal() async throws {
    let night = LeagueNight(
      settings: LeagueSettings(name: "Tuesday Mixed", games: 1, handicapBasis: 220, handicapPercentage: 90),
      teams: [
        .init(name: "Pin Pals", startLane: .left, lineup: [.bowler(.init(name: "Ana", average: 172))]),
        .init(name: "Gutter Kings", startLane: .right, lineup: [.bowler(.init(name: "Cy", average: 188))]),
      ])
    let time = Date(timeIntervalSince1970: 1_746_126_251)
    let start = try JournalEntry.nightStart(of: night, by: "desk", at: time)
    do {
      let file = try JournalFile(path: journal, ifMissing: .create(start), lane: "pair3")
      var played = try JournalledNight(store: file, opened: file)
      for (pins, side) in [(PinSet.full, PairSide.left), ([1, 2], .right), ([3], .right)] {
        _ = try played.deliver(.init(knocked: pins, isFoul: false), on: side, at: time)
      }
      _ = try played.correct(.foul(delivery: 2, true), by: "desk/mo", why: "foul line light", at: time)
      _ = try played.undo(by: "desk/mo", why: "the light was wrong", at: time)
    }
    let before = try contents(journal)

    let check = try await lane.run(["journal", "check", journal])
    let simulate = try await lane.run(["simulate", "--journal", journal, trace])
    let correct = try await lane.run(["correct", "--journal", journal, "undo"])
    let session = try await lane.run(["session", "--journal", journal, "end"])

    #expect(check.status == 0)
    #expect(check.standardOutput.contains("league night journal format 3, lane pair3"))
    #expect(check.standardOutput.contains("league Tuesday Mixed: Pin Pals against Gutter Kings"))
    #expect(check.standardOutput.contains("6 intact records (1 to 6)"))
    #expect(check.standardOutput.contains("deliveries: 1 on the left lane, 2 on the right; 1 correction, 1 undo"))
    #expect(check.standardOutput.hasSuffix("ok\n"))
    for refused in [simulate, correct, session] {
      #expect(refused.status == 65)
      #expect(refused.standardError.contains("holds a league night on a pair (format 3), not a lane's session"))
    }
    #expect(try contents(journal) == before)
  }
}
