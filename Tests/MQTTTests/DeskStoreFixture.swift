import Foundation
import TestSupport
import Testing

/// What the suites of `lane desk --store` over a real mosquitto share: a ``TestBroker``,
/// the built `lane`, a store in the broker's folder, the desk started and read, `lane
/// records` run on the store, and `lane simulate --json` to compare with.
///
/// Every file a test makes (outputs, journals, the store) is in the broker's folder.
protocol DeskStoreFixture {
  var broker: TestBroker { get }
  /// The built `lane`.
  var lane: String { get }
  /// The command `lane desk` is started through, put before its path (`ip netns exec
  /// NAME`); empty (the default) to start it directly.
  var deskLauncher: [String] { get }
}

extension DeskStoreFixture {
  var deskLauncher: [String] { [] }

  var url: String { "mqtt://\(broker.address):\(broker.port)" }
  var store: String { broker.folder + "/centre.store" }

  func credentials(_ user: String) -> String { broker.folder + "/\(user).credentials" }

  func output(_ file: String) -> String {
    (try? String(contentsOfFile: broker.folder + "/" + file, encoding: .utf8)) ?? ""
  }

  /// The JSON objects among a file's lines.
  func objects(_ file: String) -> [[String: Any]] {
    output(file).split(separator: "\n").compactMap { line in
      guard line.hasPrefix("{") else { return nil }
      return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }
  }

  /// Starts `lane desk --store --json` (on `storeFile`, or ``store``), its output into
  /// `file`, and waits until it subscribed.
  func startDesk(into file: String, store storeFile: String? = nil) async throws -> ChildProcess {
    let subscriptions = { broker.log.components(separatedBy: "lanebridge/v1/lanes/+/events").count - 1 }
    let before = subscriptions()
    let command = deskLauncher + [
      lane, "desk", "--broker", url, "--mqtt-credentials", credentials("desk"), "--store",
      storeFile ?? store, "--json",
    ]
    let desk = try ChildProcess(command[0], Array(command.dropFirst()), outputFile: broker.folder + "/" + file)
    #expect(await eventually(within: .seconds(30)) { subscriptions() > before }, "\(output(file))")
    return desk
  }

  /// Runs `lane ARGUMENTS` to its end; its exit status, output into `file`.
  func run(_ arguments: [String], into file: String) async throws -> Int32? {
    try await ChildProcess(lane, arguments, outputFile: broker.folder + "/" + file).exited()
  }

  /// `lane records events --store --json` now: each stored event's "lane session seq".
  func stored(in storeFile: String? = nil) -> [String] {
    // A file of its own for each reading: ChildProcess appends to its output file.
    let file = "events-\(UUID().uuidString).out"
    guard
      let reader = try? ChildProcess(
        lane, ["records", "events", "--store", storeFile ?? store, "--json"], outputFile: broker.folder + "/" + file),
      reader.waitForExit() == 0
    else { return [] }
    return objects(file).map { "\($0["lane"] ?? "") \($0["session"] ?? "") \($0["seq"] ?? "")" }
  }

  /// A game as a comparable line: bowler, game number, total, completion, each frame's pins.
  static func line(bowler: Any?, game: Any?, _ report: [String: Any]) -> String {
    let frames = (report["frames"] as? [[String: Any]] ?? []).map { "\($0["rolls"] as? [Int] ?? [])" }
    return "\(bowler ?? "") \(game ?? "") \(report["total"] ?? "") \(report["complete"] ?? "") \(frames)"
  }

  /// What `lane simulate --json --bowlers NAMES TRACE` scores, one line per game (``line``);
  /// its records into `journal` when given.
  func simulated(
    _ trace: String, bowlers: String, into file: String, journal: String? = nil
  ) async throws -> [String] {
    let journalling = journal.map { ["--journal", $0] } ?? []
    #expect(try await run(["simulate", "--json", "--bowlers", bowlers] + journalling + [trace], into: file) == 0)
    let report = try #require(objects(file).last, "\(output(file))")
    return (report["bowlers"] as? [[String: Any]] ?? []).flatMap { bowler in
      (bowler["games"] as? [[String: Any]] ?? []).enumerated().map { index, game in
        Self.line(bowler: bowler["name"], game: index + 1, game)
      }
    }.sorted()
  }

  /// Expects the store to hold every record of each lane's journal (`LANE.journal` in the
  /// broker's folder, more than ten records) once: seqs 1 to the journal's count in one
  /// session, and no (lane, session, seq) twice. The stored keys ("lane session seq").
  @discardableResult
  func expectEveryJournalRecordStoredOnce(lanes: [String]) -> [String] {
    let keys = stored()
    #expect(Set(keys).count == keys.count, "a (lane, session, seq) stored twice")
    for user in lanes {
      let count = recordCount(ofJournal: output("\(user).journal"))
      let laneKeys = keys.filter { $0.hasPrefix("\(user) ") }
      let seqs = laneKeys.compactMap { Int($0.split(separator: " ").last ?? "") }
      #expect(count > 10)
      #expect(seqs == Array(1...max(1, count)), "\(user)'s stored seqs")
      #expect(Set(laneKeys.map { $0.split(separator: " ")[1] }).count == 1, "\(user)'s sessions")
    }
    return keys
  }

  /// Expects `lane records games --json` to hold, lane by lane, the games `lane simulate
  /// --json` scores for the lane's trace and bowlers, game by game and frame by frame. The
  /// stored games.
  @discardableResult
  func expectStoredGamesSimulated(
    _ lanes: [(lane: String, trace: String, bowlers: String)]
  ) async throws -> [[String: Any]] {
    #expect(try await run(["records", "games", "--store", store, "--json"], into: "games.out") == 0)
    let games = objects("games.out")
    for (user, trace, bowlers) in lanes {
      let fromStore = games.filter { $0["lane"] as? String == user }.map {
        Self.line(bowler: $0["bowler"], game: $0["game"], $0)
      }.sorted()
      let local = try await simulated(trace, bowlers: bowlers, into: "\(user)-simulate.out")
      #expect(!local.isEmpty)
      #expect(fromStore == local, "\(user): the store's games and lane simulate's")
    }
    return games
  }

  /// Expects no (lane, session, seq) twice among the records the desks printed.
  func expectNoRecordPrintedTwice(_ printed: [[String: Any]]) {
    let keys = printed.map { "\($0["lane"] ?? "") \($0["session"] ?? "") \($0["seq"] ?? "")" }
    #expect(Set(keys).count == keys.count, "a record printed twice")
  }

  /// Expects `lane records import` of each lane's journal (`LANE.journal`), whose records
  /// the desk already stored, to add nothing.
  func expectImportAddsNothing(lanes: [String]) async throws {
    for user in lanes {
      let status = try await run(
        ["records", "import", "--store", store, "--lane", user, broker.folder + "/\(user).journal"],
        into: "\(user)-import.out")
      #expect(status == 0, "\(output("\(user)-import.out"))")
      #expect(output("\(user)-import.out").contains(": 0 new of "), "\(output("\(user)-import.out"))")
    }
  }
}
