import Centre
import CentreLink
import Journal
import LaneBridge
import LaneSensing
import League
import Logging
import ServiceLifecycle

/// Both lanes' centre links of a pair bowling a league night: each lane publishes the whole
/// night under its own id, as its own broker user, from the one journal (one source of
/// records, which the night's store feeds), keeps its own acknowledgement beside the journal
/// (``AcknowledgementFile/init(besideJournal:lane:)``), and hands the desk's league
/// corrections sent to either lane to the pair's inbox.
public final class PairLinks: Sendable {
  /// The settings of each lane's link, left then right.
  public struct Settings: Sendable {
    public var left: BrokerSettings
    public var right: BrokerSettings

    public init(left: BrokerSettings, right: BrokerSettings) {
      self.left = left
      self.right = right
    }

    /// The links of a night the desk started on a pair in open play: each lane's broker
    /// settings as its open play has them (`lanes`, left then right); `nil` without a broker.
    public init?(_ lanes: [LaneAssembly.Settings]) {
      guard lanes.count == 2, let left = lanes[0].broker, let right = lanes[1].broker else { return nil }
      self.init(left: left, right: right)
    }
  }

  public let left: LaneLink
  public let right: LaneLink
  public let pair: Payload.Pair

  /// Hands each reading of a lane's sensor to its link's health monitor
  /// (``ObservedSensor``).
  public func observer(of lane: PairSide) -> @Sendable (SensorReading) -> Void {
    lane == .left ? left.sensorObserver : right.sensorObserver
  }

  /// Each link's inputs, for ``PairLinkDisplay``.
  public var inputs: (left: AsyncStream<LaneLink.Input>.Continuation, right: AsyncStream<LaneLink.Input>.Continuation) {
    (left.inputs, right.inputs)
  }

  /// The pair's lanes' ids: `lanes` when a config file names them, else each lane's
  /// credentials' user.
  ///
  /// - Throws: ``LinkStartError`` when a lane has no id or both have the same one.
  public static func pair(_ settings: Settings, lanes: (left: String, right: String)?) throws(LinkStartError) -> Payload.Pair {
    func id(_ named: String?, _ settings: BrokerSettings, _ side: String) throws(LinkStartError) -> LaneID {
      guard let name = named ?? settings.credentials?.username, let id = try? LaneID(name) else {
        throw .noPairLaneID(side: side)
      }
      return id
    }
    let pair = Payload.Pair(
      left: try id(lanes?.left, settings.left, "left"), right: try id(lanes?.right, settings.right, "right"))
    guard pair.left != pair.right else { throw .samePairLanes(pair.left) }
    return pair
  }

  /// Makes both lanes' links on `open`, the night's records, and connects them, waiting
  /// until each is connected or refused; when the right lane's fails, the left's is taken
  /// offline again.
  ///
  /// - Parameters:
  ///   - pair: The lanes, from ``pair(_:lanes:)``.
  ///   - league: The league's name, on each lane's board.
  ///   - sensorClock: Reads the lanes' sensors' clock, when it is the monotonic clock (a
  ///     live pair), for the health monitors.
  ///   - logger: The pair's; each link's records name its lane.
  /// - Throws: As ``LaneLink/made(lane:settings:origin:journal:sensorClock:logger:)`` and
  ///   ``LaneLink/started()``.
  public static func started(
    _ settings: Settings, pair: Payload.Pair, open: JournalOutboxSource, league: String, journal: String?,
    sensorClock: (@Sendable () -> SensorInstant)? = nil, logger: Logger
  ) async throws -> PairLinks {
    func start(_ lane: LaneID, _ settings: BrokerSettings) async throws -> LaneLink {
      var logger = logger
      logger[metadataKey: LogKey.lane] = "\(lane)"
      let link = try LaneLink.made(
        lane, settings: settings, open: open,
        acknowledgementFile: journal.map { AcknowledgementFile(besideJournal: $0, lane: lane) },
        journal: journal, sensorClock: sensorClock, night: (pair, league), logger: logger)
      try await link.started()
      return link
    }
    let left = try await start(pair.left, settings.left)
    do {
      return PairLinks(left: left, right: try await start(pair.right, settings.right), pair: pair)
    } catch {
      _ = await left.finish(within: .zero)
      throw error
    }
  }

  private init(left: LaneLink, right: LaneLink, pair: Payload.Pair) {
    self.left = left
    self.right = right
    self.pair = pair
  }

  /// Posts the desk's league corrections, sent to either lane, to the pair's inbox.
  public func deliver(to inbox: LaneInbox) {
    left.requests.deliver(to: inbox)
    right.requests.deliver(to: inbox)
  }

  /// Both lanes' links as one service: when it stops, both wait for the desk's
  /// acknowledgement at once (``LinkService``), each record naming its lane.
  public func service(journalled: Bool, logger: Logger) -> some Service {
    let links = [(left, pair.left), (right, pair.right)].map { link, lane in
      var logger = logger
      logger[metadataKey: LogKey.lane] = "\(lane)"
      return LinkService(link: link, journalled: journalled, logger: logger)
    }
    return Both(links: links)
  }

  private struct Both: Service {
    let links: [LinkService]

    func run() async {
      await withTaskGroup(of: Void.self) { group in
        for link in links { group.addTask { await link.run() } }
      }
    }
  }
}
