import Foundation
import TestSupport

/// A real mosquitto for the centre's browser tests: TestSupport's ``Mosquitto`` on a free
/// 127.0.0.1 port with anonymous clients, stopped by its pid with its folder.
///
/// The centre's users and ACL are tested with deploy/centre/ in Tests/MQTTTests; here the
/// broker only carries the lanes' messages to `lane display`.
final class LoopbackBroker {
  let port: Int
  private let mosquitto: Mosquitto

  var url: String { "mqtt://127.0.0.1:\(port)" }
  /// The broker's scratch folder, where the tests keep their programs' stderr too.
  var folder: URL { URL(fileURLWithPath: mosquitto.folder) }

  init() throws {
    mosquitto = try Mosquitto()
    port = try freeLoopbackPort()
    try mosquitto.start(
      configuration: "listener \(port) 127.0.0.1\nallow_anonymous true\nlog_dest stderr\n",
      ports: [port])
  }

  /// Stops mosquitto by its pid (SIGTERM: ChildProcess starts it with default signal
  /// handling); the folder goes with the broker.
  func stop() {
    mosquitto.stop()
  }
}
