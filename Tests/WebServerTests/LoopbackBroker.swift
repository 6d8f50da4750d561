import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A real mosquitto for the centre's browser tests: on a free 127.0.0.1 port, with a
/// config this file writes (anonymous clients, loopback only), in a scratch folder under
/// TMPDIR that is removed with it, stopped by its pid.
///
/// The centre's users and ACL are tested with deploy/centre/ in Tests/MQTTTests; here the
/// broker only carries the lanes' messages to `lane display`.
final class LoopbackBroker {
  struct Failure: Error, CustomStringConvertible { let description: String }

  static let binary = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  let folder: URL
  let port: Int
  private let process = Process()

  var url: String { "mqtt://127.0.0.1:\(port)" }

  init() throws {
    guard let binary = Self.binary else {
      throw Failure(description: "mosquitto is not installed: scripts/install-packages test")
    }
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    folder = URL(fileURLWithPath: base).appendingPathComponent("lb-broker-\(UUID().uuidString.prefix(8))")
    port = try freeLoopbackPort()
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    do {
      let config = folder.appendingPathComponent("mosquitto.conf")
      try "listener \(port) 127.0.0.1\nallow_anonymous true\nlog_dest stderr\n"
        .write(to: config, atomically: false, encoding: .utf8)
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["-c", config.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      try waitUntilListening()
    } catch {
      stop()
      throw error
    }
  }

  deinit { stop() }

  /// Stops mosquitto by its pid and removes its folder. SIGKILL: spawned from the test
  /// process, mosquitto does not always take SIGTERM, and nothing it holds need be kept.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  private func waitUntilListening() throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      guard process.isRunning else { throw Failure(description: "mosquitto exited at start") }
      if (try? LoopbackClient(port: port)) != nil { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw Failure(description: "mosquitto did not listen on \(port) within 10 s")
  }

}
