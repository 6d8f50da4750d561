import MQTT
import TestSupport
import Testing

/// A broker's host that drops packets (switched off behind a router, a firewall's DROP),
/// made on loopback by ``SilentPort``: no mosquitto needed.
@Suite("An MQTT client whose broker never answers a connection attempt")
struct SilentBrokerTests {
  @Test("When it connects, then it fails within its connect timeout as no answer, saying what to check, not after the kernel's two minutes")
  func connectTimesOut() async throws {
    let silent = try SilentPort()
    let client = try MQTTClient(
      .init(host: "127.0.0.1", port: silent.port, clientID: "silent", connectTimeout: .milliseconds(500)))

    let error = await #expect(throws: MQTTError.self) { try await client.connect() }

    // The attempt ended at its own limit, not the kernel's (about 127 s): the message says which.
    #expect(error?.description.contains("no answer from the broker within 0.5 seconds") == true, "\(String(describing: error))")
    #expect(error?.description.contains("does no firewall drop the port") == true)
    #expect(error?.isSettingsProblem == false)
  }
}
