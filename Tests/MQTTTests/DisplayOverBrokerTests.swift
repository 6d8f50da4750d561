import Centre
import CentreLink
import Foundation
import InMemoryLogging
import Logging
import MQTT
import TestSupport
import Testing

/// A display's broker user (`display` and a kiosk's, each added by add-user.sh with
/// grant.sh's display rights) against a real mosquitto and a real lane: it reads every lane and asks
/// for resends on `…/display-requests`, and nothing else (docs/centre.md, "Security").
@Suite(
  "A display's broker credentials against a real mosquitto run with deploy/centre/",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct DisplayOverBrokerTests {
  let broker: TestBroker
  let lane: String
  let lane1 = try! LaneID("lane1")

  /// Given a broker with the users desk and lane1, the displays `display` (the desk PC's)
  /// and `kiosk7` (a kiosk's), and the built lane.
  init() throws {
    broker = try TestBroker(users: ["desk", "lane1"], displays: ["display", "kiosk7"])
    guard let laneBinary else {
      throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
    }
    lane = laneBinary
  }

  var url: String { "mqtt://127.0.0.1:\(broker.port)" }

  func credentials(_ user: String) -> String { broker.folder + "/\(user).credentials" }

  func output(_ file: String) -> String {
    (try? String(contentsOfFile: broker.folder + "/" + file, encoding: .utf8)) ?? ""
  }

  /// Starts `lane simulate --broker` as lane1 on the long trace at 5 times its speed, with
  /// a journal; its output into lane1.out.
  /// lane1 replaying two games at five times their pace, then staying open until stopped.
  func startLane1() throws -> ChildProcess {
    try ChildProcess(
      lane,
      ["simulate", "--broker", url, "--mqtt-credentials", credentials("lane1"),
       "--journal", broker.folder + "/lane1.journal", "--speed", "5",
       try BundledTrace(name: "two-games-held-out").keptOpen(in: broker.folder)],
      outputFile: broker.folder + "/lane1.out")
  }

  @Test(
    "When a display publishes a command, even a resend, or an acknowledgement on a lane's topics, or writes as the lane or the desk, then the broker refuses each with 135 and the lane receives none",
    arguments: ["display", "kiosk7"])
  func refusedBeyondDisplayRequests(display: String) async throws {
    // Given lane1 listening on everything a lane reads.
    let laneClient = try await broker.connectedClient("lane1")
    let heard = MessageLog(laneClient)
    for topic in [Topic.commands(lane1), .ack(lane1), .displayRequests(lane1)] {
      try await laneClient.subscribe(to: topic.name)
    }
    let client = try await broker.connectedClient(display)
    let forged: [(Topic, [UInt8], retain: Bool)] = [
      (.commands(lane1), try CentreMessage.encode(Payload.Command(id: "f-1", action: .correct, correction: .undo)), false),
      (.commands(lane1), try CentreMessage.encode(Payload.Command(id: "f-2", action: .endSession)), false),
      (.commands(lane1), try CentreMessage.encode(Payload.Command(id: "f-3", action: .resend, from: 1)), false),
      (.ack(lane1), try CentreMessage.encode(Payload.Ack(session: "s1", upto: 999)), true),
      (.events(lane1), Array(#"{"v":1}"#.utf8), false),
      (.status(lane1), Array(#"{"v":1}"#.utf8), true),
      (.board(lane1), Array(#"{"v":1}"#.utf8), true),
      (.replies(lane1), Array(#"{"v":1}"#.utf8), false),
      (.deskStatus, try CentreMessage.encode(Payload.DeskStatus(state: .online, epoch: 1)), true),
    ]

    for (topic, payload, retain) in forged {
      let error = await #expect(throws: MQTTError.self, "\(topic)") {
        try await client.publish(payload, to: topic.name, retain: retain)
      }
      #expect(error?.problem == .refused(.notAuthorized), "\(topic): \(String(describing: error))")
    }

    // Then a resend on display-requests goes through, and is the first thing lane1 hears.
    let resend = try CentreMessage.encode(
      Payload.Command(id: "d-1", action: .resend, from: 1, session: "s1"))
    let reason = try await client.publish(resend, to: Topic.displayRequests(lane1).name)
    #expect(!reason.isFailure)
    #expect(await heard.first(on: Topic.displayRequests(lane1).name) != nil)
    #expect(heard.all.map(\.topic) == [Topic.displayRequests(lane1).name])
  }

  @Test("When a display joins mid-session with its own credentials while the desk acknowledges, then the lane honours its resend and the display has the session from seq 1")
  func lateDisplayRebuildsTheSession() async throws {
    // Given the desk acknowledging, so the lane publishes nothing again by itself.
    let desk = try ChildProcess(
      lane, ["desk", "--broker", url, "--mqtt-credentials", credentials("desk"), "--json"],
      outputFile: broker.folder + "/desk.out")
    defer { desk.stop() }
    #expect(await broker.waitForLog("lanebridge/v1/lanes/+/events", within: .seconds(30)))
    let lane1Process = try startLane1()
    defer { lane1Process.stop() }
    func deskEvents() -> Int { output("desk.out").split(separator: "\n").filter { $0.hasPrefix("{") }.count }
    #expect(await eventually(within: .seconds(30)) { deskEvents() >= 5 }, "\(output("lane1.out"))")

    // When kiosk7's display link joins.
    let events = Collected<Payload.Event>()
    let logged = InMemoryLogHandler()
    let settings = try BrokerSettings(url: url, credentialsFile: credentials("kiosk7"), caFile: nil)
    let display = try DisplayLink(
      settings: settings, handlers: .init(event: events.append, status: { _ in }),
      logger: Logger(label: "test.display") { _ in logged })
    let reports = { logged.entries.map(\.message.description) }
    let running = Task { try await display.run() }
    defer { running.cancel() }

    // Then it has seq 1 onwards, each once, though seq 1 went out before it subscribed.
    let seqs = { events.all.filter { $0.lane == lane1 }.map(\.seq) }
    #expect(
      await eventually(within: .seconds(20)) { seqs().count >= 5 && seqs().first == 1 },
      "display had \(seqs()); it reported \(reports()); the lane wrote: \(output("lane1.out").suffix(2000))")
    let got = seqs()
    #expect(got == Array(1...max(1, got.count)))
    #expect(reports().isEmpty)
  }

  @Test("When a display asks on display-requests for a correction or an end of session, then the broker takes it but the lane refuses it: nothing journalled, no reply, and the lane's status says so")
  func laneRefusesAllButResend() async throws {
    // Given lane1 subscribed to its display-requests with a throw in its journal (an undo
    // the lane took would be journalled), and the desk's view of its replies and status.
    let lane1Process = try startLane1()
    defer { lane1Process.stop() }
    #expect(await broker.waitForLog("lanebridge/v1/lanes/lane1/display-requests", within: .seconds(30)))
    #expect(await eventually(within: .seconds(30)) { recordCount(ofJournal: output("lane1.journal")) >= 2 })
    let desk = try await broker.connectedClient("desk")
    let deskHears = MessageLog(desk)
    try await desk.subscribe(to: Topic.replies(lane1).name)
    try await desk.subscribe(to: Topic.status(lane1).name)
    let display = try await broker.connectedClient("kiosk7")
    func ask(_ command: Payload.Command) async throws -> ReasonCode {
      try await display.publish(CentreMessage.encode(command), to: Topic.displayRequests(lane1).name)
    }
    func reply(_ id: String, within limit: Duration) async -> Payload.Reply? {
      let message = await deskHears.first(within: limit) { message in
        guard case .reply(_, let reply)? = try? CentreMessage.decode(topic: message.topic, payload: message.payload)
        else { return false }
        return reply.id == id
      }
      guard let message, case .reply(_, let reply)? = try? CentreMessage.decode(topic: message.topic, payload: message.payload)
      else { return nil }
      return reply
    }
    func statusFaults() -> [String] {
      deskHears.all.compactMap { message -> [String]? in
        guard case .status(let status)? = try? CentreMessage.decode(topic: message.topic, payload: message.payload)
        else { return nil }
        return status.faults
      }.last ?? []
    }

    // When the display asks for a resend, then the lane answers it.
    #expect(try await ask(Payload.Command(id: "d-1", action: .resend, from: 1)).isFailure == false)
    let answered = await reply("d-1", within: .seconds(20))
    #expect(answered?.ok == true, "\(output("lane1.out"))")
    #expect(answered?.message.hasPrefix("publishing session ") == true)

    // When it asks for an undo and an end of session, then the broker takes both (the
    // display may write that topic) and the lane refuses each, naming what was asked.
    #expect(try await ask(Payload.Command(id: "d-2", action: .correct, correction: .undo)).isFailure == false)
    #expect(try await ask(Payload.Command(id: "d-3", action: .endSession)).isFailure == false)
    #expect(
      await eventually(within: .seconds(20)) {
        statusFaults().contains { $0.contains("a display asked for correct") }
          && statusFaults().contains { $0.contains("a display asked for end-session") }
      }, "faults: \(statusFaults()); the lane wrote: \(output("lane1.out").suffix(2000))")
    #expect(output("lane1.out").contains("refused a message on lanebridge/v1/lanes/lane1/display-requests"))

    // Then, once the lane has stopped, neither is in its journal and neither was answered.
    #expect(lane1Process.stop() == 0)
    let journal = output("lane1.journal")
    #expect(recordCount(ofJournal: journal) > 1)
    #expect(!journal.contains("desk/d-2") && !journal.contains("desk/d-3"))
    #expect(await reply("d-2", within: .zero) == nil)
    #expect(await reply("d-3", within: .zero) == nil)
  }

  @Test("When the boards' address is taken, then lane display exits 69 and says to choose another address")
  func addressTaken() async throws {
    // Given a loopback port something else listens on.
    let taken = try SilentPort()

    let display = try ChildProcess(
      lane,
      ["display", "--broker", url, "--mqtt-credentials", credentials("display"), "--http", "127.0.0.1:\(taken.port)"],
      outputFile: broker.folder + "/display.out")
    let status = await display.exited(within: .seconds(60))

    #expect(status == 69, "\(output("display.out"))")
    #expect(output("display.out").contains("already in use; choose another address with --http"))
    withExtendedLifetime(taken) {}
  }
}
