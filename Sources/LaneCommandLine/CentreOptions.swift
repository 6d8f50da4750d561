import ArgumentParser
import Centre
import CentreLink
import LaneApplication
import LaneBridge
import LaneOptions
import LaneSensing
import MQTT

/// The centre link, as `lane run` and `lane simulate` take it: where the broker is, the
/// lane's name and its credentials (docs/centre.md).
public struct CentreOptions: ParsableArguments {
  public init() {}

  @Option(help: """
    The centre's MQTT broker, mqtt://HOST:PORT or mqtts://HOST:PORT: publish every journal \
    record, the board and the lane's status to the front desk.
    """)
  public var broker: String?

  @Option(help: """
    The lane's id, 1-32 of a-z A-Z 0-9 - _: its topics on the broker, its page /lanes/ID \
    with --http, and the lane in a new journal's header (default: the credentials' user \
    with --broker, else 1).
    """)
  public var lane: String?

  @Option(
    name: .customLong("mqtt-credentials"),
    help: "A file of user=NAME and password=SECRET lines, mode 600 (deploy/centre/add-lane.sh).")
  public var credentials: String?

  @Option(help: "The centre's CA certificate, for an mqtts:// broker.")
  public var cafile: String?

  @Option(help: "The lane's client certificate, for a broker that requires one (mutual TLS).")
  public var certfile: String?

  @Option(help: "The private key of --certfile, mode 600.")
  public var keyfile: String?

  public func validate() throws {
    try validated(
      try OptionValues.checkBrokerFiles(
        broker: broker, credentials: credentials, cafile: cafile, certfile: certfile,
        keyfile: keyfile))
    if let lane { try validated(try OptionValues.lane(lane)) }
  }

  /// The lane's id for the web boards: `--lane` (or the deprecated `--lane-name`, with a
  /// warning), else the credentials' user with `--broker`, as the centre link takes it,
  /// else `1`.
  ///
  /// - Throws: ``LaneFailure`` (64) when `--lane` and `--lane-name` name different lanes.
  public func laneID(web: HTTPOptions, report: (String) -> Void) throws -> String {
    if let old = web.deprecatedLaneName {
      report("--lane-name is deprecated; use --lane \(old)")
      if let lane, lane != old {
        throw LaneFailure(.usage, "--lane \(lane) and --lane-name \(old) name different lanes")
      }
    }
    let user = broker.flatMap { try? BrokerSettings(url: $0, credentialsFile: credentials, caFile: cafile) }?
      .credentials?.username
    return lane ?? web.deprecatedLaneName ?? user ?? "1"
  }

  /// The broker's settings, `nil` without `--broker`; or a failure: 66 for a file that
  /// cannot be read, 64 for anything else wrong.
  public func brokerSettings() throws(LaneFailure) -> BrokerSettings? {
    guard let broker else { return nil }
    return try BrokerSettings(
      url: broker, credentials: credentials, cafile: cafile, certfile: certfile, keyfile: keyfile)
  }
}

extension LaneAssembly.Settings {
  /// What `lane run` and `lane simulate`'s option groups ask for; `report` is told of a
  /// deprecated option.
  public init(
    session: SessionOptions, centre: CentreOptions, web: HTTPOptions,
    sensorClock: (@Sendable () -> SensorInstant)? = nil, report: (String) -> Void
  ) throws {
    self.init(
      journal: session.journal, bowlers: session.bowlerNames, lane: centre.lane,
      broker: try centre.brokerSettings(), boards: try web.address(),
      boardsLane: try centre.laneID(web: web, report: report), sensorClock: sensorClock)
  }
}
