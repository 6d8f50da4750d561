import Centre
import CentreLink
import Journal
import LaneBridge
import LaneSensing
import League

/// Both lanes' centre links of a pair bowling a league night: each lane publishes the whole
/// night under its own id, as its own broker user, from the one journal (one source of
/// records, which the night's store feeds), keeps its own acknowledgement beside the journal
/// (``AcknowledgementFile/init(besideJournal:lane:)``), and hands the desk's league
/// corrections sent to either lane to the pair's inbox.
public final class PairLinks {
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
  /// - Throws: ``LaneFailure``: 64 when a lane has no id or both have the same one.
  public static func pair(_ settings: Settings, lanes: (left: String, right: String)?) throws(LaneFailure) -> Payload.Pair {
    func id(_ named: String?, _ settings: BrokerSettings, _ side: String) throws(LaneFailure) -> LaneID {
      guard let name = named ?? settings.credentials?.username, let id = try? LaneID(name) else {
        throw LaneFailure(
          .usage, "the \(side) lane has no id: give its credentials file (its user is the lane's id)")
      }
      return id
    }
    let pair = Payload.Pair(
      left: try id(lanes?.left, settings.left, "left"), right: try id(lanes?.right, settings.right, "right"))
    guard pair.left != pair.right else {
      throw LaneFailure(
        .usage, "both lanes of the pair are \(pair.left): give each lane its own credentials file")
    }
    return pair
  }

  /// Starts both lanes' links on `open`, the night's records, and waits until each is
  /// connected or refused; when the right lane's fails, the left's is stopped.
  ///
  /// - Parameters:
  ///   - pair: The lanes, from ``pair(_:lanes:)``.
  ///   - league: The league's name, on each lane's board.
  ///   - sensorClock: Reads the lanes' sensors' clock, when it is the monotonic clock (a
  ///     live pair), for the health monitors.
  /// - Throws: ``LaneFailure`` as ``LaneLink/started(lane:settings:origin:journal:sensorClock:report:)``.
  public static func started(
    _ settings: Settings, pair: Payload.Pair, open: JournalOutboxSource, league: String, journal: String?,
    sensorClock: (@Sendable () -> SensorInstant)? = nil, report: @escaping @Sendable (String) -> Void
  ) throws(LaneFailure) -> PairLinks {
    func start(_ lane: LaneID, _ settings: BrokerSettings) throws(LaneFailure) -> LaneLink {
      try LaneLink.started(
        lane, settings: settings, open: open,
        acknowledgementFile: journal.map { AcknowledgementFile(besideJournal: $0, lane: lane) },
        journal: journal, sensorClock: sensorClock, night: (pair, league),
        report: { report("\(lane): \($0)") })
    }
    let left = try start(pair.left, settings.left)
    do {
      return PairLinks(left: left, right: try start(pair.right, settings.right), pair: pair)
    } catch {
      left.stop(journalled: journal != nil, report: report)
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

  /// Waits for the desk's acknowledgement of both lanes at once (at most
  /// ``LaneLink/stoppingWait``), then takes both offline; tells `report` what the desk lacks
  /// of each.
  public func stop(journalled: Bool, report: (String) -> Void) {
    let (left, right) = (self.left, self.right)
    let remainders = Blocking.wait { () async -> (LaneLink.Remainder, LaneLink.Remainder) in
      async let leftRemainder = left.finish(within: LaneLink.stoppingWait)
      async let rightRemainder = right.finish(within: LaneLink.stoppingWait)
      return (await leftRemainder, await rightRemainder)
    }
    for (lane, remainder) in [(pair.left, remainders.0), (pair.right, remainders.1)] {
      if let missing = LaneLink.missing(remainder, journalled: journalled) { report("\(lane): \(missing)") }
    }
  }
}
