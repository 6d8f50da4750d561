import Centre
import CentreLink
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(
  "lane desk --store against a real mosquitto: every lane's records stored exactly once",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct DeskStoreOverBrokerTests: DeskStoreFixture {
  let broker: TestBroker
  let lane: String

  /// Given a broker with the users desk, lane1 and lane2, and the built lane.
  init() throws {
    broker = try TestBroker()
    guard let laneBinary else {
      throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
    }
    lane = laneBinary
  }

  var backup: String { broker.folder + "/backup.store" }

  @Test("When two lanes play while the desk with --store is killed with -9 three times during ingest and restarted, then the store holds every (lane, session, seq) exactly once, importing the journals adds nothing, and lane records games matches lane simulate --json")
  func deskKilledDuringIngest() async throws {
    // Given a desk with a store, and two lanes playing, each reading its trace from standard
    // input, which the test writes in four parts: the lanes are still bowling at each kill,
    // however loaded the machine, and end by themselves at their traces' end.
    var desks = [try await startDesk(into: "desk0.out")]
    let lanes = [
      ("lane1", BundledTrace(name: "two-games-held-out"), "Ana,Ben", "25"),
      ("lane2", BundledTrace(name: "string-pinsetter-game"), "Cy", "14"),
    ]
    var running: [ChildProcess] = []
    var parts: [[String]] = []
    for (user, trace, bowlers, speed) in lanes {
      running.append(
        try ChildProcess(
          lane,
          ["simulate", "--broker", url, "--mqtt-credentials", credentials(user), "--journal",
           broker.folder + "/\(user).journal", "--bowlers", bowlers, "--speed", speed, "-"],
          input: .pipe(.intoChild), output: .appending(broker.folder + "/\(user).out"),
          error: .appending(broker.folder + "/\(user).out")))
      parts.append(Self.split(try String(contentsOfFile: trace.path, encoding: .utf8), into: 4))
    }
    func feed(_ part: Int) throws {
      for (process, lanesParts) in zip(running, parts) { try process.standardInput?.write(lanesParts[part]) }
    }
    try feed(0)
    let printed = { (0..<desks.count).flatMap { objects("desk\($0).out") } }

    // When the desk is killed with -9 three times, each once it took a few more records,
    // and started again on the same store, the lanes given the next part of their traces.
    for kill in 1...3 {
      let before = printed().count
      #expect(await eventually(within: .seconds(30)) { printed().count >= before + 3 })
      desks[kill - 1].stop(signal: SIGKILL)
      desks.append(try await startDesk(into: "desk\(kill).out"))
      if kill == 2 {
        // A backup taken while the desk ingests.
        let status = try await run(["records", "backup", "--store", store, "--out", backup], into: "backup.out")
        #expect(status == 0, "\(output("backup.out"))")
      }
      try feed(kill)
    }
    for (process, (user, _, _, _)) in zip(running, lanes) {
      process.standardInput?.close()
      #expect(await process.exited() == 0, "\(output("\(user).out").suffix(2000))")
    }

    // Then the store ends with every journal record of both lanes, each exactly once.
    let records = lanes.map { recordCount(ofJournal: output("\($0.0).journal")) }
    #expect(await eventually(within: .seconds(30)) { stored().count >= records.reduce(0, +) })
    desks.last?.stop()
    let keys = expectEveryJournalRecordStoredOnce(lanes: lanes.map(\.0))
    // The backup taken during ingest opens as a store, and holds each lane's records from
    // seq 1 without a gap: every commit whole or not at all.
    let backedUp = stored(in: backup)
    #expect(!backedUp.isEmpty)
    for (user, _, _, _) in lanes {
      let seqs = backedUp.filter { $0.hasPrefix("\(user) ") }.compactMap { Int($0.split(separator: " ").last ?? "") }
      #expect(seqs == Array(1..<(seqs.count + 1)), "\(user)'s seqs in the backup")
    }
    // Importing the lanes' journals, which the desk already stored, adds nothing.
    try await expectImportAddsNothing(lanes: lanes.map(\.0))
    #expect(stored() == keys)
    // No desk printed a record twice, however it was killed.
    expectNoRecordPrintedTwice(printed())

    // And the games folded from the store are lane simulate's, game by game and frame by frame.
    let games = try await expectStoredGamesSimulated(lanes.map { ($0.0, $0.1.path, $0.2) })

    // And each bowler's average is the complete games' pins over their number, fraction dropped.
    #expect(try await run(["records", "averages", "--store", store, "--json"], into: "averages.out") == 0)
    var expected: [String: (games: Int, pins: Int)] = [:]
    for game in games where game["complete"] as? Bool == true {
      let name = game["bowler"] as? String ?? ""
      expected[name, default: (0, 0)].games += 1
      expected[name, default: (0, 0)].pins += game["total"] as? Int ?? 0
    }
    #expect(expected.keys.sorted() == ["Ana", "Ben", "Cy"])
    let averages = objects("averages.out").map {
      "\($0["bowler"] ?? "") \($0["games"] ?? "") \($0["pins"] ?? "") \($0["average"] ?? "")"
    }
    #expect(averages == expected.keys.sorted().map { name in
      let (count, pins) = expected[name] ?? (0, 0)
      return "\(name) \(count) \(pins) \(pins / max(1, count))"
    })
  }
}

extension DeskStoreOverBrokerTests {
  /// `trace`'s lines in `count` parts of about as many events each, in order, each part's
  /// lines newline-ended; the first part holds the comments before the first event.
  static func split(_ trace: String, into count: Int) -> [String] {
    let lines = trace.split(separator: "\n", omittingEmptySubsequences: false).dropLast(trace.hasSuffix("\n") ? 1 : 0)
    let size = (lines.count + count - 1) / count
    return (0..<count).map { part in
      lines.dropFirst(part * size).prefix(size).map { $0 + "\n" }.joined()
    }
  }
}

extension DeskStoreOverBrokerTests {
  @Test(
    "When another program holds the store's write lock while a lane bowls, then the desk reports each commit that failed, acknowledges none, asks the lane again, and once the lock is let go stores and prints every record once",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "Needs sqlite3 (Debian's sqlite3)"))
  func lockedStore() async throws {
    // Given the desk with its store, and sqlite3 holding the store's write lock.
    let desk = try await startDesk(into: "desk.out")
    defer { desk.stop() }
    let holder = try ChildProcess(
      "/usr/bin/sqlite3", [store], input: .pipe(.intoChild), output: .appending(broker.folder + "/sqlite3.out"),
      error: .appending(broker.folder + "/sqlite3.out"))
    defer { holder.stop() }
    try holder.standardInput?.write("BEGIN EXCLUSIVE;\nSELECT 'locked';\n")
    #expect(await eventually(within: .seconds(30)) { output("sqlite3.out").contains("locked") }, "\(output("sqlite3.out"))")

    // Then the lane's records are all stored once, after the lock is let go.
    try await expectEveryRecordOnce(inStore: store, whileFailing: "not stored, so not acknowledged") {
      try holder.standardInput?.write("COMMIT;\n.quit\n")
      #expect(await holder.exited() == 0, "\(output("sqlite3.out"))")
    }
  }

  @Test(
    "When the store's disk fills while a lane bowls, then the desk reports each commit that failed, acknowledges none, and once space is freed stores and prints every record once",
    .enabled(if: geteuid() == 0, "Needs root, to mount a small tmpfs as the full disk"))
  func fullDisk() async throws {
    // Given the desk's store on a disk of 1 MiB (a tmpfs), and a file that fills the rest.
    let disk = broker.folder + "/disk"
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
    let mount = try ChildProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk], outputFile: broker.folder + "/mount.out")
    #expect(await mount.exited() == 0, "\(output("mount.out"))")
    defer {
      if let unmount = try? ChildProcess("/bin/umount", ["--lazy", disk], outputFile: broker.folder + "/mount.out") {
        unmount.waitForExit()
      }
    }
    let store = disk + "/centre.store"
    let desk = try await startDesk(into: "desk.out", store: store)
    defer { desk.stop() }
    let fill = try ChildProcess(
      "/bin/dd", ["if=/dev/zero", "of=\(disk)/filler", "bs=4096"], outputFile: broker.folder + "/fill.out")
    _ = await fill.exited()
    #expect(output("fill.out").contains("No space left on device"), "\(output("fill.out"))")

    // Then the lane's records are all stored once, after the filler is removed.
    try await expectEveryRecordOnce(inStore: store, whileFailing: "not stored, so not acknowledged") {
      try FileManager.default.removeItem(atPath: disk + "/filler")
    }
  }

  @Test(
    "When the desk is given a new store in a read-only folder, then it exits 73 saying the file system is read-only and what to do, and creates nothing",
    .enabled(if: MountedTmpfs.canMount, MountedTmpfs.skipReason))
  func readOnlyFolder() async throws {
    // Given a folder on a read-only tmpfs.
    let disk = try MountedTmpfs("read-only", readOnly: true)
    let store = disk.path("new.sqlite")

    let status = try await run(
      ["desk", "--broker", url, "--mqtt-credentials", credentials("desk"), "--store", store, "--json"], into: "desk.out")

    #expect(status == 73, "\(output("desk.out"))")
    #expect(
      output("desk.out").contains(
        "cannot create the store \(store): Read-only file system; remount it read-write, or choose a folder on another file system"),
      "\(output("desk.out"))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
  }

  @Test(
    "When the store's folder is read-only as the desk starts while a lane bowls, then the desk exits 73 saying so and changes nothing, the lane keeps its records, and once the folder is writable a desk stores and prints every record once",
    .enabled(if: MountedTmpfs.canMount, MountedTmpfs.skipReason))
  func readOnlyStore() async throws {
    // Given a store made by a desk that then stopped, on a tmpfs remounted read-only (Linux
    // refuses that while the desk holds the store open: ReadOnlyStoreTests), and a lane
    // bowling with no desk to store its records.
    let disk = try MountedTmpfs("store-disk")
    let store = disk.path("centre.store")
    let first = try await startDesk(into: "first.out", store: store)
    #expect(first.stop() == 0, "\(output("first.out"))")
    try disk.remount(readOnly: true)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let lane1 = try startBowlingLane()
    defer { lane1.stop() }
    #expect(await eventually(within: .seconds(60)) { recordCount(ofJournal: output("lane1.journal")) >= 3 })

    // When the desk starts on the store.
    let refused = try await run(
      ["desk", "--broker", url, "--mqtt-credentials", credentials("desk"), "--store", store, "--json"],
      into: "refused.out")

    // Then it exits 73 saying what is wrong and what to do, and leaves the store as it was.
    #expect(refused == 73, "\(output("refused.out"))")
    #expect(
      output("refused.out").contains(
        "the store \(store) cannot be written: its folder \(disk.path) is on a read-only file system"
          + " (Read-only file system), and SQLite writes \(store)-wal and \(store)-shm beside the store;"
          + " remount it read-write, or copy the store to a folder that may be written and give that"),
      "\(output("refused.out"))")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["centre.store"])

    // And once the folder is writable again, a desk stores and prints every record once.
    try disk.remount(readOnly: false)
    let desk = try await startDesk(into: "desk.out", store: store)
    defer { desk.stop() }
    try await expectEveryRecordStored(by: lane1, inStore: store)
  }

  /// A lane bowls a game, paced, and stays open until stopped, while the desk's store fails
  /// every commit: the desk must report three failed commits or more (`failing`) and print
  /// nothing. Once `mend` has let the store commit again, every record of the lane's journal
  /// must be stored once and printed once, in seq order, and acknowledged to the lane.
  func expectEveryRecordOnce(
    inStore storeFile: String, whileFailing failing: String, mend: () async throws -> Void
  ) async throws {
    let lane1 = try startBowlingLane()
    defer { lane1.stop() }

    func failures() -> Int { output("desk.out").components(separatedBy: failing).count - 1 }
    #expect(await eventually(within: .seconds(120)) { failures() >= 3 }, "\(output("desk.out"))")
    #expect(objects("desk.out").isEmpty, "\(output("desk.out"))")

    try await mend()
    try await expectEveryRecordStored(by: lane1, inStore: storeFile)
  }

  /// lane1 bowling a game, paced, into its journal, open until stopped, its output in
  /// `lane1.out`.
  func startBowlingLane() throws -> ChildProcess {
    try ChildProcess(
      lane,
      ["simulate", "--broker", url, "--mqtt-credentials", credentials("lane1"), "--journal",
       broker.folder + "/lane1.journal", "--speed", "5",
       try BundledTrace(name: "string-pinsetter-game").keptOpen(in: broker.folder)],
      outputFile: broker.folder + "/lane1.out")
  }

  /// Once lane1 (``startBowlingLane()``) has bowled its game, every record of its journal
  /// must be stored once in `storeFile` and printed once by the desk (`desk.out`), in seq
  /// order, and acknowledged to the lane, which then stops having sent the desk everything.
  func expectEveryRecordStored(by lane1: ChildProcess, inStore storeFile: String) async throws {
    #expect(await eventually(within: .seconds(300)) { output("lane1.out").contains("game complete") })
    let journal = broker.folder + "/lane1.journal"
    let records = recordCount(ofJournal: output("lane1.journal"))
    #expect(records > 10)
    #expect(
      await eventually(within: .seconds(120)) {
        (try? AcknowledgementFile(besideJournal: journal).read()?.upto) ?? 0 >= records
      }, "\(output("desk.out"))")
    let seqs = objects("desk.out").compactMap { $0["seq"] as? Int }
    #expect(seqs == Array(1...max(1, records)), "\(output("desk.out"))")
    #expect(stored(in: storeFile).count == records)
    #expect(lane1.stop() == 0)
    #expect(!output("lane1.out").contains("has not acknowledged"), "\(output("lane1.out"))")
  }
}
