import Foundation
import TestSupport
import MQTT
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension Tag {
  /// Tests that start a real mosquitto on loopback.
  @Tag static var broker: Self
}

private let eventsOfLane1 = "lanebridge/v1/lanes/lane1/events"
private let everyLanesEvents = "lanebridge/v1/lanes/+/events"

@Suite(
  "An MQTT client against a real mosquitto run with deploy/centre/",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct BrokerTests {
  @Suite("Given a broker with the users desk, lane1 and lane2")
  struct PlainBroker {
    let broker: TestBroker

    init() throws {
      broker = try TestBroker()
    }

    @Test("When lane1 publishes an event the desk subscribes to, then the desk receives it and the PUBACK is a success")
    func roundTrip() async throws {
      let desk = try await broker.connectedClient("desk")
      let log = MessageLog(desk)
      try await desk.subscribe(to: everyLanesEvents)
      let lane = try await broker.connectedClient("lane1")

      let reason = try await lane.publish(Array(#"{"v":1,"seq":1}"#.utf8), to: eventsOfLane1)

      #expect(!reason.isFailure)
      let received = await log.first(on: eventsOfLane1)
      #expect(received?.payload == Array(#"{"v":1,"seq":1}"#.utf8))
      #expect(received?.qos == 1)
      #expect(received?.retain == false)
    }

    @Test("When lane1 publishes with nobody subscribed, then the PUBACK's reason 0x10 counts as success")
    func noSubscribers() async throws {
      let lane = try await broker.connectedClient("lane1")

      let reason = try await lane.publish(Array("x".utf8), to: eventsOfLane1)

      #expect(reason == .noMatchingSubscribers)
    }

    @Test("When lane1 publishes as lane2, then the broker refuses with reason 135, reported as a fault, and the desk sees nothing")
    func outsideTheACL() async throws {
      let desk = try await broker.connectedClient("desk")
      let log = MessageLog(desk)
      try await desk.subscribe(to: everyLanesEvents)
      let lane = try await broker.connectedClient("lane1")

      let error = await #expect(throws: MQTTError.self) {
        try await lane.publish(Array("forged".utf8), to: "lanebridge/v1/lanes/lane2/events")
      }

      #expect(error?.problem == .refused(.notAuthorized))
      #expect(error?.description.contains("ACL") == true)
      // Then a legitimate event is the first thing the desk receives.
      try await lane.publish(Array("real".utf8), to: eventsOfLane1)
      _ = await log.first(on: eventsOfLane1)
      #expect(log.all.map(\.payload) == [Array("real".utf8)])
    }

    @Test("When a lane writes its own acknowledgement topic, then the broker refuses: only the desk acknowledges")
    func laneCannotForgeItsAck() async throws {
      let lane = try await broker.connectedClient("lane1")

      let error = await #expect(throws: MQTTError.self) {
        try await lane.publish(Array("{}".utf8), to: "lanebridge/v1/lanes/lane1/ack", retain: true)
      }

      #expect(error?.problem == .refused(.notAuthorized))
    }

    @Test("When the desk acknowledges and commands lane1, then lane1 receives both on its own topics")
    func deskWritesAckAndCommands() async throws {
      let lane = try await broker.connectedClient("lane1")
      let log = MessageLog(lane)
      try await lane.subscribe(to: "lanebridge/v1/lanes/lane1/ack")
      try await lane.subscribe(to: "lanebridge/v1/lanes/lane1/commands")
      let desk = try await broker.connectedClient("desk")

      try await desk.publish(Array("ack".utf8), to: "lanebridge/v1/lanes/lane1/ack", retain: true)
      try await desk.publish(Array("command".utf8), to: "lanebridge/v1/lanes/lane1/commands")

      #expect(await log.first(on: "lanebridge/v1/lanes/lane1/ack") != nil)
      #expect(await log.first(on: "lanebridge/v1/lanes/lane1/commands") != nil)
    }

    @Test("When the broker restarts, then the client reconnects by itself and its subscription works again")
    func reconnects() async throws {
      let desk = try await broker.connectedClient("desk")
      let log = MessageLog(desk)
      try await desk.subscribe(to: everyLanesEvents)

      broker.stop()
      #expect(await eventually { !desk.isConnected })
      let offline = await #expect(throws: MQTTError.self) {
        try await desk.publish(Array("{}".utf8), to: "lanebridge/v1/lanes/lane1/ack")
      }
      #expect(offline?.problem == .notConnected)
      try broker.restart()

      #expect(await eventually(within: .seconds(30)) { desk.isConnected })
      let lane = try await broker.connectedClient("lane1")
      // The desk subscribes again as it reconnects; its SUBACK is not awaited,
      // so publish until the desk hears one.
      for _ in 0..<10 where log.all.isEmpty {
        try await lane.publish(Array("after restart".utf8), to: eventsOfLane1)
        _ = await log.first(on: eventsOfLane1, within: .milliseconds(500))
      }
      #expect(log.all.first?.payload == Array("after restart".utf8))
    }

    @Test("When the password is wrong, then connecting fails with reason 134 and says to check the credentials")
    func badCredentials() async throws {
      var configuration = try broker.configuration("lane1")
      configuration.credentials?.password = "not-the-password"
      let client = try MQTTClient(configuration)

      let error = await #expect(throws: MQTTError.self) { try await client.connect() }

      // mosquitto 2.0.11 answers 135 (not authorized); the MQTT 5 spec suggests 134.
      let refusals: [MQTTError.Problem] = [
        .refused(.badUserNameOrPassword), .refused(.notAuthorized),
      ]
      #expect(error.map { refusals.contains($0.problem) } == true)
      #expect(error?.description.contains("credentials") == true)
      #expect(!client.isConnected)
    }

    @Test("When the lane disconnects asking for its will, then the desk receives the retained offline status")
    func willOnDisconnect() async throws {
      let desk = try await broker.connectedClient("desk")
      let log = MessageLog(desk)
      try await desk.subscribe(to: "lanebridge/v1/lanes/+/status")
      let will = MQTTClient.Will(
        topic: "lanebridge/v1/lanes/lane1/status",
        payload: Array(#"{"v":1,"state":"offline","epoch":7}"#.utf8), retain: true)
      let lane = try await broker.connectedClient("lane1", will: will)

      lane.disconnect(sendingWill: true)

      let status = await log.first(on: "lanebridge/v1/lanes/lane1/status")
      #expect(status?.payload == will.payload)
    }

    @Test(
      "When a lane's client process is killed with -9, then the broker delivers its last will to the desk",
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mosquitto_sub") || TestBroker.isCI,
        "Needs mosquitto_sub (Debian package mosquitto-clients: scripts/install-packages test)"))
    func willAfterKill() async throws {
      let desk = try await broker.connectedClient("desk")
      let log = MessageLog(desk)
      try await desk.subscribe(to: "lanebridge/v1/lanes/+/status")
      let lane = try broker.credentials("lane1")
      // Given a lane process (mosquitto_sub) connected with a retained will.
      let child = try ChildProcess(
        "/usr/bin/mosquitto_sub",
        [
          "-V", "5", "-h", "127.0.0.1", "-p", String(broker.port), "-i", "lane1-child",
          "-u", lane.username, "-P", lane.password, "-t", "lanebridge/v1/lanes/lane1/commands",
          "--will-topic", "lanebridge/v1/lanes/lane1/status", "--will-qos", "1",
          "--will-retain", "--will-payload", #"{"v":1,"state":"offline","epoch":3}"#,
        ], outputFile: broker.folder + "/child.log")
      #expect(await broker.waitForLog("as lane1-child"))

      // When it is killed without a word.
      child.stop(signal: SIGKILL)

      // Then the desk hears it is offline.
      let status = await log.first(on: "lanebridge/v1/lanes/lane1/status")
      #expect(status?.payload == Array(#"{"v":1,"state":"offline","epoch":3}"#.utf8))
    }

    @Test("When a client disconnects while a publish waits for a broker that hangs, then the publish fails as connection lost, not at its timeout")
    func disconnectEndsAWaitingPublish() async throws {
      let lane = try await broker.connectedClient("lane1")  // answers wait up to 20 s
      broker.freeze()
      defer { broker.thaw() }
      let publish = Task { () -> MQTTError.Problem? in
        do throws(MQTTError) {
          try await lane.publish([1], to: eventsOfLane1)
          return nil
        } catch {
          return error.problem
        }
      }
      #expect(await eventually(within: .seconds(20)) { lane.waitingForAnswers == 1 })

      lane.disconnect()

      // A publish that ran to its timeout would fail as timed out: the problem tells them apart.
      #expect(await publish.value == MQTTError.Problem.connectionLost)
      #expect(!lane.isConnected)
    }
  }

  @Suite("Given no broker")
  struct NoBroker {
    @Test("When a client connects to a port nobody listens on, then it fails as refused (not at its timeout) with a clear error")
    func deadBroker() async throws {
      let port = try freeLoopbackPort()
      let client = try MQTTClient(
        .init(host: "127.0.0.1", port: port, clientID: "lane1-dead", timeout: .seconds(5)))

      let error = await #expect(throws: MQTTError.self) { try await client.connect() }

      #expect(error?.operation == .connect(host: "127.0.0.1", port: port))
      #expect(error?.problem == .library(code: 14, errno: ECONNREFUSED))
      #expect(error?.description.contains("is the broker running") == true)
    }

    @Test("When a client publishes before connecting, then it fails as not connected")
    func notConnected() async throws {
      let client = try MQTTClient(.init(host: "127.0.0.1", port: 1, clientID: "lane1-idle"))

      await #expect(throws: MQTTError(.publish(topic: eventsOfLane1), .notConnected)) {
        try await client.publish([1], to: eventsOfLane1)
      }
    }

    @Test("When the CA file does not exist, then configuring TLS fails naming the file")
    func missingCAFile() throws {
      let error = #expect(throws: MQTTError.self) {
        try MQTTClient(
          .init(
            host: "localhost", port: 1, clientID: "lane1-tls",
            tls: .init(caFile: "/nonexistent/ca.crt")))
      }
      #expect(error?.description.contains("/nonexistent/ca.crt") == true)
    }
  }

  @Suite("Given a broker with a TLS listener and certificates from make-certs.sh")
  struct TLSBroker {
    let broker: TestBroker

    init() throws {
      broker = try TestBroker(tls: true)
    }

    @Test("When a lane connects with the centre's CA file, then it publishes to the desk over TLS")
    func roundTrip() async throws {
      let desk = try await broker.connectedClient("desk")
      let log = MessageLog(desk)
      try await desk.subscribe(to: everyLanesEvents)
      let lane = try MQTTClient(broker.configuration("lane1", caFile: broker.folder + "/ca.crt"))
      try await lane.connect()

      try await lane.publish(Array("over tls".utf8), to: eventsOfLane1)

      #expect(await log.first(on: eventsOfLane1)?.payload == Array("over tls".utf8))
    }

    @Test("When a lane trusts another CA, then connecting fails with a TLS error")
    func wrongCA() async throws {
      let other = broker.folder + "/other"
      try TestBroker.run(
        "/bin/bash",
        [TestBroker.deployFolder.appendingPathComponent("make-certs.sh").path, other, "localhost"])
      let lane = try MQTTClient(broker.configuration("lane1", caFile: other + "/ca.crt"))

      let error = await #expect(throws: MQTTError.self) { try await lane.connect() }

      #expect(error?.operation == .connect(host: "localhost", port: broker.tlsPort ?? 0))
      // MOSQ_ERR_TLS (8): the handshake failed. A timeout would be another problem, so
      // no wall-clock bound is needed (one of 15 s failed under load at 16.2 s).
      #expect(error?.problem == .library(code: 8, errno: 0))
      #expect(error?.description.contains("CA file") == true)
      #expect(!lane.isConnected)
    }
  }

  @Suite("make-certs.sh's server certificate and key")
  struct MadeCertificates {
    @Test("When make-certs makes a server certificate, then it may serve TLS and be a client, and its key is the mosquitto group's, mode 640")
    func usageAndKey() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("make-certs-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: folder) }
      try TestBroker.run(
        "/bin/bash", [TestBroker.deployFolder.appendingPathComponent("make-certs.sh").path, folder, "desk.local"])

      let text = try TestBroker.output(
        "/usr/bin/openssl", ["x509", "-in", folder + "/server.crt", "-noout", "-ext", "extendedKeyUsage"])
      #expect(text.contains("TLS Web Server Authentication"), "\(text)")
      #expect(text.contains("TLS Web Client Authentication"), "\(text)")
      let key = try FileManager.default.attributesOfItem(atPath: folder + "/server.key")
      #expect((key[.posixPermissions] as? Int) == 0o640)
      #expect((key[.groupOwnerAccountName] as? String) == "mosquitto")
    }
  }

  @Suite("Given a broker that requires client certificates, with certificates from make-certs.sh --client")
  struct MutualTLSBroker {
    let broker: TestBroker
    let ca: String

    init() throws {
      broker = try TestBroker(tls: true)
      ca = broker.folder + "/ca.crt"
    }

    /// `user`'s client on the mutual-TLS listener with `certificate`'s files, no password.
    func client(_ user: String, certificate: String?) -> MQTTClient.Configuration {
      MQTTClient.Configuration(
        host: "localhost", port: broker.mutualTLSPort ?? 0,
        clientID: MQTTClient.Configuration.uniqueClientID(prefix: user),
        tls: .init(
          caFile: ca, certFile: certificate.map { broker.folder + "/\($0).crt" },
          keyFile: certificate.map { broker.folder + "/\($0).key" }),
        timeout: .seconds(20))
    }

    @Test("When a lane shows its certificate, then it logs in as its common name and the desk gets its events")
    func roundTrip() async throws {
      let desk = try MQTTClient(client("desk", certificate: "desk"))
      try await desk.connect()
      let log = MessageLog(desk)
      try await desk.subscribe(to: everyLanesEvents)
      let lane = try MQTTClient(client("lane1", certificate: "lane1"))
      try await lane.connect()

      try await lane.publish(Array("mutual".utf8), to: eventsOfLane1)

      #expect(await log.first(on: eventsOfLane1)?.payload == Array("mutual".utf8))
    }

    @Test("When lane1's certificate publishes on lane2's topic, then the ACL refuses it (135): the common name is the user")
    func certificateNameIsTheUser() async throws {
      let lane = try MQTTClient(client("lane1", certificate: "lane1"))
      try await lane.connect()

      let error = await #expect(throws: MQTTError.self) {
        try await lane.publish([1], to: "lanebridge/v1/lanes/lane2/events")
      }

      #expect(error?.problem == .refused(.notAuthorized))
    }

    @Test("When a lane has no client certificate, then connecting fails at the handshake with advice naming --certfile")
    func withoutCertificate() async throws {
      let lane = try MQTTClient(client("lane1", certificate: nil))

      let error = await #expect(throws: MQTTError.self) { try await lane.connect() }

      // Refused at the handshake, not timed out: no answer in time is not a settings problem.
      #expect(error?.problem == .tlsClosedByBroker, "\(String(describing: error))")
      #expect(error?.isSettingsProblem == true, "\(String(describing: error))")
      #expect(error?.description.contains("--certfile") == true, "\(String(describing: error))")
      #expect(!lane.isConnected)
    }

    @Test("When make-certs.sh --client is given a name that could not be a user, or one it already made, then it refuses", .holdsAThread)
    func clientCertificateRefusals() throws {
      let script = TestBroker.deployFolder.appendingPathComponent("make-certs.sh").path

      for name in ["lane/1", "lane+", "lane1"] {
        #expect(throws: TestBroker.Failure.self) {
          try TestBroker.run("/bin/bash", [script, "--client", broker.folder, name])
        }
      }
      var status = stat()
      #expect(stat(broker.folder + "/lane1.key", &status) == 0)
      #expect(status.st_mode & 0o077 == 0, "the client key is for its owner only")
    }
  }
}
