import Foundation
import MQTT
import TestSupport
import Testing

/// Each role's broker rights as deploy/centre/grant.sh writes them (add-user.sh runs it;
/// upgrade-acl.sh turns an older centre's pattern lines into them), against a real
/// mosquitto: only a lane publishes as a lane (docs/centre.md, "Security").
@Suite(
  "Broker rights per role, written by grant.sh, against a real mosquitto",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct RolesOverBrokerTests {
  /// A lane's own topics under `name`: what only the lane of that name may write.
  static func laneTopics(of name: String) -> [(topic: String, retain: Bool)] {
    [("events", false), ("status", true), ("board", true), ("replies", false)].map {
      ("lanebridge/v1/lanes/\(name)/\($0.0)", $0.1)
    }
  }

  /// Expects each of `user`'s publishes on a lane's topics under `name` refused with 135,
  /// and the desk, listening to every lane's topics, to hear lane1's event next and none
  /// of them.
  static func expectRefusedAsALane(_ name: String, user: String, on broker: TestBroker) async throws {
    let desk = try await broker.connectedClient("desk")
    let heard = MessageLog(desk)
    for leaf in ["events", "status", "board", "replies"] {
      try await desk.subscribe(to: "lanebridge/v1/lanes/+/\(leaf)")
    }
    let client = try await broker.connectedClient(user)

    for (topic, retain) in laneTopics(of: name) {
      let error = await #expect(throws: MQTTError.self, "\(user) on \(topic)") {
        try await client.publish(Array(#"{"v":1}"#.utf8), to: topic, retain: retain)
      }
      #expect(error?.problem == .refused(.notAuthorized), "\(topic): \(String(describing: error))")
    }

    // Then lane1's event is the first thing the desk hears.
    let lane1 = try await broker.connectedClient("lane1")
    try await lane1.publish(Array("real".utf8), to: "lanebridge/v1/lanes/lane1/events")
    #expect(await heard.first(on: "lanebridge/v1/lanes/lane1/events") != nil)
    #expect(heard.all.map(\.topic) == ["lanebridge/v1/lanes/lane1/events"])
  }

  @Suite("Given a centre made by add-user.sh: the desk, lane1, lane2 and the displays display and kiosk7")
  struct MadeCentre: DeskStoreFixture {
    let broker: TestBroker
    let lane: String

    init() throws {
      broker = try TestBroker(users: ["desk", "lane1", "lane2"], displays: ["display", "kiosk7"])
      guard let laneBinary else {
        throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
      }
      lane = laneBinary
    }

    @Test(
      "When the desk or a display publishes on the topics of a lane named after itself, then the broker refuses each with 135 and the desk hears none",
      arguments: ["desk", "display", "kiosk7"])
    func noLaneOfItsName(user: String) async throws {
      try await RolesOverBrokerTests.expectRefusedAsALane(user, user: user, on: broker)
    }

    @Test("When a lane publishes on another lane's topics, then the broker refuses each with 135")
    func laneCannotBeAnotherLane() async throws {
      try await RolesOverBrokerTests.expectRefusedAsALane("lane2", user: "lane1", on: broker)
    }

    @Test("When a display runs lane simulate on its own credentials, then the broker refuses it as a lane, and the desk and its store never have it, while lane1's game reaches both")
    func displayNeverReachesTheStore() async throws {
      // Given the desk storing every event.
      let desk = try await startDesk(into: "desk.out")
      defer { desk.stop() }
      let trace = BundledTrace(name: "string-pinsetter-game").path

      // When kiosk7 plays a game as the lane kiosk7 (its user name).
      #expect(try await run(
        ["simulate", "--broker", url, "--mqtt-credentials", credentials("kiosk7"), trace],
        into: "kiosk7.out") == 0)
      #expect(output("kiosk7.out").contains("the broker answered 135 (Not authorized)"), "\(output("kiosk7.out"))")

      // And lane1 plays the same game after it.
      #expect(try await run(
        ["simulate", "--broker", url, "--mqtt-credentials", credentials("lane1"),
         "--journal", broker.folder + "/lane1.journal", trace],
        into: "lane1.out") == 0)
      let records = recordCount(ofJournal: output("lane1.journal"))
      let printed = { objects("desk.out").filter { $0["lane"] as? String == "lane1" }.count }
      #expect(
        await eventually(within: .seconds(60)) { printed() >= records }, "\(output("desk.out").suffix(2000))")

      // Then lane1's records are at the desk and in its store, and nothing of kiosk7's.
      #expect(records > 1)
      let stored = stored()
      #expect(stored.filter { $0.hasPrefix("lane1 ") }.count == records)
      #expect(!stored.contains { $0.hasPrefix("kiosk7 ") }, "\(stored)")
      #expect(!objects("desk.out").contains { $0["lane"] as? String == "kiosk7" })
      #expect(try await run(["records", "games", "--store", store, "--json"], into: "games.out") == 0)
      #expect(objects("games.out").contains { $0["lane"] as? String == "lane1" })
      #expect(!objects("games.out").contains { $0["lane"] as? String == "kiosk7" }, "\(output("games.out"))")
    }
  }

  @Suite("Given an older centre's ACL, its lanes served by pattern lines, upgraded by upgrade-acl.sh")
  struct UpgradedCentre {
    let broker: TestBroker

    init() throws {
      broker = try TestBroker(users: ["desk", "lane1", "lane2"], displays: ["display", "kiosk7"]) { folder in
        try OlderACL.centre.write(toFile: folder + "/acl", atomically: false, encoding: .utf8)
        try TestBroker.run("/bin/bash", [OlderACL.tool("upgrade-acl.sh"), folder + "/acl", folder + "/passwd"])
      }
    }

    @Test(
      "When the desk or a display publishes on the topics of a lane named after itself, then the broker refuses each with 135",
      arguments: ["desk", "display", "kiosk7"])
    func noLaneOfItsName(user: String) async throws {
      try await RolesOverBrokerTests.expectRefusedAsALane(user, user: user, on: broker)
    }

    @Test("When a lane publishes on another lane's topics, then the broker refuses each with 135")
    func laneCannotBeAnotherLane() async throws {
      try await RolesOverBrokerTests.expectRefusedAsALane("lane2", user: "lane1", on: broker)
    }

    @Test("When lane1 publishes its events and status and the desk acknowledges and commands it, then each hears the other")
    func laneAndDeskStillWork() async throws {
      let desk = try await broker.connectedClient("desk")
      let deskHears = MessageLog(desk)
      try await desk.subscribe(to: "lanebridge/v1/lanes/+/events")
      try await desk.subscribe(to: "lanebridge/v1/lanes/+/status")
      let lane1 = try await broker.connectedClient("lane1")
      let laneHears = MessageLog(lane1)
      try await lane1.subscribe(to: "lanebridge/v1/lanes/lane1/ack")
      try await lane1.subscribe(to: "lanebridge/v1/lanes/lane1/commands")
      try await lane1.subscribe(to: "lanebridge/v1/desk/status")

      try await lane1.publish(Array("event".utf8), to: "lanebridge/v1/lanes/lane1/events")
      try await lane1.publish(Array("online".utf8), to: "lanebridge/v1/lanes/lane1/status", retain: true)
      try await desk.publish(Array("ack".utf8), to: "lanebridge/v1/lanes/lane1/ack", retain: true)
      try await desk.publish(Array("command".utf8), to: "lanebridge/v1/lanes/lane1/commands")
      try await desk.publish(Array("online".utf8), to: "lanebridge/v1/desk/status", retain: true)

      #expect(await deskHears.first(on: "lanebridge/v1/lanes/lane1/events") != nil)
      #expect(await deskHears.first(on: "lanebridge/v1/lanes/lane1/status") != nil)
      #expect(await laneHears.first(on: "lanebridge/v1/lanes/lane1/ack") != nil)
      #expect(await laneHears.first(on: "lanebridge/v1/lanes/lane1/commands") != nil)
      #expect(await laneHears.first(on: "lanebridge/v1/desk/status") != nil)
    }
  }
}

/// deploy/centre/acl before version 2, as a centre copied it, with what its admin and
/// the add-display.sh of then added: the centre ``RolesOverBrokerTests`` and
/// ``CentreToolsTests`` upgrade.
enum OlderACL {
  /// A script of deploy/centre/.
  static func tool(_ name: String) -> String {
    TestBroker.deployFolder.appendingPathComponent(name).path
  }

  /// The sample's last text before version 2.
  static let sample = """
    # Who may read and write which LaneBridge topics (mosquitto acl_file; docs/centre.md).
    # %u is the broker user name, which is the lane's name (or its certificate CN with
    # use_identity_as_username). A blanket `readwrite lanebridge/v1/lanes/%u/#` would let a
    # lane forge its own acks and commands, so every topic is listed with its direction.

    # The front desk, on the desk PC only: reads every lane, writes commands and
    # acknowledgements, and its status. It asks for resends on display-requests too when
    # `lane desk --lane ID` shows one lane's board.
    user desk
    topic read lanebridge/v1/lanes/+/status
    topic read lanebridge/v1/lanes/+/events
    topic read lanebridge/v1/lanes/+/board
    topic read lanebridge/v1/lanes/+/replies
    topic write lanebridge/v1/lanes/+/commands
    topic readwrite lanebridge/v1/lanes/+/ack
    topic readwrite lanebridge/v1/desk/status
    topic write lanebridge/v1/lanes/+/display-requests

    # A display (`lane display`: the web boards): reads every lane's status, events and board,
    # and writes only display-requests, where a lane takes nothing but a resend. No commands,
    # no acknowledgements. One user per display: deploy/centre/add-display.sh copies these
    # lines for each (user display here is the desk PC's own `lane display`).
    user display
    topic read lanebridge/v1/lanes/+/status
    topic read lanebridge/v1/lanes/+/events
    topic read lanebridge/v1/lanes/+/board
    topic write lanebridge/v1/lanes/+/display-requests

    # Every lane: writes only its own status, events, board and replies; reads only its own
    # commands, acknowledgements and display requests, and the desk's status.
    pattern write lanebridge/v1/lanes/%u/status
    pattern write lanebridge/v1/lanes/%u/events
    pattern write lanebridge/v1/lanes/%u/board
    pattern write lanebridge/v1/lanes/%u/replies
    pattern read lanebridge/v1/lanes/%u/commands
    pattern read lanebridge/v1/lanes/%u/ack
    pattern read lanebridge/v1/lanes/%u/display-requests
    pattern read lanebridge/v1/desk/status

    """

  /// What the admin and add-display.sh added to it.
  static let added = """

    # Display kiosk7 (add-display.sh): the rights of user display above.
    user kiosk7
    topic read lanebridge/v1/lanes/+/status
    topic read lanebridge/v1/lanes/+/events
    topic read lanebridge/v1/lanes/+/board
    topic write lanebridge/v1/lanes/+/display-requests

    # The office's backup reader, by hand.
    user backup
    topic read lanebridge/v1/lanes/+/events

    """

  /// A centre's ACL: the sample and what was added to it.
  static let centre = sample + added
}
