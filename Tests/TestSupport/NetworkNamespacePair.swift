import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Two network namespaces a test makes with `ip` (as root), joined by a veth pair on a
/// private /30, with `lo` up in each; removed, with their links and iptables rules, when the
/// last reference goes.
///
/// Nothing is made in this machine's own namespace: the veth ends are created inside the
/// two namespaces, and their addresses (``Side/address``) exist only there. A process runs
/// inside one with ``launcher(in:)`` (`ip netns exec NAME`, which execs the program, so the
/// pid a ``ChildProcess`` holds is the program's own). Namespaces left by a test process that
/// died (their names carry its pid) are removed by the next pair made.
public final class NetworkNamespacePair: Sendable {
  /// One end of the pair.
  public enum Side: String, Sendable, CaseIterable {
    case broker
    case lanes

    /// The veth end's address inside this side's namespace.
    public var address: String { self == .broker ? "10.213.0.1" : "10.213.0.2" }

    /// The veth end's interface name inside this side's namespace.
    var interface: String { "veth-" + rawValue }
  }

  /// Why a namespace could not be made or changed.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// `ip`, if installed (Debian's iproute2).
  public static let ip = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  /// `iptables`, if installed (Debian's iptables).
  public static let iptables = ["/usr/sbin/iptables", "/sbin/iptables"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  /// Root, and `ip` and `iptables` installed or `CI=true` (where a missing one fails the test).
  public static let canRun = geteuid() == 0 && (ip != nil && iptables != nil || Mosquitto.isCI)
  public static let skipReason: Comment =
    "Needs root, ip and iptables (Debian packages iproute2 and iptables: scripts/install-packages test)"

  /// The pairs this process has made, to name each one apart.
  private static let made = Atomic(0)
  private static let prefix = "lb-"

  /// What the namespaces' names start with: `lb-<pid>-<n>-`, then the side.
  private let base: String
  private let ip: String
  private let iptables: String

  /// Makes both namespaces, the veth pair between them with its addresses, and brings up
  /// every link.
  ///
  /// - Throws: ``Failure`` when `ip` or `iptables` is missing or a step fails; what was made
  ///   is removed first.
  public init() throws {
    guard let ip = Self.ip, let iptables = Self.iptables else {
      throw Failure(description: "ip or iptables is not installed; CI=true requires them. "
        + "Run scripts/install-packages test")
    }
    self.ip = ip
    self.iptables = iptables
    let number = Self.made.wrappingAdd(1, ordering: .relaxed).newValue
    base = "\(Self.prefix)\(getpid())-\(number)-"
    Self.removeLeftovers(ip: ip)
    do {
      for side in Side.allCases { try run(ip, ["netns", "add", name(side)]) }
      try run(
        ip,
        ["link", "add", Side.broker.interface, "netns", name(.broker), "type", "veth",
         "peer", "name", Side.lanes.interface, "netns", name(.lanes)])
      for side in Side.allCases {
        try run(ip, ["-n", name(side), "address", "add", side.address + "/30", "dev", side.interface])
        try run(ip, ["-n", name(side), "link", "set", side.interface, "up"])
        try run(ip, ["-n", name(side), "link", "set", "lo", "up"])
      }
    } catch {
      remove()
      throw error
    }
  }

  deinit { remove() }

  /// The namespace's name: `lb-<pid>-<n>-broker` or `lb-<pid>-<n>-lanes`.
  public func name(_ side: Side) -> String { base + side.rawValue }

  /// The command that runs a program inside `side`'s namespace, put before the program's
  /// path: `ip netns exec NAME`.
  public func launcher(in side: Side) -> [String] { [ip, "netns", "exec", name(side)] }

  /// Drops packets on `side`'s veth end at random, each with `probability`, both ways
  /// (iptables' `statistic` match: this kernel has no `sch_netem`).
  ///
  /// - Throws: ``Failure`` when iptables fails.
  public func dropRandomly(_ probability: Double, in side: Side) throws {
    for (chain, direction) in [("INPUT", "-i"), ("OUTPUT", "-o")] {
      try iptables(
        in: side,
        ["-A", chain, direction, side.interface, "-m", "statistic", "--mode", "random",
         "--probability", String(probability), "-j", "DROP"])
    }
  }

  /// Cuts `side` off: a rule dropping every packet on its veth end, both ways, first in
  /// each chain. ``heal(_:)`` removes it.
  ///
  /// - Throws: ``Failure`` when iptables fails.
  public func partition(_ side: Side) throws {
    try iptables(in: side, ["-I", "INPUT", "1", "-i", side.interface, "-j", "DROP"])
    try iptables(in: side, ["-I", "OUTPUT", "1", "-o", side.interface, "-j", "DROP"])
  }

  /// Removes ``partition(_:)``'s rules; random drops stay.
  ///
  /// - Throws: ``Failure`` when iptables fails.
  public func heal(_ side: Side) throws {
    try iptables(in: side, ["-D", "INPUT", "-i", side.interface, "-j", "DROP"])
    try iptables(in: side, ["-D", "OUTPUT", "-o", side.interface, "-j", "DROP"])
  }

  /// The packets ``dropRandomly(_:in:)``'s rules have dropped on `side` so far, coming in
  /// and going out.
  ///
  /// - Throws: ``Failure`` when iptables fails.
  public func randomlyDropped(in side: Side) throws -> (incoming: Int, outgoing: Int) {
    // `iptables -L CHAIN -n -v -x`: a rule a line, its packet count first.
    func dropped(_ chain: String) throws -> Int {
      try iptables(in: side, ["-L", chain, "-n", "-v", "-x"]).split(separator: "\n")
        .filter { $0.contains("statistic mode random") }
        .compactMap { Int($0.split(separator: " ").first ?? "") }.reduce(0, +)
    }
    return (try dropped("INPUT"), try dropped("OUTPUT"))
  }

  /// Runs `iptables ARGUMENTS` inside `side`'s namespace; its output.
  @discardableResult
  private func iptables(in side: Side, _ arguments: [String]) throws -> String {
    try run(ip, ["netns", "exec", name(side), iptables, "-w"] + arguments)
  }

  /// Deletes both namespaces (their veth ends and rules go with them). A process still
  /// inside one keeps it alive, nameless, until it ends.
  private func remove() {
    for side in Side.allCases { _ = try? run(ip, ["netns", "delete", name(side)]) }
  }

  /// Deletes the namespaces named by this helper for a process that no longer runs.
  private static func removeLeftovers(ip: String) {
    let folder = "/run/netns"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.hasPrefix(prefix) {
      let fields = name.dropFirst(prefix.count).split(separator: "-")
      guard fields.count == 3, let pid = pid_t(fields[0]), kill(pid, 0) != 0, errno == ESRCH else {
        continue
      }
      _ = try? run(ip, ["netns", "delete", name])
    }
  }

  @discardableResult
  private func run(_ executable: String, _ arguments: [String]) throws -> String {
    try Self.run(executable, arguments)
  }

  /// Runs a command to its end; its standard output. Fails with its output when it fails.
  @discardableResult
  private static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = try ChildProcess(
      executable, arguments, output: .pipe(.outOfChild), error: .pipe(.outOfChild))
    let (output, error) = try process.readOutputAndError()
    let status = process.waitForExit()
    guard status == 0 else {
      throw Failure(
        description: "\(([executable] + arguments).joined(separator: " ")) exited with \(status): "
          + output + error)
    }
    return output
  }
}
