import CentreLink
import Journal
import LaneBridge
import LaneControl
import LaneSensing
import MQTT
import WebServer

/// A lane's parts around its loop, as `lane run` and `lane simulate` both assemble them: the
/// journalled session, the centre link, the web boards, and the inbox with its control
/// socket. The command adds its sensor and its local display, and runs the loop.
///
/// Opened in one order (session and link, boards, inbox, control socket) and closed in the
/// reverse one by ``close()``: the link last, so it can wait for the desk's acknowledgement
/// of everything the lane journalled.
public final class LaneAssembly {
  /// What the command line (or the lane's config file) asks for.
  public struct Settings {
    /// The journal, or `nil` to keep the games in memory only.
    public var journal: String?
    /// The bowlers asked for; `nil` to resume the journal's session as it is.
    public var bowlers: [String]?
    /// `--lane`: the lane's id in a new journal's header and on the broker.
    public var lane: String?
    /// Where the centre's broker is, or `nil` without a centre link.
    public var broker: BrokerSettings?
    /// Where to serve the web boards, or `nil` without them.
    public var boards: HTTPAddress?
    /// The lane's id on the boards' pages.
    public var boardsLane: String
    /// The sensor's clock, for the link's health monitor (a live lane's).
    public var sensorClock: (@Sendable () -> SensorInstant)?

    public init(
      journal: String?, bowlers: [String]?, lane: String?, broker: BrokerSettings?,
      boards: HTTPAddress?, boardsLane: String, sensorClock: (@Sendable () -> SensorInstant)? = nil
    ) {
      self.journal = journal
      self.bowlers = bowlers
      self.lane = lane
      self.broker = broker
      self.boards = boards
      self.boardsLane = boardsLane
      self.sensorClock = sensorClock
    }
  }

  /// The session the loop scores into, journalled when a journal was given.
  public var session: JournalledSession<AnyJournalStore>
  /// The centre link, `nil` without a broker.
  public let link: LaneLink?
  /// Console lines and corrections from the control socket and the desk.
  public let inbox: LaneInbox
  /// Whether the web boards are served.
  public var servesBoards: Bool { boards != nil }

  private let journalled: Bool
  private let boards: (server: RunningBoardServer, display: WebDisplay)?
  private let control: ControlSocket?
  private let report: @Sendable (String) -> Void
  private var closed = false

  /// Opens the session (and the link publishing it), starts the boards and serves
  /// corrections on the journal's control socket.
  ///
  /// - Parameters:
  ///   - wake: Ends the sensor's wait when something is posted to the inbox.
  ///   - report: Where warnings and notes go, one line each.
  /// - Throws: ``LaneFailure``: the journal's, the link's (``LaneLink/started(lane:settings:origin:journal:sensorClock:report:)``),
  ///   69 when the boards' address cannot be bound, 73 when the control socket cannot be
  ///   created. What was started before is stopped.
  public init(
    _ settings: Settings, wake: @escaping @Sendable () -> Void = {},
    report: @escaping @Sendable (String) -> Void
  ) throws {
    self.report = report
    journalled = settings.journal != nil
    var link: LaneLink?
    session = try SessionJournal.open(
      path: settings.journal, bowlers: settings.bowlers, lane: settings.lane, report: report
    ) { origin -> LaneSessions? in
      guard let broker = settings.broker else { return nil }
      let started = try LaneLink.started(
        lane: settings.lane, settings: broker, origin: origin, journal: settings.journal,
        sensorClock: settings.sensorClock, report: report)
      link = started
      return started.publishing
    }
    self.link = link
    var boards: (server: RunningBoardServer, display: WebDisplay)?
    do {
      if let address = settings.boards {
        boards = try Self.serveBoards(on: address, lane: settings.boardsLane, report: report)
      }
      inbox = LaneInbox(wake: wake)
      link?.requests.deliver(to: inbox)
      control = try ControlSocket.serving(inbox, besideJournal: settings.journal)
    } catch {
      boards?.server.stop()
      link?.stop(journalled: settings.journal != nil, report: report)
      throw error
    }
    self.boards = boards
  }

  /// The display the loop shows its events on: `local`, and the centre link and the web
  /// boards when the lane has them.
  public func display(around local: any LaneDisplay) -> any LaneDisplay {
    var display = local
    if let link { display = CentreLinkDisplay(local: display, link: link.inputs) }
    if let boards { display = DisplayPair(display, boards.display) }
    return display
  }

  /// Runs the lane's loop on `sensor` until it ends or `shouldStop`: the centre link's
  /// health monitor sees every reading when the lane has a link (without one the sensor is
  /// read directly: the wrapper cost 6 % of a replay's instructions), and a replay is paced
  /// at `speed` times its own pace when one is given.
  ///
  /// - Throws: What ``LaneRunner/run(_:journal:display:commands:inbox:until:)`` throws.
  @discardableResult
  public func run(
    _ sensor: some PinSensor, with runner: LaneRunner, display: inout any LaneDisplay,
    pacedAt speed: Double? = nil, until shouldStop: () -> Bool
  ) throws -> LaneEvent.Status {
    func paced(_ sensor: some PinSensor) throws -> LaneEvent.Status {
      guard let speed else {
        var sensor = sensor
        return try runner.run(&sensor, journal: &session, display: &display, inbox: inbox, until: shouldStop)
      }
      var pacedSensor = PacedSensor(sensor, clock: ContinuousWallClock(), speed: speed)
      return try runner.run(&pacedSensor, journal: &session, display: &display, inbox: inbox, until: shouldStop)
    }
    if let observer = link?.sensorObserver {
      return try paced(ObservedSensor(sensor, observer: observer))
    }
    return try paced(sensor)
  }

  /// Stops the control socket and the boards, then the link after waiting for the desk
  /// (``LaneLink/stoppingWait``); tells `report` what the desk does not have.
  public func close() {
    guard !closed else { return }
    closed = true
    control?.close()
    boards?.server.stop()
    link?.stop(journalled: journalled, report: report)
  }

  deinit { close() }

  private static func serveBoards(
    on address: HTTPAddress, lane: String, report: (String) -> Void
  ) throws(LaneFailure) -> (server: RunningBoardServer, display: WebDisplay) {
    let hub = BoardHub()
    let display = WebDisplay(lane: lane, hub: hub)
    do {
      let server = try RunningBoardServer.start(BoardServer(hub: hub, address: address))
      report("serving the boards on \(server.url)/ (this lane: \(server.url)/lanes/\(lane))")
      return (server, display)
    } catch {
      throw LaneFailure(.unavailable, "\(error)")
    }
  }
}
