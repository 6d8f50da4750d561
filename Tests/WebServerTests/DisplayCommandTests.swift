import Foundation
import TestSupport
import Testing

/// `lane display` given a broker or options it cannot use, as a user meets it.
@Suite("lane display with a broker or options it cannot use")
struct DisplayCommandTests {
  @Test("When nothing listens at the broker's address, then lane display exits 69 and names the broker")
  func deadBroker() throws {
    let port = try freeLoopbackPort()

    let (status, errors) = try HTTPCommandTests.lane(
      ["display", "--broker", "mqtt://127.0.0.1:\(port)", "--http", "127.0.0.1:0"])

    #expect(status == 69)
    #expect(errors.hasPrefix("lane display: "))
    #expect(errors.contains("127.0.0.1"), "stderr: \(errors)")
  }

  @Test("When --http is beyond loopback without --http-public, then lane display exits 64 and says how to allow it")
  func publicRefused() throws {
    let (status, errors) = try HTTPCommandTests.lane(["display", "--broker", "mqtt://127.0.0.1:1", "--http", "0.0.0.0:8080"])

    #expect(status == 64)
    #expect(errors.contains("--http-public"))
  }

  @Test("When the broker URL is not mqtt:// or mqtts://, then lane display exits 64")
  func badBrokerURL() throws {
    let (status, errors) = try HTTPCommandTests.lane(["display", "--broker", "http://127.0.0.1:1883", "--http", "127.0.0.1:0"])

    #expect(status == 64)
    #expect(errors.hasPrefix("lane display: "), "stderr: \(errors)")
  }
}
