import CentreLink
import LaneApplication
import LaneBridge
import LaneConfiguration
import LaneHardware
import LaneOptions
import POSIX

#if canImport(Glibc)
  import Glibc
#endif

/// `lane run` on a pair's config file on a league night: the options a pair takes, both
/// lanes' wirings opened (a mistake there creates no journal), then the night on them
/// (``LivePairNight``), each lane's sensor read on a thread of its own, one journal for the
/// pair. Without `--league`, open play (``runOpenPlay()``, in `PairRun+OpenPlay.swift`).
public struct PairRun {
  /// The config file as read, `nil` without `--config`, and its path.
  public var config: LaneConfig?
  public var configPath: String?
  /// `--league`, the night file.
  public var league: String?
  /// A lane's own options given on the command line, as spelled: a pair refuses them.
  public var given: [String]
  public var web: HTTPOptions
  public var journal: String?
  public var detector: DetectorOptions
  /// Who console corrections are from.
  public var operatorName: String

  /// `lane run`'s options, for a pair: those of a lane's own that were given are kept in
  /// ``given`` to be refused.
  public init(
    config: LaneConfig?, configOptions: ConfigOptions, league: String?, wiring: WiringOptions,
    session: SessionOptions, json: Bool, centre: CentreOptions, web: HTTPOptions, detector: DetectorOptions,
    operatorName: String
  ) {
    self.config = config
    configPath = configOptions.config
    self.league = league
    let lanesOwn: [(String, Bool)] = [
      ("--wiring", wiring.wiring != nil), ("--bowlers", session.bowlers != nil), ("--json", json),
      ("--lane", centre.lane != nil), ("--broker", centre.connection.broker != nil),
      ("--mqtt-credentials", !centre.connection.credentialsFiles.isEmpty), ("--cafile", centre.connection.cafile != nil),
    ]
    given = lanesOwn.filter(\.1).map(\.0)
    self.web = web
    journal = session.journal
    self.detector = detector
    self.operatorName = operatorName
  }

  /// Runs the night until a stop signal.
  ///
  /// - Throws: ``LaneFailure``: 64 without a pair, or with a lane's own option (or its
  ///   journal or bowlers in the file); a wiring's failure naming its lane; what
  ///   ``LivePairNight`` throws. Without a night, what ``runOpenPlay()`` throws.
  public func run() throws {
    guard let league else { return try runOpenPlay() }
    guard let config, let pair = config.pair else {
      throw LaneFailure(
        .usage, "--league needs a pair: --config with a file naming two [[lanes]], each with its lane and wiring")
    }
    try Self.check(config, for: .leagueNight, file: configPath)
    do {
      try OptionValues.checkPairRun(given: given)
    } catch {
      throw LaneFailure(.usage, error.message)
    }
    var web = web
    web.fill(from: config)
    let boards = try web.address()
    let links = try Self.links(of: config, pair)
    let wakes = try (StopSignal.wakeEvent(), StopSignal.wakeEvent(), StopSignal.wakeEvent())
    func open(_ lane: LaneConfig.PairLane, wake: WakeEvent) throws(LaneFailure) -> WiredLane {
      try WiringOptions.open(
        wiringFile: lane.wiring, consumer: String("lane-\(lane.lane)".prefix(31)), wake: wake, naming: lane.lane)
    }
    let (left, right) = (try open(pair[0], wake: wakes.0), try open(pair[1], wake: wakes.1))
    try LivePairNight.run(
      LivePairNight.Settings(
        night: league, journal: journal ?? config.journal, lanes: (pair[0].lane, pair[1].lane),
        operatorName: operatorName, boards: boards, links: links),
      left: .init(sensor: left.sensor, wake: wakes.0, detector: detector.configuration(over: left.detector)),
      right: .init(sensor: right.sensor, wake: wakes.1, detector: detector.configuration(over: right.detector)),
      wake: wakes.2,
      console: isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal ? ConsoleRoute.reading() : nil,
      output: { text in
        var output = StandardOutput()
        output.write(text)
      }, report: Report.line)
  }

  /// Each lane's link to the file's `[centre] broker` as the user its `[[lanes]]`
  /// `credentials` name; `nil` without a broker.
  ///
  /// - Throws: ``LaneFailure``: 78 when a lane has no credentials (the file's problem), 66
  ///   for a credentials file that cannot be read, 64 for one that is wrong.
  static func links(of config: LaneConfig, _ pair: [LaneConfig.PairLane]) throws(LaneFailure) -> PairLinks.Settings? {
    guard let broker = config.centre.broker else { return nil }
    func settings(_ lane: LaneConfig.PairLane) throws(LaneFailure) -> BrokerSettings {
      guard let credentials = lane.credentials else {
        throw LaneFailure(
          .badConfiguration,
          "the config file's [centre] names a broker, but lane \(lane.lane)'s [[lanes]] has no credentials:"
            + " each lane of a pair publishes as its own broker user (deploy/centre/add-lane.sh)")
      }
      return try BrokerSettings(
        url: broker, credentials: credentials, cafile: config.centre.cafile, certfile: nil, keyfile: nil)
    }
    return PairLinks.Settings(left: try settings(pair[0]), right: try settings(pair[1]))
  }
}
