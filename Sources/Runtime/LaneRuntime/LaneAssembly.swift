import CentreLink
import Foundation
import Journal
import LaneBridge
import LaneControl
import LaneSensing
import Logging
import ServiceLifecycle
import WebServer

/// One lane's parts around its loop, as every way of running a lane assembles them (`lane
/// run` and `lane simulate`, alone or as one lane of a pair in open play): the journalled
/// session, the centre link publishing it, the inbox with its control socket; and its loop
/// over a sensor that is live (GPIO) or a replay (a trace).
///
/// Rules, each with its reason:
/// 1. Opened in one order, each step refusing before the next begins: the session and its
///    journal (a journal that is not ours creates nothing else), the link, connected or
///    refused (wrong credentials fail before the lane scores), the control socket. What was
///    opened before a refusal is closed again.
/// 2. Run as services of the command's group, listed link, control socket, loop: they stop
///    in the reverse order, so the loop's last records are journalled before the socket
///    refuses corrections, and published before the link waits for the desk.
/// 3. The loop's thread alone uses the session while the loop runs; the command reads it
///    once the group ended (``session``).
public final class LaneAssembly: @unchecked Sendable {
  /// What the command line (or the lane's config file) asks for.
  public struct Settings: Sendable {
    /// The journal, or `nil` to keep the games in memory only.
    public var journal: String?
    /// The bowlers asked for; `nil` to resume the journal's session as it is.
    public var bowlers: [String]?
    /// `--lane`: the lane's id in a new journal's header and on the broker.
    public var lane: String?
    /// Where the centre's broker is, or `nil` without a centre link.
    public var broker: BrokerSettings?
    /// Where to serve the web boards, or `nil` without them (a pair serves its lanes' from
    /// one server).
    public var boards: HTTPAddress?
    /// The lane's id on the boards' pages and in its log records.
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

  /// The session the loop scores into, journalled when a journal was given (rule 3).
  public private(set) var session: JournalledSession<AnyJournalStore>
  /// The centre link, `nil` without a broker.
  public let link: LaneLink?
  /// Console lines and corrections from the control socket and the desk.
  public let inbox: LaneInbox
  /// The lane's id on its boards and in its log records.
  public let id: String
  public let logger: Logger
  private let control: ControlSocket?
  private let journalled: Bool

  /// Opens the session (and the link publishing it, connected) and the control socket
  /// beside the journal (rule 1).
  ///
  /// - Parameters:
  ///   - wake: Ends the sensor's wait when something is posted to the inbox.
  ///   - logger: The lane's logger: its warnings and notes, its link's.
  /// - Throws: The journal's (``SessionJournal/open(path:bowlers:lane:logger:publishing:)``),
  ///   the link's (``LaneLink/made(lane:settings:origin:journal:sensorClock:logger:)``,
  ///   ``LaneLink/started()``), `ControlSocket.SetupError` when the control socket cannot
  ///   be created.
  public static func open(
    _ settings: Settings, wake: @escaping @Sendable () -> Void = {}, logger: Logger
  ) async throws -> LaneAssembly {
    var link: LaneLink?
    let session = try SessionJournal.open(
      path: settings.journal, bowlers: settings.bowlers, lane: settings.lane, logger: logger
    ) { origin -> LaneSessions? in
      guard let broker = settings.broker else { return nil }
      let made = try LaneLink.made(
        lane: settings.lane, settings: broker, origin: origin, journal: settings.journal,
        sensorClock: settings.sensorClock, logger: logger)
      link = made
      return made.publishing
    }
    do {
      try await link?.started()
      let inbox = LaneInbox(wake: wake)
      link?.requests.deliver(to: inbox)
      let control = try ControlSocket.made(besideJournal: settings.journal)
      return LaneAssembly(
        session: session, link: link, inbox: inbox, control: control, id: settings.boardsLane,
        journalled: settings.journal != nil, logger: logger)
    } catch {
      _ = await link?.finish(within: .zero)
      throw error
    }
  }

  private init(
    session: JournalledSession<AnyJournalStore>, link: LaneLink?, inbox: LaneInbox, control: ControlSocket?,
    id: String, journalled: Bool, logger: Logger
  ) {
    self.session = session
    self.link = link
    self.inbox = inbox
    self.control = control
    self.id = id
    self.journalled = journalled
    self.logger = logger
  }

  /// The display the loop shows its events on: `local`, the centre link when the lane has
  /// one, and the web boards of `hub` when they are served.
  public func display(around local: any LaneDisplay, boards hub: BoardHub?) -> any LaneDisplay {
    var display = local
    if let link { display = CentreLinkDisplay(local: display, link: link.inputs) }
    if let hub { display = DisplayPair(display, WebDisplay(lane: id, hub: hub)) }
    return display
  }

  /// Closes what ``open(_:wake:logger:)`` opened, for an assembly whose services never ran
  /// (the other lane of its pair could not be opened): the link goes offline at once.
  public func discard() async {
    control?.close()
    _ = await link?.finish(within: .zero)
  }

  /// Ends the session and opens the next one for one unnamed bowler, as `author`: a lane of
  /// a pair after a league night the desk ended (``PairMachine`` rule 4), its id after the
  /// night's in `sessions`.
  ///
  /// - Throws: The journal's ``JournalError``.
  public func openSession(by author: String, after sessions: [String] = []) throws(JournalError) {
    _ = try session.endSession(by: author, at: Date(), next: [], after: sessions)
  }

  /// Ends the session for a league night's start, as `author`, and opens the next one.
  ///
  /// - Returns: The end's record and the next session's start.
  /// - Throws: ``JournalError`` when the journal cannot be written.
  func endSession(by author: String) throws(JournalError) -> (end: JournalEntry, next: JournalEntry) {
    let made = try session.endSession(by: author, at: Date(), next: [])
    return (made.end, made.start)
  }

  /// The services around the loop, in the order they start (rule 2): the link, the control
  /// socket.
  public var services: [ServiceGroupConfiguration.ServiceConfiguration] {
    var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
    if let link {
      services.append(.init(service: LinkService(link: link, journalled: journalled, logger: logger)))
    }
    if let control {
      services.append(
        .init(service: ControlSocketService(socket: control, inbox: inbox), successTerminationBehavior: .ignore))
    }
    return services
  }

  /// The lane's loop on `sensor` as a service: `runner` scoring into the session, each event
  /// shown on `display`; the link's health monitor sees every reading when the lane has a
  /// link (without one the sensor is read directly: the wrapper cost 6 % of a replay's
  /// instructions), and a replay is paced at `speed` times its own pace when one is given,
  /// its waits ended by `stop`.
  ///
  /// - Parameters:
  ///   - after: Opened when the loop may start (its boards listen).
  ///   - ended: Told how the loop ended, as it ends.
  public func loop(
    _ sensor: some PinSensor, runner: LaneRunner, display: Shown, pacedAt speed: Double? = nil,
    stop: StopRequest, after: Gate? = nil, ended: @escaping @Sendable (LaneEvent.Status) -> Void = { _ in }
  ) -> LoopService {
    let job = Job(self, sensor: sensor, runner: runner, display: display, pacedAt: speed)
    return LoopService(name: "lane \(id)", stop: stop, after: after, ended: ended) { stop in try job.run(until: stop) }
  }

  /// What a lane's loop shows its events on, kept from one of its loops to the next (a
  /// pair's lanes play on after a start the desk could not make): a display gathers its
  /// report as it goes.
  public final class Shown: @unchecked Sendable {
    public var display: any LaneDisplay

    public init(_ display: any LaneDisplay) {
      self.display = display
    }
  }

  /// A loop handed to its thread: the assembly's session, the sensor and the display are
  /// used there alone while it runs (rule 3). Generic only in its initialiser, so that the
  /// thread captures no generic type.
  private final class Job: @unchecked Sendable {
    private let body: (StopRequest) throws -> LaneEvent.Status

    init<Sensor: PinSensor>(
      _ lane: LaneAssembly, sensor: Sensor, runner: LaneRunner, display shown: Shown, pacedAt speed: Double?
    ) {
      let observer = lane.link?.sensorObserver
      body = { stop in
        func paced(_ sensor: some PinSensor) throws -> LaneEvent.Status {
          guard let speed else {
            var sensor = sensor
            return try runner.run(
              &sensor, journal: &lane.session, display: &shown.display, inbox: lane.inbox, until: { stop.isRequested })
          }
          var pacedSensor = PacedSensor(sensor, clock: ContinuousWallClock(waking: stop.wake), speed: speed)
          return try runner.run(
            &pacedSensor, journal: &lane.session, display: &shown.display, inbox: lane.inbox,
            until: { stop.isRequested })
        }
        if let observer { return try paced(ObservedSensor(sensor, observer: observer)) }
        return try paced(sensor)
      }
    }

    func run(until stop: StopRequest) throws -> LaneEvent.Status { try body(stop) }
  }
}

extension ControlSocket {
  /// The control socket beside `journal` (`JOURNAL.sock`), listening; `nil` without a
  /// journal (nothing to correct after the run).
  ///
  /// - Throws: ``SetupError`` when the socket cannot be created.
  static func made(besideJournal journal: String?) throws(SetupError) -> ControlSocket? {
    guard let journal else { return nil }
    return try ControlSocket(path: path(forJournal: journal))
  }
}
