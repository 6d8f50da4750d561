import ArgumentParser
import LaneBridge
import WebServer

#if canImport(Glibc)
  import Glibc
#endif

/// How many connections and event streams a centre's web server takes (`lane desk --http`,
/// `lane display`): beyond them a connection is closed at once, a stream answered 503.
public struct ServerLimitOptions: ParsableArguments {
  public init() {}

  @Option(help: "The most connections served at once (1-65536); one beyond is closed at once.")
  public var maxConnections = ServerLimits().maxConnections

  @Option(help: "The most public event streams (the overhead boards') served at once (1-65536); one beyond is answered 503.")
  public var maxStreams = ServerLimits().maxStreams

  public var limits: ServerLimits { ServerLimits(maxConnections: maxConnections, maxStreams: maxStreams) }

  /// The descriptors the process needs beyond its connections: the store, the broker,
  /// the users file, the listening socket, standard streams.
  static let ownFiles = 64

  /// The limits, after making sure the process may open a descriptor for each connection:
  /// its soft limit of open files raised up to the hard one if need be, or a failure (64)
  /// naming `LimitNOFILE`, rather than connections refused later by the kernel (EMFILE).
  public func checkedLimits() throws(LaneFailure) -> ServerLimits {
    let needed = rlim_t(maxConnections + Self.ownFiles)
    var files = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0, files.rlim_cur < needed else { return limits }
    if files.rlim_max >= needed {
      files.rlim_cur = needed
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0 { return limits }
    }
    throw LaneFailure(
      .usage,
      "--max-connections \(maxConnections) needs \(needed) open files and this process may open only "
        + "\(files.rlim_max): raise LimitNOFILE= in the unit (or ulimit -n), or give a smaller --max-connections")
  }

  public func validate() throws {
    for (option, value) in [("--max-connections", maxConnections), ("--max-streams", maxStreams)]
    where !(1...65536).contains(value) {
      throw ValidationError("\(option) is 1 to 65536, not \(value)")
    }
  }
}
