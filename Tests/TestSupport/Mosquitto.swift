import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A real mosquitto that a test starts on 127.0.0.1 with a config it writes, in a scratch
/// folder under TMPDIR, stopped by its pid (SIGTERM, then SIGKILL) and its folder removed.
/// Started through a launcher (``NetworkNamespacePair/launcher(in:)``), it runs in another
/// network namespace, listening where its config says.
///
/// What the config says (users, ACL, TLS) is the caller's: `TestBroker` in MQTTTests runs
/// deploy/centre/'s, the web tests an anonymous loopback listener.
public final class Mosquitto: @unchecked Sendable {
  /// Why a broker could not be started.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// The mosquitto binary, if installed.
  public static let binary = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto", "/usr/local/sbin/mosquitto"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  /// `CI=true`: the broker tests must run, and fail when mosquitto is missing.
  public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
  public static let shouldRun = binary != nil || isCI
  public static let skipReason: Comment =
    "Needs mosquitto (Debian packages mosquitto and mosquitto-clients: scripts/install-packages test)"

  /// The scratch folder: the config, the log, and whatever the caller puts there.
  public let folder: String
  private let binary: String
  /// The command mosquitto is started through, put before its path (empty: directly).
  private let launcher: [String]
  private var process: ChildProcess?
  private var ports: [Int] = []

  /// Makes the scratch folder; ``start(configuration:ports:)`` starts the broker.
  ///
  /// - Parameter launcher: A command to start mosquitto through, put before its path, e.g.
  ///   `ip netns exec NAME`; it must exec mosquitto, so that the pid held is mosquitto's.
  ///   Its ports are then not reachable from this process: mosquitto counts as started once
  ///   it logs that it runs, which it does after opening its listeners.
  public init(launcher: [String] = []) throws {
    guard let binary = Self.binary else {
      throw Failure(description: "mosquitto is not installed; CI=true requires it. "
        + "Run scripts/install-packages test")
    }
    self.binary = binary
    self.launcher = launcher
    folder = try Self.makeScratchFolder()
  }

  deinit {
    stop()
    Self.remove(folder)
  }

  /// What mosquitto logged, for failure messages.
  public var log: String {
    (try? String(contentsOfFile: folder + "/broker.log", encoding: .utf8)) ?? ""
  }

  /// Writes `configuration` as the folder's mosquitto.conf, starts mosquitto with it, and
  /// waits (10 s at most) until every one of `ports` on 127.0.0.1 accepts a connection (with
  /// a launcher: until mosquitto logs that it runs).
  public func start(configuration: String, ports: [Int]) throws {
    try configuration.write(toFile: folder + "/mosquitto.conf", atomically: false, encoding: .utf8)
    // The log of this start only, not of an earlier one that found its ports taken.
    unlink(folder + "/broker.log")
    self.ports = ports
    try launch()
  }

  /// Starts mosquitto again with the same config and ports (its persistence keeps
  /// retained messages) after ``stop()``.
  public func restart() throws {
    stop()
    try launch()
  }

  /// Stops mosquitto by its pid with `signal` (SIGKILL after 5 s) and waits for it.
  public func stop(signal: Int32 = SIGTERM) {
    process?.stop(signal: signal)
  }

  /// Suspends mosquitto (SIGSTOP): its sockets stay open and nothing answers, a broker
  /// that hangs. ``thaw()`` before ``stop()``, which otherwise waits for SIGKILL.
  public func freeze() {
    process?.signal(SIGSTOP)
  }

  /// Resumes mosquitto after ``freeze()`` (SIGCONT).
  public func thaw() {
    process?.signal(SIGCONT)
  }

  private func launch() throws {
    let runsBefore = runs
    let command = launcher + [binary, "-c", folder + "/mosquitto.conf"]
    let process = try ChildProcess(
      command[0], Array(command.dropFirst()), outputFile: folder + "/broker.log")
    self.process = process
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      guard process.isRunning else {
        throw Failure(description: "mosquitto exited at start: \(log)")
      }
      if launcher.isEmpty ? ports.allSatisfy(Self.accepts(port:)) : runs > runsBefore { return }
      usleep(20_000)
    }
    stop()
    throw Failure(description: "mosquitto did not listen within 10 s: \(log)")
  }

  /// How many times the log says mosquitto runs (`mosquitto version 2.0.11 running`).
  private var runs: Int {
    log.split(separator: "\n").count { $0.contains(": mosquitto version ") && $0.hasSuffix(" running") }
  }

  /// A fresh folder under $TMPDIR (or /tmp) that mosquitto, after dropping
  /// to its own user, can read.
  public static func makeScratchFolder() throws -> String {
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
  public static func firstFolderOthersCannotEnter(on path: String) -> String? {
    var folder = ""
    for component in path.split(separator: "/") {
      folder += "/" + component
      var status = stat()
      guard stat(folder, &status) == 0 else { return folder }
      if status.st_mode & S_IXOTH == 0 { return folder }
    }
    return nil
  }

  public static func remove(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Whether something on 127.0.0.1 accepts a TCP connection on `port`.
  public static func accepts(port: Int) -> Bool {
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
}
