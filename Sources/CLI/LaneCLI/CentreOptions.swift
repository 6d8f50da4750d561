import ArgumentParser
import Centre
import CentreLink
import LaneRuntime
import LaneBridge
import LaneOptions
import LaneSensing
import MQTT

/// The centre link, as `lane run` and `lane simulate` take it: where the broker is, the
/// lane's name and its credentials (docs/centre.md).
public struct CentreOptions: ParsableArguments {
  public init() {}

  /// The broker, to publish every journal record, the board and the lane's status to the
  /// front desk.
  @OptionGroup public var connection: BrokerOptions

  @Option(help: """
    The lane's id, 1-32 of a-z A-Z 0-9 - _: its topics on the broker, its page /lanes/ID \
    with --http, and the lane in a new journal's header (default: the credentials' user \
    with --broker, else 1).
    """)
  public var lane: String?

  public func validate() throws {
    if let lane { try validated(try OptionValues.lane(lane)) }
  }

  /// The lane's id for the web boards: `--lane` (or the deprecated `--lane-name`, with a
  /// warning), else the credentials' user with `--broker` (`broker`, the settings read),
  /// as the centre link takes it, else `1`.
  ///
  /// - Throws: ``LaneFailure`` (64) when `--lane` and `--lane-name` name different lanes.
  public func laneID(web: HTTPOptions, broker: BrokerSettings?) throws(LaneFailure) -> String {
    if let old = web.deprecatedLaneName {
      Report.line("--lane-name is deprecated; use --lane \(old)")
      if let lane, lane != old {
        throw LaneFailure(.usage, "--lane \(lane) and --lane-name \(old) name different lanes")
      }
    }
    return lane ?? web.deprecatedLaneName ?? broker?.credentials?.username ?? "1"
  }
}

extension LaneAssembly.Settings {
  /// What `lane run` and `lane simulate`'s option groups ask for; a deprecated option is
  /// logged.
  public init(
    session: SessionOptions, centre: CentreOptions, web: HTTPOptions,
    sensorClock: (@Sendable () -> SensorInstant)? = nil
  ) throws {
    let broker = try centre.connection.settings()
    let boards = try web.address()
    self.init(
      journal: session.journal, bowlers: session.bowlerNames, lane: centre.lane, broker: broker,
      boards: boards, boardsLane: try centre.laneID(web: web, broker: broker),
      sensorClock: sensorClock)
  }
}
