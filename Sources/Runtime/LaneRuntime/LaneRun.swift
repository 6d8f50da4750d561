import Bowling
import Centre
import Journal
import LaneBridge
import LaneSensing
import Logging
import ServiceLifecycle
import WebServer

/// One lane run by a command, live (`lane run` on a wiring) or a replay (`lane simulate` of
/// a trace): the two differ only in the sensor and in these settings. Its lane
/// (``LaneAssembly``), its web boards, the operator's console and its loop run as one group
/// of services (``Lifecycle``) until the sensor ends or a stop; a run with nothing to serve
/// or link (a plain replay) is its loop alone (``Lifecycle/alone(stop:_:)``).
///
/// Rules, each with its reason:
/// 1. The boards listen before the loop starts: a page never misses a throw, and an address
///    that cannot be bound starts no loop (69).
/// 2. A replay that serves boards keeps serving them once its trace ended, until a stop: a
///    browser can look at the games.
/// 3. The loop's failure (the journal, the sensor) stops the other services gracefully, the
///    link still waiting for the desk, and is the run's failure.
///
/// Sendable by hand: its local display is handed to the loop's thread, which alone uses it.
public struct LaneRun: @unchecked Sendable {
  /// The lane's parts as the command line or config file asks for them.
  public var settings: LaneAssembly.Settings
  public var runner: LaneRunner
  /// What the lane shows locally: the console board, a log, JSON lines, the replay's report.
  public var local: any LaneDisplay
  /// A replay's pace, times the trace's own; `nil` as fast as it can (or live).
  public var pace: Double?
  /// Whether the operator types corrections on the console (a terminal).
  public var console: Bool
  /// Whether what is posted to the inbox wakes the sensor's wait (a live lane's, whose wait
  /// blocks in the kernel); a replay's runner looks at its inbox between readings.
  public var inboxWakes: Bool
  /// The wiring as opened, for the link's status (a live lane's).
  public var wiring: Payload.Status.Wiring?

  public init(
    settings: LaneAssembly.Settings, runner: LaneRunner, local: any LaneDisplay, pace: Double? = nil,
    console: Bool = false, inboxWakes: Bool = false, wiring: Payload.Status.Wiring? = nil
  ) {
    self.settings = settings
    self.runner = runner
    self.local = local
    self.pace = pace
    self.console = console
    self.inboxWakes = inboxWakes
    self.wiring = wiring
  }

  /// How a run ended.
  public struct Ending: Sendable {
    /// How the loop ended; `nil` when it never started (a stop before the boards listened).
    public var status: LaneEvent.Status?
    /// The session as the loop left it.
    public var session: LaneSession
  }

  /// Runs the lane on `sensor` until it ends or a stop (rule 2: a replay serving boards,
  /// until a stop), the stop signals taken from the start (``Lifecycle/command(logger:_:)``,
  /// or ``Lifecycle/alone(stop:_:)`` when it serves nothing).
  ///
  /// - Parameters:
  ///   - stop: The loop's stop; its wake event is the one `sensor`'s waits watch, if any.
  /// - Throws: What ``LaneAssembly/open(_:wake:logger:)`` throws, the boards' address that
  ///   cannot be bound (`BoardServerService.StartError`); what the loop throws (rule 3).
  /// - Returns: How it ended; `nil` when a second stop signal ended it at once.
  public func run(_ sensor: some PinSensor, stop: StopRequest, logger: Logger) async throws -> Ending? {
    let handed = Handed(sensor)
    guard servesNothing else {
      return try await Lifecycle.command(logger: logger) {
        try await self.runServices(handed.sensor, stop: stop, logger: logger)
      }
    }
    return try await Lifecycle.alone(stop: stop) { try await self.runLoop(handed.sensor, stop: stop, logger: logger) }
  }

  /// Whether the run has nothing to serve or link beside its loop: no boards, no centre
  /// link, no journal (whose control socket is served) and no console. Such a run (a plain
  /// replay) is its loop alone (``Lifecycle/alone(stop:_:)``), without a group of services.
  var servesNothing: Bool {
    settings.boards == nil && settings.broker == nil && settings.journal == nil && !console
  }

  /// Runs the loop of a run that serves nothing until the sensor ends or `stop`, on a thread
  /// of its own, as ``runServices(_:stop:logger:)`` runs it among its services.
  ///
  /// - Throws: As ``run(_:stop:logger:)``.
  func runLoop(_ sensor: some PinSensor, stop: StopRequest, logger: Logger) async throws -> Ending {
    let sensorWake = inboxWakes ? stop.wake : nil
    let lane = try await LaneAssembly.open(settings, wake: { sensorWake?.signal() }, logger: logger)
    let loop = lane.loop(
      sensor, runner: runner, display: .init(lane.display(around: local, boards: nil)), pacedAt: pace, stop: stop)
    try await loop.run()
    return Ending(status: loop.ending, session: lane.session.session)
  }

  /// The sensor, handed to the command's service, which alone reads it.
  private final class Handed<Sensor: PinSensor>: @unchecked Sendable {
    let sensor: Sensor

    init(_ sensor: Sensor) { self.sensor = sensor }
  }

  /// Runs the lane's services as a group nested in the caller's (``run(_:stop:logger:)``'s,
  /// which takes the stop signals; a test's, which stops it by its own group's graceful
  /// shutdown) until the sensor ends or that shutdown.
  ///
  /// - Throws: As ``run(_:stop:logger:)``.
  public func runServices(_ sensor: some PinSensor, stop: StopRequest, logger: Logger) async throws -> Ending {
    let sensorWake = inboxWakes ? stop.wake : nil
    let wake: @Sendable () -> Void = { sensorWake?.signal() }
    let lane = try await LaneAssembly.open(settings, wake: wake, logger: logger)
    if let wiring { lane.link?.inputs.yield(.wiring(wiring)) }
    var services = lane.services
    var hub: BoardHub?
    var listening: Gate?
    if let address = settings.boards {
      let boards = BoardHub()
      let gate = Gate()
      let id = lane.id
      services.append(
        .init(
          service: BoardServerService(BoardServer(hub: boards, address: address), logger: logger) { url in
            logger.notice("serving the boards on \(url)/ (this lane: \(url)/lanes/\(id))")
            gate.open()
          }))
      (hub, listening) = (boards, gate)
    }
    if console {
      let reader = try ConsoleService()
      reader.route(to: lane.inbox)
      services.append(.init(service: reader, successTerminationBehavior: .ignore))
    }
    let servesAfterEnd = hub != nil
    let loop = lane.loop(
      sensor, runner: runner, display: .init(lane.display(around: local, boards: hub)), pacedAt: pace, stop: stop,
      after: listening
    ) { status in
      if servesAfterEnd, case .sensorEnded = status {
        logger.notice("the trace ended; serving the boards until stopped")
      }
    }
    services.append(loop.configuration(servesAfterEnd: servesAfterEnd))
    try await Lifecycle.runNested(services, logger: logger)
    return Ending(status: loop.ending, session: lane.session.session)
  }
}
