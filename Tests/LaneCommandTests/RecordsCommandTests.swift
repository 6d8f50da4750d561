import Foundation
import TestSupport
import Testing

@Suite("lane records import, games, averages and events, run as a user runs them")
struct RecordsCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder
  let store: String
  let journal: String
  /// A trace in which Ana and Ben each finish a game, so that they have averages.
  let trace = BundledTrace.directory.appendingPathComponent("two-games-held-out.trace").path

  /// Given a journal of lane7 made by lane simulate for Ana and Ben.
  init() async throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("records-command")
    store = folder.path("centre.store")
    journal = folder.path("lane.journal")
    let simulate = try await lane.run(["simulate", "--lane", "lane7", "--bowlers", "Ana,Ben", "--journal", journal, trace])
    #expect(simulate.status == 0, "\(simulate.standardError)")
  }

  /// The JSON objects of a run's standard output.
  func objects(_ run: LaneExecutable.Run) -> [[String: Any]] {
    run.standardOutput.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test("When a journal is imported twice, then the second import stores nothing new and the store is unchanged")
  func importTwice() async throws {
    let first = try await lane.run(["records", "import", "--store", store, journal])
    let events = try await lane.run(["records", "events", "--store", store, "--json"])
    let second = try await lane.run(["records", "import", "--store", store, journal])
    let again = try await lane.run(["records", "events", "--store", store, "--json"])

    #expect(first.status == 0, "\(first.standardError)")
    let records = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count - 1
    #expect(first.standardOutput.contains(": \(records) new of \(records) records, lane lane7 session "))
    #expect(second.standardOutput.contains(": 0 new of \(records) records"), "\(second.standardOutput)")
    #expect(objects(events).map { $0["seq"] as? Int } == Array(1...records))
    #expect(again.standardOutput == events.standardOutput)
  }

  @Test("When an imported journal's games are read, then they are lane simulate --json's, and the averages are their pins over their number")
  func gamesMatchSimulate() async throws {
    #expect(try await lane.run(["records", "import", "--store", store, journal]).status == 0)

    let games = try await lane.run(["records", "games", "--store", store, "--json"])
    let averages = try await lane.run(["records", "averages", "--store", store, "--json"])
    let simulate = try await lane.run(["simulate", "--json", "--bowlers", "Ana,Ben", trace])

    #expect(games.status == 0 && averages.status == 0)
    let report = try #require(objects(simulate).last)
    let expected = (report["bowlers"] as? [[String: Any]] ?? []).flatMap { bowler in
      (bowler["games"] as? [[String: Any]] ?? []).enumerated().map { index, game in
        "\(bowler["name"] ?? "") \(index + 1) \(game["total"] ?? "") \(game["complete"] ?? "")"
      }
    }.sorted()
    let stored = objects(games).map { "\($0["bowler"] ?? "") \($0["game"] ?? "") \($0["total"] ?? "") \($0["complete"] ?? "")" }
    #expect(!expected.isEmpty)
    #expect(stored.sorted() == expected)
    #expect(objects(games).allSatisfy { $0["lane"] as? String == "lane7" })
    let complete = objects(games).filter { $0["complete"] as? Bool == true }
    #expect(objects(averages).compactMap { $0["bowler"] as? String } == ["Ana", "Ben"])
    for average in objects(averages) {
      let mine = complete.filter { $0["bowler"] as? String == average["bowler"] as? String }
      let pins = mine.compactMap { $0["total"] as? Int }.reduce(0, +)
      #expect(average["games"] as? Int == mine.count)
      #expect(average["pins"] as? Int == pins)
      #expect(average["average"] as? Int == pins / max(1, mine.count))
    }
  }

  @Test("When the same journal is imported as lane8's too and lane8's Ana is linked to lane7's, then lane7's Ana has both sessions' games in her average and history, and export names them by her id")
  func linkAndHistory() async throws {
    #expect(try await lane.run(["records", "import", "--store", store, journal]).status == 0)
    #expect(try await lane.run(["records", "import", "--store", store, "--lane", "lane8", journal]).status == 0)
    let before = objects(try await lane.run(["records", "averages", "--store", store, "--json"]))
    let ids = before.filter { $0["bowler"] as? String == "Ana" }.compactMap { $0["id"] as? String }
    #expect(ids.count == 2 && ids.allSatisfy { $0.hasPrefix("session/lane") && $0.hasSuffix("/Ana") }, "\(ids)")
    let (lane7, lane8) = (ids.first { $0.hasPrefix("session/lane7/") } ?? "", ids.first { $0.hasPrefix("session/lane8/") } ?? "")

    let link = try await lane.run(["records", "link", "--store", store, lane8, "--to", lane7])
    let after = objects(try await lane.run(["records", "averages", "--store", store, "--json"]))
    let history = try await lane.run(["records", "history", "--store", store, "--bowler", lane7, "--json"])
    let text = try await lane.run(["records", "history", "--store", store, "--bowler", lane7])
    let export = objects(try await lane.run(["records", "export", "--store", store, "--format", "json"]))
    let nobody = try await lane.run(["records", "history", "--store", store, "--bowler", "session/lane9/x/Zed"])
    let itself = try await lane.run(["records", "link", "--store", store, lane7, "--to", lane8])

    #expect(link.status == 0, "\(link.standardError)")
    #expect(link.standardOutput.hasPrefix("\(lane8) is now \(lane7): Ana: "), "\(link.standardOutput)")
    let ana = try #require(before.first { $0["id"] as? String == lane7 })
    let merged = try #require(after.first { $0["bowler"] as? String == "Ana" })
    #expect(after.filter { $0["bowler"] as? String == "Ana" }.count == 1)
    #expect(merged["id"] as? String == lane7)
    #expect(merged["games"] as? Int == 2 * (ana["games"] as? Int ?? 0))
    #expect(merged["pins"] as? Int == 2 * (ana["pins"] as? Int ?? 0))
    #expect(merged["average"] as? Int == ana["average"] as? Int)
    let games = objects(history)
    #expect(history.status == 0 && text.status == 0)
    #expect(games.count == export.filter { $0["bowler"] as? String == "Ana" }.count)
    #expect(games.allSatisfy { $0["bowler_id"] as? String == lane7 })
    #expect(games.last?["average"] as? Int == ana["average"] as? Int)
    #expect(text.standardOutput.split(separator: "\n").count == games.count)
    #expect(export.filter { $0["bowler"] as? String == "Ana" }.allSatisfy { $0["bowler_id"] as? String == lane7 })
    #expect(nobody.status == 65 && nobody.standardError.contains("no game of the bowler 'session/lane9/x/Zed'"), "\(nobody.standardError)")
    #expect(itself.status == 65, "\(itself.standardError)")
  }

  @Test("When the store is backed up, then the copy opens as a store with the same events, and a second backup to the same file or a link exits 73 and changes nothing")
  func backup() async throws {
    #expect(try await lane.run(["records", "import", "--store", store, journal]).status == 0)
    let copy = folder.path("copy.store")

    let first = try await lane.run(["records", "backup", "--store", store, "--out", copy])
    let original = try await lane.run(["records", "events", "--store", store, "--json"])
    let copied = try await lane.run(["records", "events", "--store", copy, "--json"])
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    let again = try await lane.run(["records", "backup", "--store", store, "--out", copy])
    let link = folder.path("link.store")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path("elsewhere.store"))
    let throughLink = try await lane.run(["records", "backup", "--store", store, "--out", link])

    #expect(first.status == 0, "\(first.standardError)")
    let records = objects(original).count
    #expect(records > 10)
    #expect(first.standardOutput == "\(store): \(records) events copied to \(copy)\n")
    #expect(copied.status == 0, "\(copied.standardError)")
    #expect(copied.standardOutput == original.standardOutput)
    #expect(again.status == 73)
    #expect(again.standardError.contains("something is there already"), "\(again.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    #expect(throughLink.status == 73)
    #expect(!FileManager.default.fileExists(atPath: folder.path("elsewhere.store")))
    // Nothing is left beside the copies: no hidden file, no SQLite -wal or -shm.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") || $0.hasPrefix("copy.store-") }.isEmpty)
  }

  @Test("When the store is exported as CSV and as JSON, then there is a header and one record per stored game, with the documented columns")
  func export() async throws {
    #expect(try await lane.run(["records", "import", "--store", store, journal]).status == 0)

    let games = try await lane.run(["records", "games", "--store", store, "--json"])
    let csv = try await lane.run(["records", "export", "--store", store])
    let json = try await lane.run(["records", "export", "--store", store, "--format", "json"])

    #expect(csv.status == 0 && json.status == 0, "\(csv.standardError)\(json.standardError)")
    let records = csv.standardOutput.components(separatedBy: "\r\n").dropLast()
    #expect(records.first == "date,league,team,bowler_id,bowler,lane,session,game,scratch,handicap,total,complete,kind,frames")
    #expect(records.count == objects(games).count + 1)
    #expect(records.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 14 })
    let rows = objects(json)
    #expect(rows.count == objects(games).count)
    #expect(rows.allSatisfy { Set($0.keys) == ["date", "league", "team", "bowler_id", "bowler", "lane", "session", "game", "scratch", "handicap", "total", "complete", "kind", "frames"] })
    #expect(rows.map { $0["scratch"] as? Int } == objects(games).map { $0["total"] as? Int })
  }

  @Test("When the session's scoresheet is written as a page, then it has every game and delivery and the correction with who made it; a second write to the same file exits 73")
  func sheetPage() async throws {
    // Given the last ball made a foul by the desk clerk Eve.
    let corrected = try await lane.run(["correct", "--journal", journal, "--by", "Eve", "foul"])
    #expect(corrected.status == 0, "\(corrected.standardError)")
    #expect(try await lane.run(["records", "import", "--store", store, journal]).status == 0)
    let games = objects(try await lane.run(["records", "games", "--store", store, "--json"]))
    let session = try #require(games.first?["session"] as? String)
    let page = folder.path("sheet.html")

    let written = try await lane.run(["records", "sheet", "--store", store, "--lane", "lane7", "--session", session, "--html", page])
    let again = try await lane.run(["records", "sheet", "--store", store, "--lane", "lane7", "--session", session, "--html", page])
    let unknown = try await lane.run(["records", "sheet", "--store", store, "--lane", "lane7", "--session", "2020-01-01T00:00:00Z"])

    #expect(written.status == 0, "\(written.standardError)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("<h1>Lane lane7: session</h1>"))
    #expect(html.components(separatedBy: "<section class=\"game\">").count - 1 == games.count)
    let balls = games.map { ($0["frames"] as? [[String: Any]] ?? []).map { ($0["rolls"] as? [Int] ?? []).count }.reduce(0, +) }.reduce(0, +)
    let rows = html.components(separatedBy: "\n").filter { $0.hasPrefix("<tr><td>") && $0.components(separatedBy: "<td>").count == 9 }
    #expect(rows.count == balls)
    // The correction, with its record, who made it and what it did.
    let records = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count - 1
    #expect(html.contains("<tr><td>\(records)</td><td>"), "\(html.suffix(800))")
    #expect(html.contains("<td class=\"name\">Eve</td><td class=\"name\">foul: "), "\(html.suffix(800))")
    #expect(again.status == 73)
    #expect(unknown.status == 65)
    #expect(unknown.standardError.contains("its sessions there include \(session)"), "\(unknown.standardError)")
  }

  @Test(
    "When the scoresheet is printed to PDF on Letter, then pdftotext reads every bowler and the heading, and pdftoppm turns its pages into PNGs of Letter's shape",
    .enabled(if: HeadlessTools.available, "Needs Debian's chromium and poppler-utils"))
  func sheetPDF() async throws {
    #expect(try await lane.run(["records", "import", "--store", store, journal]).status == 0)
    let games = objects(try await lane.run(["records", "games", "--store", store, "--json"]))
    let session = try #require(games.first?["session"] as? String)
    let pdf = folder.path("sheet.pdf")

    let printed = try await lane.run(
      ["records", "sheet", "--store", store, "--lane", "lane7", "--session", session, "--pdf", pdf, "--paper", "letter"])

    #expect(printed.status == 0, "\(printed.standardError)")
    #expect(printed.standardError.contains("\(pdf): the scoresheet of lane7 session \(session), \(games.count) games"))
    let text = try HeadlessTools.run("/usr/bin/pdftotext", [pdf, "-"])
    #expect(text.contains("Lane lane7: session"))
    #expect(text.contains("Ana, game 1") && text.contains("Ben, game 1"))
    #expect(text.contains("Corrections"))
    _ = try HeadlessTools.run("/usr/bin/pdftoppm", ["-png", "-r", "40", pdf, folder.path("page")])
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("page") && $0.hasSuffix(".png") }
    #expect(!pages.isEmpty)
    // Letter is 8.5 × 11 inches: 340 × 440 pixels at 40 dpi.
    let png = try Data(contentsOf: URL(fileURLWithPath: folder.path(pages.sorted()[0])))
    let size = png.count > 24 ? (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
    #expect(size == (340, 440), "\(size)")
  }

  @Test(
    "When lane records check reads a whole store, then it prints ok; when a page of it was zeroed, then it prints SQLite's problems and exits 65, the file left as it was",
    .enabled(if: DamagedSQLiteFile.canDamage, DamagedSQLiteFile.skipReason))
  func check() async throws {
    #expect(try await lane.run(["records", "import", "--store", store, journal]).status == 0)
    let whole = try await lane.run(["records", "check", "--store", store])
    try DamagedSQLiteFile.zeroRootPage(of: "event", inFileAt: store)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))

    let damaged = try await lane.run(["records", "check", "--store", store])

    #expect(whole.status == 0, "\(whole.standardError)")
    #expect(whole.standardOutput == "ok\n")
    #expect(damaged.status == 65)
    #expect(!damaged.standardOutput.isEmpty && damaged.standardOutput != "ok\n", "\(damaged.standardOutput)")
    #expect(damaged.standardError.contains("the store \(store) is damaged (SQLite's integrity check: "), "\(damaged.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("centre.store") } == ["centre.store"])
  }

  @Test("When lane records reads a store that is not there or is a PNG, then it exits 66 or 65 and makes or changes nothing")
  func refusals() async throws {
    let missing = try await lane.run(["records", "games", "--store", store, "--json"])
    let png = folder.path("picture.png")
    let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 200))
    try bytes.write(to: URL(fileURLWithPath: png))
    let notOurs = try await lane.run(["records", "averages", "--store", png, "--json"])
    let desk = try await lane.run(["records", "import", "--store", png, journal])

    #expect(missing.status == 66)
    #expect(missing.standardError.contains("does not exist"))
    #expect(!FileManager.default.fileExists(atPath: store))
    #expect(notOurs.status == 65)
    #expect(notOurs.standardError.contains("is not a LaneBridge store"))
    #expect(desk.status == 65)
    #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == bytes)
  }
}

/// Chromium for `--pdf`, and poppler's tools to read the PDF back.
enum HeadlessTools {
  static let available = ["/usr/bin/chromium", "/usr/bin/pdftotext", "/usr/bin/pdftoppm"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Runs a tool to its end; its standard output.
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let child = try ChildProcess(tool, arguments, output: .pipe(.outOfChild), error: .pipe(.outOfChild))
    let (output, error) = try child.readOutputAndError()
    let status = child.waitForExit()
    guard status == 0 else { throw ChildProcess.Failure(description: "\(tool) exited \(status): \(error)") }
    return output
  }
}
