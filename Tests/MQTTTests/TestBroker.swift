import Foundation
import MQTT
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A real mosquitto (TestSupport's ``Mosquitto``) on a free 127.0.0.1 port (or another
/// address, in another network namespace), run from a scratch copy of deploy/centre/
/// (config, ACL, users made by add-user.sh, certificates by
/// make-certs.sh), stopped by its pid and its folder removed.
final class TestBroker: @unchecked Sendable {
  typealias Failure = Mosquitto.Failure

  static let binary = Mosquitto.binary
  static let isCI = Mosquitto.isCI
  static let shouldRun = Mosquitto.shouldRun
  static let skipReason = Mosquitto.skipReason

  /// deploy/centre/ in this package.
  static let deployFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy/centre")

  let folder: String
  private let mosquitto: Mosquitto
  /// The address its listeners are on.
  let address: String
  let port: Int
  /// The TLS listener's port, when started with TLS.
  let tlsPort: Int?
  /// The mutual-TLS listener's port (client certificates required), when started with TLS.
  let mutualTLSPort: Int?

  /// Starts mosquitto with the sample config and ACL, one broker user per name in `users`
  /// (add-user.sh: `desk` the desk, every other name a lane) and one display user per name
  /// in `displays`, and TLS listeners for 127.0.0.1 when `tls` is set: one with server
  /// authentication only, one requiring client certificates, with a client certificate
  /// for each user (make-certs.sh --client). `prepare` runs on the folder once the users
  /// are made, before mosquitto starts (an older centre's ACL). With a `launcher` (`ip
  /// netns exec NAME`, ``NetworkNamespacePair/launcher(in:)``) mosquitto runs in that
  /// namespace, listening on `address` there.
  init(
    users: [String] = ["desk", "lane1", "lane2"], displays: [String] = [], tls: Bool = false,
    address: String = "127.0.0.1", launcher: [String] = [], prepare: (String) throws -> Void = { _ in }
  ) throws {
    mosquitto = try Mosquitto(launcher: launcher)
    folder = mosquitto.folder
    self.address = address
    try FileManager.default.copyItem(
      atPath: Self.deployFolder.appendingPathComponent("acl").path, toPath: folder + "/acl")
    for (user, role) in users.map({ ($0, $0 == "desk" ? "desk" : "lane") }) + displays.map({ ($0, "display") }) {
      try Self.run(
        "/bin/bash",
        [Self.deployFolder.appendingPathComponent("add-user.sh").path,
         folder + "/passwd", folder + "/acl", role, user, folder + "/\(user).credentials"])
    }
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
    try prepare(folder)
    try FileManager.default.createDirectory(
      atPath: folder + "/db", withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o777])
    (port, tlsPort, mutualTLSPort) = try Self.start(mosquitto, address: address, tls: tls)
  }

  /// Starts `mosquitto` on ports free on loopback, listening on `address`; its plain, TLS
  /// and mutual-TLS ports.
  ///
  /// A port free when chosen can be taken by another test's broker before this one binds
  /// it; mosquitto then exits at start, and new ports are chosen, five times at most.
  private static func start(
    _ mosquitto: Mosquitto, address: String, tls: Bool
  ) throws -> (Int, Int?, Int?) {
    for attempt in 1...5 {
      let port = try freeLoopbackPort()
      let tlsPort = tls ? try freeLoopbackPort() : nil
      let mutualTLSPort = tls ? try freeLoopbackPort() : nil
      do {
        try mosquitto.start(
          configuration: configuration(
            folder: mosquitto.folder, address: address, port: port, tlsPort: tlsPort,
            mutualTLSPort: mutualTLSPort),
          ports: [port] + [tlsPort, mutualTLSPort].compactMap { $0 })
        return (port, tlsPort, mutualTLSPort)
      } catch let failure as Failure where attempt < 5 && failure.description.contains("Address already in use") {
        continue
      }
    }
    throw Failure(description: "mosquitto found its ports taken five times")
  }

  /// The user's password as add-user.sh wrote it.
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
      host: caFile == nil ? address : "localhost",
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
  var log: String { mosquitto.log }

  /// Starts mosquitto again on the same ports with the same files (its
  /// persistence keeps retained messages) after ``stop()``.
  func restart() throws {
    try mosquitto.restart()
  }

  /// Stops mosquitto by its pid with `signal` (SIGKILL after 5 s) and waits for it.
  func stop(signal: Int32 = SIGTERM) {
    mosquitto.stop(signal: signal)
  }

  /// Suspends mosquitto, a broker that hangs; ``thaw()`` resumes it.
  func freeze() {
    mosquitto.freeze()
  }

  func thaw() {
    mosquitto.thaw()
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

  /// The sample config with the scratch folder's paths and the test's address and ports.
  static func configuration(
    folder: String, address: String, port: Int, tlsPort: Int?, mutualTLSPort: Int?
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
        line = "listener \(blockPort) \(address)"
      } else if blockPort == nil {
        continue
      }
      line = line.replacingOccurrences(of: "/etc/mosquitto/lanebridge", with: folder)
        .replacingOccurrences(of: "/var/lib/mosquitto/", with: folder + "/db/")
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\nlog_dest stderr\nlog_type all\n"
  }

  /// Runs a helper to the end and fails with its output when it fails.
  static func run(_ executable: String, _ arguments: [String]) throws {
    _ = try output(executable, arguments)
  }

  /// What `executable` wrote, standard output and error together; a failure unless it
  /// exited 0.
  static func output(_ executable: String, _ arguments: [String]) throws -> String {
    let (status, text) = try outcome(executable, arguments)
    guard status == 0 else {
      throw Failure(description: "\(arguments.first ?? executable) exited with \(status): \(text)")
    }
    return text
  }

  /// Runs `executable` to its end: its exit status, and what it wrote on standard output
  /// and error together.
  static func outcome(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let outputFile = try Mosquitto.makeScratchFolder()
    defer { Mosquitto.remove(outputFile) }
    let process = try ChildProcess(executable, arguments, outputFile: outputFile + "/output")
    let status = process.waitForExit()
    return (status, (try? String(contentsOfFile: outputFile + "/output", encoding: .utf8)) ?? "")
  }
}

extension TestBroker {
  /// `lane desk send` as the desk's user, run in the broker's folder: `arguments` after its
  /// connection options (the lane, the action, its value and options); what it printed on
  /// stdout and stderr together, and its exit status.
  func deskSend(_ arguments: [String], lane executable: String) async throws -> (output: String, status: Int32) {
    let name = folder + "/desk-send-" + UUID().uuidString
    let child = try ChildProcess(
      executable,
      ["desk", "send", "--broker", "mqtt://127.0.0.1:\(port)", "--mqtt-credentials", folder + "/desk.credentials"]
        + arguments,
      output: .file(name + ".out"), error: .file(name + ".err"), directory: folder)
    // Waits without holding a thread of the cooperative pool, which the other tests share.
    let status = await child.exited() ?? child.stop(signal: SIGKILL)
    let output = [".out", ".err"].map { (try? String(contentsOfFile: name + $0, encoding: .utf8)) ?? "" }
    return (output.joined(), status)
  }
}
