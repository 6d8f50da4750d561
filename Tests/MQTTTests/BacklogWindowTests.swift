import Centre
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(
  "A lane's backlog over a lossy link (network namespaces): paced by the desk's acknowledgements",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason),
  .enabled(if: NetworkNamespacePair.canRun, NetworkNamespacePair.skipReason),
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mosquitto_sub") || TestBroker.isCI,
    "Needs mosquitto_sub (Debian package mosquitto-clients: scripts/install-packages test)"))
struct BacklogWindowTests: DeskStoreFixture {
  let namespaces: NetworkNamespacePair
  let broker: TestBroker
  let lane: String

  /// The desk and the observer run beside the broker, as on the desk PC; the lane's link
  /// drops packets and is cut off.
  var deskLauncher: [String] { namespaces.launcher(in: .broker) }

  /// Given two network namespaces joined by a veth pair, mosquitto in the broker's (run
  /// with deploy/centre/, users desk and lane1), and the built lane.
  init() throws {
    namespaces = try NetworkNamespacePair()
    broker = try TestBroker(
      users: ["desk", "lane1"], address: NetworkNamespacePair.Side.broker.address,
      launcher: namespaces.launcher(in: .broker))
    guard let laneBinary else {
      throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
    }
    lane = laneBinary
  }

  /// What the observer saw, in the order the broker sent it: each event's seq, and each
  /// acknowledgement of the desk as the seq it acknowledges up to.
  enum Seen: Equatable {
    case event(Int)
    case ack(Int)
  }

  func seen() -> [Seen] {
    output("observer.out").split(separator: "\n").compactMap { line in
      guard let space = line.firstIndex(of: " "),
        let object = try? JSONSerialization.jsonObject(with: Data(line[line.index(after: space)...].utf8))
          as? [String: Any]
      else { return nil }
      if line[..<space].hasSuffix("/ack") {
        return (object["upto"] as? Int).map(Seen.ack)
      }
      return (object["seq"] as? Int).map(Seen.event)
    }
  }

  /// How far past the latest acknowledgement seen before it each event seen was.
  static func furthestAhead(_ seen: [Seen]) -> [Int] {
    var latest = 0
    return seen.compactMap { item in
      switch item {
      case .ack(let upto):
        latest = max(latest, upto)
        return nil
      case .event(let seq):
        return seq - latest
      }
    }
  }

  @Test("When a lane with 133 records unacknowledged connects while the desk is frozen, and over a link that drops 20 % of packets each way is cut off mid-backlog, then it never has more than its window of 32 out past the desk's acknowledgement, and the desk stores every record once")
  func pacedBacklog() async throws {
    // Given a journal of 133 records in one session, bowled without a broker (four
    // replays of a two-game trace), so that the desk has none of them.
    let journal = broker.folder + "/lane1.journal"
    let trace = BundledTrace(name: "two-games-held-out").path
    for round in 1...4 {
      #expect(try await run(["simulate", "--journal", journal, "--bowlers", "Ana,Ben", trace], into: "local\(round).out") == 0)
    }
    let records = recordCount(ofJournal: output("lane1.journal"))
    try #require(records == 133, "\(output("local1.out"))")
    // And the desk with its store, and an observer (mosquitto_sub as the desk's user)
    // printing the lane's events and the desk's acknowledgements as the broker sends them.
    let desk = try await startDesk(into: "desk.out")
    defer { desk.stop() }
    let password = try broker.credentials("desk").password
    let observe = namespaces.launcher(in: .broker) + [
      "/usr/bin/mosquitto_sub", "-h", broker.address, "-p", String(broker.port), "-u", "desk", "-P", password,
      "-i", "observer", "-q", "1", "-v", "-t", "lanebridge/v1/lanes/lane1/events", "-t", "lanebridge/v1/lanes/lane1/ack",
    ]
    let observer = try ChildProcess(observe[0], Array(observe.dropFirst()), outputFile: broker.folder + "/observer.out")
    defer { observer.stop() }
    #expect(await broker.waitForLog("as observer", within: .seconds(30)), "\(broker.log.suffix(2000))")

    // When the desk is frozen (SIGSTOP), so that it acknowledges nothing, and the lane, with
    // a standing rack for an hour to replay (nothing new to bowl), is started meanwhile: it
    // learns from the broker's retained status that the desk is online, and a lane
    // publishing its whole backlog at once would be past its window within seconds. The
    // desk is let go after 8 s (well within the broker's 15 s keepalive: it stays online),
    // or once the lane is 5 past its window.
    let window = LaneLinkMachine.Timing().window
    let idle = broker.folder + "/idle.trace"
    try "0.000000 pins 1111111111\n3600.000000 pins 1111111111\n".write(toFile: idle, atomically: false, encoding: .utf8)
    let command = namespaces.launcher(in: .lanes) + [
      lane, "simulate", "--broker", url, "--mqtt-credentials", credentials("lane1"), "--journal", journal,
      "--bowlers", "Ana,Ben", "--speed", "1", idle,
    ]
    desk.signal(SIGSTOP)
    let bowling = try ChildProcess(command[0], Array(command.dropFirst()), outputFile: broker.folder + "/lane1.out")
    defer { bowling.stop() }
    _ = await eventually(within: .seconds(8)) { (Self.furthestAhead(seen()).max() ?? 0) > window + 4 }
    desk.signal(SIGCONT)
    #expect(
      await eventually(within: .seconds(60)) { broker.log.contains(" as lane1-") },
      "the lane never connected; it wrote:\n\(output("lane1.out").suffix(2000))")
    // And the lane's link then drops 20 % of the packets each way.
    try namespaces.dropRandomly(0.2, in: .lanes)
    // And it is cut off, once the desk has some of the backlog, until the broker drops it
    // for its silence, so that it connects again and publishes what the desk has not
    // acknowledged.
    let acknowledged = { seen().compactMap { if case .ack(let upto) = $0 { upto } else { nil } }.max() ?? 0 }
    #expect(
      await eventually(within: .seconds(120)) { acknowledged() >= 10 },
      "the desk acknowledged nothing; the lane wrote:\n\(output("lane1.out").suffix(2000))")
    try namespaces.partition(.lanes)
    #expect(
      await eventually(within: .seconds(60)) {
        broker.log.split(separator: "\n").contains {
          $0.contains("Client lane1-") && $0.hasSuffix("has exceeded timeout, disconnecting.")
        }
      }, "the broker never timed the lane out while it was cut off:\n\(broker.log.suffix(3000))")
    try namespaces.heal(.lanes)

    // Then the desk acknowledges every record, and has stored each once.
    #expect(
      await eventually(within: .seconds(180)) { acknowledged() == records },
      "acknowledged up to \(acknowledged()) of \(records); the lane wrote:\n\(output("lane1.out").suffix(2000))")
    #expect(stored().count == records)
    #expect(Set(stored()).count == records)
    // And no event went out more than the window past the acknowledgement the broker had
    // sent before it (the lane's own can only be older: the desk stayed online throughout).
    #expect(
      !broker.log.split(separator: "\n").contains {
        $0.contains("Client desk-") && $0.hasSuffix("has exceeded timeout, disconnecting.")
      }, "the broker dropped the frozen desk, so the lane rightly stopped pacing:\n\(broker.log.suffix(3000))")
    let ahead = Self.furthestAhead(seen())
    #expect(ahead.allSatisfy { $0 <= window }, "events beyond the window of \(window): \(ahead.filter { $0 > window })")
    // And the lane did publish more than a window in all, and connected more than once.
    #expect(seen().count { if case .event = $0 { true } else { false } } > window)
    #expect(
      broker.log.split(separator: "\n").count { $0.contains("New client connected from ") && $0.contains(" as lane1-") } > 1,
      "\(broker.log.suffix(3000))")
  }
}
