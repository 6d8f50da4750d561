import Centre
import SafeFiles
import TOMLKit

/// A lane's settings from its config file (`lane run --config FILE`), as the systemd unit
/// gives them: the same settings as the command-line options, which override them.
///
/// Paths in the file are resolved against the file's folder, so a config and its wiring
/// file can sit side by side (`wiring = "wiring.toml"`).
public struct LaneConfig: Sendable, Equatable {
  /// `lane`: the lane's id, checked as `--lane` is (``LaneID``).
  public var lane: String?
  /// `wiring`: the wiring file's path.
  public var wiring: String?
  /// `journal`: the journal's path.
  public var journal: String?
  /// `bowlers`: the bowlers in bowling order.
  public var bowlers: [String]?
  /// `http`: the address the web boards listen on, as `--http` takes it.
  public var http: String?
  /// `http_public`: whether `http` may be beyond loopback, as `--http-public` says; only
  /// with `http`.
  public var httpPublic: Bool
  /// `[centre]`: the centre link.
  public var centre = Centre()
  /// `[[lanes]]`: the two lanes of a pair run by one `lane run`, left then right, each with
  /// its id and wiring; `nil` for a single lane (`lane` and `wiring` at the top).
  public var pair: [PairLane]?

  /// How a pair is played: some keys of its file belong to one way only.
  public enum PairPlay: Sendable, Hashable {
    /// Two independent lanes, each with its own journal and bowlers (`lane run --config`).
    case openPlay
    /// A league night across the pair, one journal for both lanes (`--league NIGHT.toml`).
    case leagueNight
  }

  /// The keys of a pair's file that the other way of playing cannot take, with their lines:
  /// each lane's journal and bowlers for a league night, the pair's one journal for open
  /// play (``check(_:file:)``).
  public var pairProblems: [PairPlay: [LaneConfigError.Problem]] = [:]

  /// One lane of a pair: its id (checked as `--lane` is), its wiring file's path and, for
  /// the centre link, its broker user's credentials file (each lane of a pair publishes
  /// under its own id, as its own broker user); in open play, its own journal and bowlers.
  public struct PairLane: Sendable, Equatable {
    public var lane: String
    public var wiring: String
    public var credentials: String?
    /// `journal`: the lane's own journal in open play, a single lane's; a league night has
    /// one journal for the pair instead (the top-level `journal`).
    public var journal: String?
    /// `bowlers`: the lane's bowlers in open play, its first session's; a league night's
    /// come from its night file.
    public var bowlers: [String]?

    public init(
      lane: String, wiring: String, credentials: String? = nil, journal: String? = nil, bowlers: [String]? = nil
    ) {
      self.lane = lane
      self.wiring = wiring
      self.credentials = credentials
      self.journal = journal
      self.bowlers = bowlers
    }
  }

  /// The `[centre]` table: the broker and the lane's credentials and TLS files.
  public struct Centre: Sendable, Equatable {
    public var broker: String?
    public var credentials: String?
    public var cafile: String?
    public var certfile: String?
    public var keyfile: String?

    public init(
      broker: String? = nil, credentials: String? = nil, cafile: String? = nil,
      certfile: String? = nil, keyfile: String? = nil
    ) {
      self.broker = broker
      self.credentials = credentials
      self.cafile = cafile
      self.certfile = certfile
      self.keyfile = keyfile
    }
  }

  public init(
    lane: String? = nil, wiring: String? = nil, journal: String? = nil,
    bowlers: [String]? = nil, http: String? = nil, httpPublic: Bool = false,
    centre: Centre = Centre()
  ) {
    self.lane = lane
    self.wiring = wiring
    self.journal = journal
    self.bowlers = bowlers
    self.http = http
    self.httpPublic = httpPublic
    self.centre = centre
  }

  /// Refuses what a pair's file holds for the other way of playing, every such key named
  /// with its line; a single lane's file passes.
  ///
  /// - Parameter file: The file's name, for the message.
  /// - Throws: ``LaneConfigError``, to exit 64 as any mistake in the file does.
  public func check(_ play: PairPlay, file: String) throws(LaneConfigError) {
    guard let problems = pairProblems[play], !problems.isEmpty else { return }
    throw LaneConfigError(file: file, problems: problems)
  }

  /// The keys a config file's top level may have.
  public static let topLevelKeys = [
    "lane", "wiring", "journal", "bowlers", "http", "http_public", "centre", "lanes",
  ]
  /// The keys of each `[[lanes]]` table.
  public static let pairLaneKeys = ["lane", "wiring", "credentials", "journal", "bowlers"]
  /// The keys of its `[centre]` table.
  public static let centreKeys = ["broker", "credentials", "cafile", "certfile", "keyfile"]

  /// The largest config file read, 64 KiB; real ones are a few hundred bytes.
  public static let maximumSize = 64 << 10

  /// Parses and checks the text of a config file.
  ///
  /// - Parameters:
  ///   - text: The file's contents, TOML.
  ///   - name: The file's name, for messages.
  ///   - folder: The folder relative paths are resolved against: the file's own.
  /// - Throws: A ``LaneConfigError`` with every problem found (a syntax error alone).
  public init(parsing text: String, name: String, folder: String) throws(LaneConfigError) {
    let root: TOMLTable
    do {
      root = try TOMLDocument.root(of: text, kind: "a lane config file")
    } catch {
      throw LaneConfigError(file: name, problems: [.init(key: "", line: error.line, message: error.message)])
    }
    var reader = LaneConfigReader(text: text, folder: folder)
    let config = reader.config(from: root)
    guard reader.problems.isEmpty else {
      throw LaneConfigError(file: name, problems: LaneConfigError.Problem.inLineOrder(reader.problems))
    }
    self = config
  }

  /// Reads and checks the config file at `path`: a regular file (never a symbolic link, a
  /// FIFO or a device) of at most ``maximumSize`` bytes.
  ///
  /// - Throws: A ``LaneConfigError`` naming `path`; ``LaneConfigError/isUnreadable`` when
  ///   the file could not be read.
  public init(contentsOf path: String) throws(LaneConfigError) {
    let text: String
    do {
      text = try FileContents.read(path, maximumSize: Self.maximumSize, kind: "a lane config file")
    } catch {
      throw LaneConfigError(
        file: path, problems: [.init(key: "", message: "cannot read the file: \(error.reason)")],
        isUnreadable: true)
    }
    try self.init(parsing: text, name: path, folder: Self.folder(of: path))
  }

  /// The folder of `path` as relative paths in it are resolved: `.` for a bare file name.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
