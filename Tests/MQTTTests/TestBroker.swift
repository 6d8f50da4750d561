import Foundation
import MQTT
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A real mosquitto on a free 127.0.0.1 port, run from a scratch copy of
/// deploy/centre/ (config, ACL, users made by add-lane.sh, certificates by
/// make-certs.sh), stopped by its pid and its folder removed.
final class TestBroker: @unchecked Sendable {
  /// Why a broker could not be started.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The mosquitto binary, if installed.
  static let binary = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto", "/usr/local/sbin/mosquitto"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  /// `CI=true`: the broker tests must run, and fail when mosquitto is missing.
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
  static let shouldRun = binary != nil || isCI
  static let skipReason: Comment =
    "Needs mosquitto (Debian packages mosquitto and mosquitto-clients: scripts/install-packages test)"

  /// deploy/centre/ in this package.
  static let deployFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy/centre")

  let folder: String
  let port: Int
  /// The TLS listener's port, when started with TLS.
  let tlsPort: Int?
  /// The mutual-TLS listener's port (client certificates required), when started with TLS.
  let mutualTLSPort: Int?
  private var process: ChildProcess
  private let binary: String

  /// Starts mosquitto with the sample config, one broker user per name in
  /// `users`, and TLS listeners for 127.0.0.1 when `tls` is set: one with server
  /// authentication only, one requiring client certificates, with a client certificate
  /// for each user (make-certs.sh --client).
  init(users: [String] = ["desk", "lane1", "lane2"], tls: Bool = false) throws {
    guard let binary = Self.binary else {
      throw Failure(description: "mosquitto is not installed; CI=true requires it. "
        + "Run scripts/install-packages test")
    }
    self.binary = binary
    folder = try Self.makeScratchFolder()
    do {
      port = try freeLoopbackPort()
      tlsPort = tls ? try freeLoopbackPort() : nil
      mutualTLSPort = tls ? try freeLoopbackPort() : nil
      for user in users {
        try Self.run(
          "/bin/bash",
          [Self.deployFolder.appendingPathComponent("add-lane.sh").path,
           folder + "/passwd", user, folder + "/\(user).credentials"])
      }
      try FileManager.default.copyItem(
        atPath: Self.deployFolder.appendingPathComponent("acl").path, toPath: folder + "/acl")
      if tls {
        try Self.run(
          "/bin/bash",
          [Self.deployFolder.appendingPathComponent("make-certs.sh").path,
           folder, "localhost", "127.0.0.1"])
        for user in users {
          try Self.run(
            "/bin/bash",
            [Self.deployFolder.appendingPathComponent("make-certs.sh").path,
             "--client", folder, user])
        }
      }
      try FileManager.default.createDirectory(
        atPath: folder + "/db", withIntermediateDirectories: false,
        attributes: [.posixPermissions: 0o777])
      try Self.configuration(
        folder: folder, port: port, tlsPort: tlsPort, mutualTLSPort: mutualTLSPort)
        .write(toFile: folder + "/mosquitto.conf", atomically: false, encoding: .utf8)

      process = try Self.launch(binary, folder: folder)
      try waitUntilListening()
    } catch {
      Self.remove(folder)
      throw error
    }
  }

  deinit {
    stop()
    Self.remove(folder)
  }

  /// The user's password as add-lane.sh wrote it.
  func credentials(_ user: String) throws -> MQTTClient.Credentials {
    let text = try String(contentsOfFile: folder + "/\(user).credentials", encoding: .utf8)
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    guard let user = fields["user"], let password = fields["password"] else {
      throw Failure(description: "no user and password in \(user).credentials")
    }
    return MQTTClient.Credentials(username: user, password: password)
  }

  /// A client configuration for `user` on the plain listener (or TLS with `caFile`).
  func configuration(
    _ user: String, caFile: String? = nil, will: MQTTClient.Will? = nil
  ) throws -> MQTTClient.Configuration {
    MQTTClient.Configuration(
      host: caFile == nil ? "127.0.0.1" : "localhost",
      port: caFile == nil ? port : tlsPort ?? port,
      clientID: MQTTClient.Configuration.uniqueClientID(prefix: user),
      credentials: try credentials(user), will: will,
      tls: caFile.map { MQTTClient.TLS(caFile: $0) }, timeout: .seconds(20))
  }

  /// A connected client for `user`.
  func connectedClient(_ user: String, will: MQTTClient.Will? = nil) async throws -> MQTTClient {
    let client = try MQTTClient(configuration(user, will: will))
    try await client.connect()
    return client
  }

  /// What mosquitto logged, for failure messages.
  var log: String {
    (try? String(contentsOfFile: folder + "/broker.log", encoding: .utf8)) ?? ""
  }

  /// Starts mosquitto again on the same ports with the same files (its
  /// persistence keeps retained messages) after ``stop()``.
  func restart() throws {
    stop()
    process = try Self.launch(binary, folder: folder)
    try waitUntilListening()
  }

  private static func launch(_ binary: String, folder: String) throws -> ChildProcess {
    try ChildProcess(binary, ["-c", folder + "/mosquitto.conf"], outputFile: folder + "/broker.log")
  }

  /// Stops mosquitto by its pid and waits for it.
  func stop() {
    process.stop()
  }

  /// Waits until mosquitto has logged `text` (e.g. a client's id on connect).
  func waitForLog(_ text: String, within limit: Duration = .seconds(5)) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if log.contains(text) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return log.contains(text)
  }

  /// The sample config with the scratch folder's paths and the test's ports.
  static func configuration(
    folder: String, port: Int, tlsPort: Int?, mutualTLSPort: Int?
  ) throws -> String {
    let sample = try String(
      contentsOf: deployFolder.appendingPathComponent("mosquitto.conf"), encoding: .utf8)
    var lines: [String] = []
    // The port of the listener block the line is in; nil drops the block.
    var blockPort: Int? = port
    for line in sample.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(line)
      if line.hasPrefix("listener ") {
        blockPort =
          line.hasPrefix("listener 1883") ? port
          : line.hasPrefix("listener 8883") ? tlsPort
          : line.hasPrefix("listener 8884") ? mutualTLSPort : nil
        guard let blockPort else { continue }
        line = "listener \(blockPort) 127.0.0.1"
      } else if blockPort == nil {
        continue
      }
      line = line.replacingOccurrences(of: "/etc/mosquitto/lanebridge", with: folder)
        .replacingOccurrences(of: "/var/lib/mosquitto/", with: folder + "/db/")
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\nlog_dest stderr\nlog_type all\n"
  }

  private func waitUntilListening() throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      guard process.isRunning else {
        throw Failure(description: "mosquitto exited at start: \(log)")
      }
      if Self.accepts(port: port) && (tlsPort.map(Self.accepts(port:)) ?? true)
        && (mutualTLSPort.map(Self.accepts(port:)) ?? true)
      {
        return
      }
      usleep(20_000)
    }
    stop()
    throw Failure(description: "mosquitto did not listen within 10 s: \(log)")
  }

  /// A fresh folder under $TMPDIR (or /tmp) that mosquitto, after dropping
  /// to its own user, can read.
  static func makeScratchFolder() throws -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    if geteuid() == 0, let blocked = firstFolderOthersCannotEnter(on: base) {
      throw Failure(description: "mosquitto, started as root, drops to user mosquitto, which "
        + "cannot enter \(blocked) to read its config: give that folder o+x "
        + "(chmod o+x \(blocked)) or run the tests with TMPDIR pointing elsewhere")
    }
    var template = Array((base + "/lanebridge-broker-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    guard let path = made else { throw Failure(description: "cannot make a folder in \(base)") }
    chmod(path, 0o755)
    return path
  }

  /// The first folder on the way to `path` that users other than its owner may not enter.
  static func firstFolderOthersCannotEnter(on path: String) -> String? {
    var folder = ""
    for component in path.split(separator: "/") {
      folder += "/" + component
      var status = stat()
      guard stat(folder, &status) == 0 else { return folder }
      if status.st_mode & S_IXOTH == 0 { return folder }
    }
    return nil
  }

  static func remove(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
  }


  private static func accepts(port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  /// Runs a helper to the end and fails with its output when it fails.
  static func run(_ executable: String, _ arguments: [String]) throws {
    let outputFile = try makeScratchFolder()
    defer { remove(outputFile) }
    let process = try ChildProcess(executable, arguments, outputFile: outputFile + "/output")
    let status = process.waitForExit()
    guard status == 0 else {
      let text = (try? String(contentsOfFile: outputFile + "/output", encoding: .utf8)) ?? ""
      throw Failure(
        description: "\(arguments.first ?? executable) exited with \(status): \(text)")
    }
  }
}
