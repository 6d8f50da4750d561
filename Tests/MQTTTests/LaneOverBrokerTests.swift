import Centre
import CentreLink
import Foundation
import MQTT
import TestSupport
import Testing
import WebBoard

#if canImport(Glibc)
  import Glibc
#endif

/// The built `lane` (``BuiltProduct/lane``).
let laneBinary = try? BuiltProduct.lane

let traces = TestBroker.deployFolder.deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Hardware/traces")

/// One game, one bowler, no warnings.
private let gameTrace = traces.appendingPathComponent("string-pinsetter-game.trace").path
/// Two games with warnings, long enough to stop the lane or the broker in the middle.
let longTrace = traces.appendingPathComponent("two-games-held-out.trace").path

@Suite(
  "lane simulate --broker and lane desk against a real mosquitto run with deploy/centre/",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct LaneOverBrokerTests {
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

  var url: String { "mqtt://127.0.0.1:\(broker.port)" }

  func credentials(_ user: String) -> String { broker.folder + "/\(user).credentials" }

  /// Starts `lane desk --json`, its output (stdout and stderr) into `file`.
  func startDesk(into file: String) async throws -> ChildProcess {
    let subscriptions = { broker.log.components(separatedBy: "lanebridge/v1/lanes/+/events").count - 1 }
    let before = subscriptions()
    let desk = try ChildProcess(
      lane, ["desk", "--broker", url, "--mqtt-credentials", credentials("desk"), "--json"],
      outputFile: broker.folder + "/" + file)
    // The desk is up once it subscribed to events (its online status follows at once); a
    // desk started before has its own subscription in the log.
    #expect(await eventually(within: .seconds(30)) { subscriptions() > before })
    return desk
  }

  /// Starts `lane simulate --broker` for `user`; its output into `file`.
  func startLane(
    _ user: String, _ extra: [String], trace: String, into file: String
  ) throws -> ChildProcess {
    try ChildProcess(
      lane,
      ["simulate", "--broker", url, "--mqtt-credentials", credentials(user)] + extra + [trace],
      outputFile: broker.folder + "/" + file)
  }

  /// The events the desk printed for `lane`, in order, from its output files.
  func deskEvents(_ files: [String], lane: String) -> [[String: Any]] {
    files.flatMap { file -> [[String: Any]] in
      let text = (try? String(contentsOfFile: broker.folder + "/" + file, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("{"),
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          object["lane"] as? String == lane
        else { return nil }
        return object
      }
    }
  }

  /// What a process the test started wrote, for a failure's message.
  func output(_ file: String) -> String {
    (try? String(contentsOfFile: broker.folder + "/" + file, encoding: .utf8)) ?? ""
  }

  func journalRecords(_ name: String) -> Int {
    let text = (try? String(contentsOfFile: broker.folder + "/" + name, encoding: .utf8)) ?? ""
    return recordCount(ofJournal: text)
  }

  /// The long trace kept open an hour after its last delivery (``BundledTrace/keptOpen(_:)``):
  /// a lane replaying it is still running at each step of a test however loaded the machine,
  /// and is ended by ``stopOnceBowled(_:)``.
  func keptOpenLongTrace() throws -> String {
    try BundledTrace(name: "two-games-held-out").keptOpen(in: broker.folder)
  }

  /// Stops `lane`, replaying ``keptOpenLongTrace()`` into `lane1.journal`, once the journal
  /// and its closed sessions hold each of the trace's throws and the desk printed (into
  /// `deskFiles`, with the desks before it) as many of lane1's events as they hold records:
  /// its exit status (0: it stopped cleanly).
  ///
  /// It waits for the desk first because a lane's stop waits for acknowledgements only so
  /// long (10 s), and a lane whose broker came back retries after 1, 2, 4, 8... s.
  func stopOnceBowled(_ lane: ChildProcess, deskFiles: [String]) async throws -> Int32? {
    let trace = BundledTrace(name: "two-games-held-out")
    let journal = broker.folder + "/lane1.journal"
    _ = try trace.isBowled(intoJournalAt: journal)  // a malformed .expected file throws here, at once
    #expect(await eventually(within: .seconds(120)) { (try? trace.isBowled(intoJournalAt: journal)) == true })
    #expect(
      await eventually(within: .seconds(120)) { deskEvents(deskFiles, lane: "lane1").count >= allRecords(journal) },
      "the desk printed \(deskEvents(deskFiles, lane: "lane1").count) of \(allRecords(journal)) records")
    #expect(lane.isRunning, "the lane ended by itself: \(output("lane1.out").suffix(1000))")
    return await lane.stopped(within: .seconds(30))
  }

  /// Every seq from 1 to `count` exactly once, in order.
  func expectExactlyOnce(_ events: [[String: Any]], count: Int, _ comment: Comment) {
    let seqs = events.compactMap { $0["seq"] as? Int }
    #expect(count > 1)
    #expect(seqs == Array(1...max(1, count)), comment)
  }

  @Test("When a lane plays a game over the broker while lane desk shows its overview and lane desk --lane its detail board, then the overview's line and the board end as lane simulate's game, and both stop cleanly")
  func deskOverviewAndDetailBoard() async throws {
    let overview = try ChildProcess(
      lane, ["desk", "--broker", url, "--mqtt-credentials", credentials("desk")],
      outputFile: broker.folder + "/overview.out")
    defer { overview.stop() }
    let detail = try ChildProcess(
      lane, ["desk", "--broker", url, "--mqtt-credentials", credentials("desk"), "--lane", "lane1"],
      outputFile: broker.folder + "/detail.out")
    defer { detail.stop() }
    #expect(await broker.waitForLog("lanebridge/v1/lanes/+/events", within: .seconds(30)))
    #expect(await broker.waitForLog("lanebridge/v1/lanes/lane1/events", within: .seconds(30)))
    let lane1 = try startLane("lane1", ["--journal", broker.folder + "/lane1.journal"], trace: gameTrace, into: "lane1.out")
    #expect(await lane1.exited() == 0)

    // The lane's own board: lane simulate's last scoreboard, from its top border to "Total …".
    let local = try ChildProcess(lane, ["simulate", gameTrace], outputFile: broker.folder + "/local.out")
    #expect(await local.exited() == 0)
    let lines = output("local.out").split(separator: "\n", omittingEmptySubsequences: false)
    let total = try #require(lines.lastIndex { $0.hasPrefix("Total ") })
    let board = lines[(total - 6)...total].joined(separator: "\n")
    #expect(board.hasPrefix("+-----"))

    let lastScreen = { output("detail.out").components(separatedBy: DeskDetail.clearScreen).last ?? "" }
    #expect(
      await eventually(within: .seconds(20)) { lastScreen().contains(board) },
      "the viewer drew: \(lastScreen()); lane simulate's board: \(board)")
    #expect(lastScreen().hasPrefix("lane lane1: "))
    // The overview, into a file (a log): lane1's line each time it changed, the last with
    // its one bowler's game 1, frame 10, 171; never a redrawn screen.
    let lane1Lines = { output("overview.out").split(separator: "\n").filter { $0.hasPrefix("lane1 ") } }
    #expect(
      await eventually(within: .seconds(20)) { lane1Lines().last?.contains("bowler g1 f10 171") == true },
      "the desk wrote: \(output("overview.out").suffix(1000))")
    #expect(!output("overview.out").contains(DeskOverview.clearScreen))
    #expect(zip(lane1Lines(), lane1Lines().dropFirst()).allSatisfy { $0 != $1 }, "a line printed twice in a row")
    for (viewer, file) in [(detail, "detail.out"), (overview, "overview.out")] {
      viewer.stop()
      #expect(await viewer.exited() == 0, "\(output(file).suffix(500))")
    }
  }

  @Test("When a lane plays a game over the broker, then the desk prints each journal record once and the throws match lane simulate --json")
  func gameMatchesSimulate() async throws {
    let desk = try await startDesk(into: "desk.out")
    let lane1 = try startLane("lane1", ["--journal", broker.folder + "/lane1.journal"], trace: gameTrace, into: "lane1.out")
    #expect(await lane1.exited() == 0)
    let records = journalRecords("lane1.journal")
    #expect(await eventually { deskEvents(["desk.out"], lane: "lane1").count >= records })
    desk.stop()
    let events = deskEvents(["desk.out"], lane: "lane1")
    expectExactlyOnce(events, count: records, "desk output: \(events)")

    // Then: the pins of each published throw are the rolls lane simulate --json scores.
    let local = try ChildProcess(lane, ["simulate", "--json", gameTrace], outputFile: broker.folder + "/local.json")
    #expect(await local.exited() == 0)
    let report = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: broker.folder + "/local.json"))) as? [String: Any]
    let games = report?["games"] as? [[String: Any]] ?? []
    let rolls = games.flatMap { ($0["frames"] as? [[String: Any]] ?? []).flatMap { $0["rolls"] as? [Int] ?? [] } }
    let published = events.filter { $0["type"] as? String == "throw" }.map { event -> Int in
      let record = event["record"] as? [String: Any] ?? [:]
      return record["foul"] as? Bool == true ? 0 : (record["knocked"] as? [Int] ?? []).count
    }
    #expect(!rolls.isEmpty)
    #expect(published == rolls)
  }

  @Test("When the lane is killed with -9 mid-game and started again, then the desk has each journal record exactly once")
  func laneKilledAndRestarted() async throws {
    let desk = try await startDesk(into: "desk.out")
    let journal = ["--journal", broker.folder + "/lane1.journal"]
    let first = try startLane("lane1", journal + ["--speed", "50"], trace: longTrace, into: "lane1.out")
    #expect(await eventually { journalRecords("lane1.journal") >= 4 })
    first.stop(signal: SIGKILL)
    let second = try startLane("lane1", journal, trace: longTrace, into: "lane1.out")
    #expect(await second.exited() == 0)
    let records = journalRecords("lane1.journal")
    #expect(await eventually { deskEvents(["desk.out"], lane: "lane1").count >= records })
    try? await Task.sleep(for: .milliseconds(300))  // a duplicate would come now
    desk.stop()
    expectExactlyOnce(deskEvents(["desk.out"], lane: "lane1"), count: records, "lane1's records")
  }

  @Test("When the broker is stopped mid-game and restarted with its persistence, then the lane scores on and the desk has each journal record exactly once")
  func brokerRestarted() async throws {
    let desk = try await startDesk(into: "desk.out")
    let lane1 = try startLane(
      // Kept open, the lane is still running after the broker is back (its client retries
      // after 1, 2, 4, 8... s), however loaded the machine.
      "lane1", ["--journal", broker.folder + "/lane1.journal", "--speed", "25"], trace: try keptOpenLongTrace(),
      into: "lane1.out")
    #expect(await eventually { journalRecords("lane1.journal") >= 3 })
    broker.stop()
    let recordsWhileDown = journalRecords("lane1.journal")
    try await Task.sleep(for: .seconds(2))
    // Then the lane kept scoring without the broker.
    #expect(journalRecords("lane1.journal") > recordsWhileDown)
    try broker.restart()
    #expect(try await stopOnceBowled(lane1, deskFiles: ["desk.out"]) == 0)
    let records = journalRecords("lane1.journal")
    #expect(await eventually(within: .seconds(20)) { deskEvents(["desk.out"], lane: "lane1").count >= records })
    desk.stop()
    expectExactlyOnce(
      deskEvents(["desk.out"], lane: "lane1"), count: records,
      "lane1's records; the lane wrote: \(output("lane1.out").suffix(2000))")
  }

  @Test("When the desk is restarted mid-session, then the two desks together print each journal record exactly once")
  func deskRestarted() async throws {
    let first = try await startDesk(into: "desk1.out")
    let lane1 = try startLane(
      "lane1", ["--journal", broker.folder + "/lane1.journal", "--speed", "25"], trace: try keptOpenLongTrace(),
      into: "lane1.out")
    #expect(await eventually { deskEvents(["desk1.out"], lane: "lane1").count >= 4 })
    first.stop()
    try await Task.sleep(for: .milliseconds(500))
    let second = try await startDesk(into: "desk2.out")
    // The second desk takes the session up where the first left it.
    #expect(await eventually(within: .seconds(60)) { !deskEvents(["desk2.out"], lane: "lane1").isEmpty })
    #expect(lane1.isRunning, "the lane ended by itself: \(output("lane1.out").suffix(1000))")
    // Stopped, the lane waits up to 10 s for the desk to acknowledge what it has not.
    #expect(lane1.stop(within: .seconds(30)) == 0)
    let records = journalRecords("lane1.journal")
    #expect(await eventually(within: .seconds(20)) {
      deskEvents(["desk1.out", "desk2.out"], lane: "lane1").count >= records
    })
    try? await Task.sleep(for: .milliseconds(300))
    second.stop()
    expectExactlyOnce(
      deskEvents(["desk1.out", "desk2.out"], lane: "lane1"), count: records,
      "both desks' output; desk1 printed \(deskEvents(["desk1.out"], lane: "lane1").count); the lane wrote: \(output("lane1.out").suffix(2000))")
  }

  @Test("When lane1 publishes as lane2, then the broker refuses it (135), the lane says so and the desk prints nothing of lane2")
  func publishingAsAnotherLane() async throws {
    let desk = try await startDesk(into: "desk.out")
    let lane1 = try startLane("lane1", ["--lane", "lane2"], trace: gameTrace, into: "lane1.out")
    #expect(await lane1.exited() == 0)
    desk.stop()
    let output = try String(contentsOfFile: broker.folder + "/lane1.out", encoding: .utf8)
    #expect(output.contains("the broker answered 135 (Not authorized)"))
    #expect(deskEvents(["desk.out"], lane: "lane2").isEmpty)
  }

  @Test("When the desk corrects the last throw with a request id, then the lane journals it once, replies, and answers a repeat from the journal")
  func deskCorrection() async throws {
    let journal = broker.folder + "/lane1.journal"
    // Given lane1 bowling, and open to requests until stopped, however late they come.
    let trace = try BundledTrace(name: "two-games-held-out").keptOpen(in: broker.folder)
    let lane1 = try startLane("lane1", ["--journal", journal, "--speed", "5"], trace: trace, into: "lane1.out")
    defer { lane1.stop() }
    #expect(await eventually { journalRecords("lane1.journal") >= 2 })
    func correct(_ what: String, id: String, into file: String) async throws -> (Int32?, String) {
      try await deskRequest(["--correct", what, "--request-id", id], into: file)
    }
    // When the desk asks for an undo as request r-1.
    let (status, reply) = try await correct("undo", id: "r-1", into: "first.out")
    #expect(status == 0, "\(reply)")
    #expect(reply.contains("lane1 r-1: corrected (record"), "\(reply)")
    // And asks again with the same id.
    let (again, repeated) = try await correct("undo", id: "r-1", into: "again.out")
    #expect(again == 0, "\(repeated)")
    #expect(repeated.contains("already done as record"), "\(repeated)")
    // Then the journal holds the correction once, with who asked.
    let text = try String(contentsOfFile: journal, encoding: .utf8)
    #expect(text.components(separatedBy: "\"by\":\"desk/r-1\"").count - 1 == 1)
    // And a correction that is not one is refused before it is sent.
    let (bad, _) = try await correct("pins:11", id: "r-2", into: "bad.out")
    #expect(bad == 64)
  }

  @Test("When the credentials are wrong, then lane simulate says so and exits 77 without scoring", .holdsAThread)
  func badCredentials() throws {
    let wrong = broker.folder + "/wrong.credentials"
    try "user=lane1\npassword=not-it\n".write(toFile: wrong, atomically: false, encoding: .utf8)
    chmod(wrong, 0o600)
    let lane1 = try ChildProcess(
      lane, ["simulate", "--broker", url, "--mqtt-credentials", wrong, gameTrace],
      outputFile: broker.folder + "/lane1.out")
    #expect(lane1.waitForExit() == 77)
    let output = try String(contentsOfFile: broker.folder + "/lane1.out", encoding: .utf8)
    #expect(output.contains("Check the user name and password in the lane's credentials file"))
  }

  @Test("When the credentials file is readable by everyone, then lane simulate refuses it and exits 64", .holdsAThread)
  func worldReadableCredentials() throws {
    chmod(credentials("lane1"), 0o644)
    let lane1 = try ChildProcess(
      lane, ["simulate", "--broker", url, "--mqtt-credentials", credentials("lane1"), gameTrace],
      outputFile: broker.folder + "/lane1.out")
    #expect(lane1.waitForExit() == 64)
    let output = try String(contentsOfFile: broker.folder + "/lane1.out", encoding: .utf8)
    #expect(output.contains("is readable by every user of this machine"))
  }

  @Test("When the ball detector worked and then misses three deliveries in a row, then the lane's retained status says so, with its version and last seq")
  func healthFaultReachesTheDesk() async throws {
    // Given a desk-side subscriber to every lane's status, and a trace whose first
    // delivery fires the ball detector and whose next three do not.
    let desk = try await broker.connectedClient("desk")
    let log = MessageLog(desk)
    try await desk.subscribe(to: "lanebridge/v1/lanes/+/status")
    let trace = broker.folder + "/no-ball.trace"
    try """
      0.000000 pins 1111111111
      1.000000 ball
      1.100000 pin1 down
      6.000000 pin1 up
      10.000000 pin2 down
      16.000000 pin2 up
      20.000000 pin3 down
      26.000000 pin3 up
      30.000000 pin4 down
      36.000000 pin4 up

      """.write(toFile: trace, atomically: false, encoding: .utf8)

    // When lane1 replays it over the broker.
    let lane1 = try startLane("lane1", [], trace: trace, into: "lane1.out")
    #expect(await lane1.exited() == 0, "\(output("lane1.out"))")

    // Then one of its online statuses names the fault, and stderr does too.
    let faulty = await log.first { message in
      guard case .status(let status)? = try? CentreMessage.decode(
        topic: message.topic, payload: message.payload)
      else { return false }
      return status.faults?.contains { $0.contains("ball detector missed") } == true
    }
    let status: Payload.Status? =
      if let faulty, case .status(let status)? = try? CentreMessage.decode(
        topic: faulty.topic, payload: faulty.payload) { status } else { nil }
    #expect(status?.state == .online, "statuses: \(log.all.map { String(decoding: $0.payload, as: UTF8.self) })")
    #expect(status?.version == SoftwareVersion.current)
    #expect((status?.lastSeq ?? 0) >= 4)
    #expect(output("lane1.out").contains("ball detector missed"))
  }
}

@Suite(
  "lane simulate and lane desk over mqtts:// with the recipe's CA",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct LaneOverTLSTests {
  @Test("When lane and desk connect with mqtts:// and --cafile, then the desk prints each journal record once; without the CA file the lane exits 64")
  func gameOverTLS() async throws {
    let broker = try TestBroker(tls: true)
    guard let lane = laneBinary, let tlsPort = broker.tlsPort else {
      throw TestBroker.Failure(description: "the built lane or the TLS listener is missing")
    }
    let url = "mqtts://localhost:\(tlsPort)"
    let ca = broker.folder + "/ca.crt"
    try await expectGameExactlyOnce(
      broker: broker, lane: lane,
      desk: ["--broker", url, "--cafile", ca, "--mqtt-credentials", broker.folder + "/desk.credentials"],
      lane1: ["--broker", url, "--cafile", ca, "--mqtt-credentials", broker.folder + "/lane1.credentials"])

    let noCA = try ChildProcess(
      lane,
      ["simulate", "--broker", url, "--mqtt-credentials", broker.folder + "/lane1.credentials", gameTrace],
      outputFile: broker.folder + "/noca.out")
    #expect(await noCA.exited() == 64)
  }
}

@Suite(
  "lane simulate and lane desk with client certificates (mutual TLS)",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct LaneOverMutualTLSTests {
  @Test("When lane and desk show certificates from make-certs.sh --client, then the desk prints each journal record once; a lane without one exits 78 naming --certfile")
  func gameOverMutualTLS() async throws {
    let broker = try TestBroker(tls: true)
    guard let lane = laneBinary, let port = broker.mutualTLSPort else {
      throw TestBroker.Failure(description: "the built lane or the mutual-TLS listener is missing")
    }
    let url = "mqtts://localhost:\(port)"
    let ca = broker.folder + "/ca.crt"
    func certificate(_ user: String) -> [String] {
      ["--certfile", broker.folder + "/\(user).crt", "--keyfile", broker.folder + "/\(user).key"]
    }
    try await expectGameExactlyOnce(
      broker: broker, lane: lane,
      desk: ["--broker", url, "--cafile", ca] + certificate("desk"),
      lane1: ["--broker", url, "--cafile", ca, "--lane", "lane1"] + certificate("lane1"))

    let noCertificate = try ChildProcess(
      lane, ["simulate", "--broker", url, "--cafile", ca, "--lane", "lane1", gameTrace],
      outputFile: broker.folder + "/nocert.out")
    #expect(await noCertificate.exited() == 78, "\(String(describing: try? String(contentsOfFile: broker.folder + "/nocert.out", encoding: .utf8)))")
    let output = try String(contentsOfFile: broker.folder + "/nocert.out", encoding: .utf8)
    #expect(output.contains("--certfile"), "\(output)")

    let keyOnly = try ChildProcess(
      lane,
      ["simulate", "--broker", url, "--cafile", ca, "--lane", "lane1",
       "--keyfile", broker.folder + "/lane1.key", gameTrace],
      outputFile: broker.folder + "/keyonly.out")
    #expect(await keyOnly.exited() == 64)
  }
}

/// Given `lane desk --json` and lane1 reaching the broker with these options, when lane1
/// replays the game trace into its journal, then the desk prints each of the journal's
/// records once, in seq order.
func expectGameExactlyOnce(
  broker: TestBroker, lane: String, desk deskOptions: [String], lane1 laneOptions: [String]
) async throws {
  let desk = try ChildProcess(
    lane, ["desk"] + deskOptions + ["--json"], outputFile: broker.folder + "/desk.out")
  #expect(await broker.waitForLog("lanebridge/v1/lanes/+/events"))
  let lane1 = try ChildProcess(
    lane, ["simulate"] + laneOptions + ["--journal", broker.folder + "/lane1.journal", gameTrace],
    outputFile: broker.folder + "/lane1.out")
  #expect(await lane1.exited() == 0)
  let journal = try String(contentsOfFile: broker.folder + "/lane1.journal", encoding: .utf8)
  let records = recordCount(ofJournal: journal)
  func seqs() -> [Int] {
    let text = (try? String(contentsOfFile: broker.folder + "/desk.out", encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("{"),
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      else { return nil }
      return object["seq"] as? Int
    }
  }
  #expect(await eventually { seqs().count >= records })
  desk.stop()
  #expect(records > 1)
  #expect(seqs() == Array(1...max(1, records)))
}

/// The records in a journal's text: one a line, after the file's header line
/// (docs/operations.md).
func recordCount(ofJournal text: String) -> Int {
  text.split(separator: "\n").filter { !$0.hasPrefix("lanebridge-journal ") }.count
}
