import Bowling
import Centre
import Foundation
import Journal
import LaneBridge
import LaneSensing
import League
import Logging
import ServiceLifecycle
import Synchronization
import WebServer

/// A pair of lanes run by one command, live (`lane run --config PAIR.toml`) or replayed
/// (`lane simulate --config PAIR.toml LEFT RIGHT`, `lane simulate --league NIGHT LEFT
/// RIGHT`): a league night from the start (`--league`), or an evening of open play and the
/// nights the desk starts on it. The ways differ only in the lanes' source and in these
/// settings: the ``PairMachine`` says which way the pair plays next, ``OpenPlay`` and
/// ``NightPlay`` play it, each as a group of services within the command's one group
/// (``Lifecycle``), opened when it begins and closed before the next: the lanes' broker
/// users publish one journal at a time.
public struct PairRun: Sendable {
  /// What the command asks for.
  public struct Settings: Sendable {
    /// Where to serve the boards (each way of playing serves its own), or `nil`.
    public var boards: HTTPAddress?
    /// Who console corrections are from.
    public var operatorName: String
    /// Whether the scorer types at the console (a terminal).
    public var console: Bool
    /// One line per delivery and correction of a night as it is journalled.
    public var nightLog: Bool
    /// Takes a night's log lines, newline included (standard output).
    public var output: @Sendable (String) -> Void
    /// Shows how a night's loop ended, as it ends: its board, how it ended, its journal.
    public var nightEnded: @Sendable (NightEnding, _ journal: String?) -> Void

    public init(
      boards: HTTPAddress?, operatorName: String = "console", console: Bool, nightLog: Bool,
      output: @escaping @Sendable (String) -> Void,
      nightEnded: @escaping @Sendable (NightEnding, _ journal: String?) -> Void
    ) {
      self.boards = boards
      self.operatorName = operatorName
      self.console = console
      self.nightLog = nightLog
      self.output = output
      self.nightEnded = nightEnded
    }
  }

  /// A night the command names (`--league`).
  public struct CommandNight: Sendable {
    public var file: String
    public var journal: String?
    /// The pair's lanes' ids when a config file names them, else each lane's credentials'
    /// user names it.
    public var lanes: (left: String, right: String)?
    /// Each lane's broker settings, for the centre link; `nil` without one.
    public var links: PairLinks.Settings?

    public init(file: String, journal: String?, lanes: (left: String, right: String)?, links: PairLinks.Settings?) {
      self.file = file
      self.journal = journal
      self.lanes = lanes
      self.links = links
    }
  }

  /// An evening of open play and the desk's nights.
  public struct Evening: Sendable {
    /// Each lane's parts as one lane's run of it has them, left then right.
    public var lanes: [LaneAssembly.Settings]
    /// Each lane's wiring as opened, for its link's status (a live pair's).
    public var wirings: [Payload.Status.Wiring]?
    /// Why the pair cannot bowl a night on, if it cannot (a replay of standard input).
    public var refusingNights: String?
    /// Each lane's local display for a round of open play, by its index (0 left) and id.
    public var display: @Sendable (Int, String) -> any LaneDisplay
    /// Shows how open play ended: each lane's id, session and how its loop ended.
    public var openPlayEnded: @Sendable ([String], [LaneSession], [LaneEvent.Status?]) throws -> Void

    public init(
      lanes: [LaneAssembly.Settings], wirings: [Payload.Status.Wiring]? = nil, refusingNights: String? = nil,
      display: @escaping @Sendable (Int, String) -> any LaneDisplay,
      openPlayEnded: @escaping @Sendable ([String], [LaneSession], [LaneEvent.Status?]) throws -> Void
    ) {
      self.lanes = lanes
      self.wirings = wirings
      self.refusingNights = refusingNights
      self.display = display
      self.openPlayEnded = openPlayEnded
    }

    /// Where the desk's nights are kept: beside the left lane's journal; `nil` when it keeps
    /// none.
    public var nights: DeskNights? {
      lanes.first?.journal.map(DeskNights.init(besideJournal:))
    }
  }

  /// How a night's run ended.
  public struct NightEnding: Sendable {
    public var status: LaneEvent.Status?
    public var board: LeagueBoard
    /// The deliveries journalled.
    public var deliveries: Int
    /// Who ended it at the desk, if the desk did.
    public var endedBy: String?
  }

  public var settings: Settings
  public var logger: Logger

  /// - Parameter logger: The pair's; its records name the pair, and each lane's its lane.
  public init(_ settings: Settings, pair: [String], logger: Logger) {
    self.settings = settings
    var logger = logger
    logger[metadataKey: LogKey.pair] = "\(pair.joined(separator: "+"))"
    self.logger = logger
  }

  /// Bowls `night` on the lanes `opening` opens (once the night's parts are) until the
  /// sensors end or a stop.
  ///
  /// - Throws: As ``NightPlay/run(_:opening:)``.
  public func run<Sensor: PinSensor>(
    _ night: CommandNight, from source: LaneSource,
    opening: @escaping @Sendable () throws -> PairLanes<Sensor>
  ) async throws {
    let console = settings.console ? try ConsoleService() : nil
    let mode = PairMode(PairMachine(keepsNights: false))
    let first = mode.with { $0.begin(commandNight: true, current: nil) }
    let drive = Drive(mode: mode, first: first) { step in
      guard case .bowl = step else { return [.finish] }
      try await self.bowl(
        NightPlay.Settings(
          night: night.file, journal: night.journal, lanes: night.lanes, links: night.links,
          boards: self.settings.boards, operatorName: self.settings.operatorName, console: console,
          log: self.settings.nightLog),
        from: source, opening: opening)
      return mode.with { $0.nightEnded(endedBy: nil) }
    }
    try await Lifecycle.run(Self.services(drive, console: console), logger: logger)
  }

  /// Plays the evening on `lanes`: open play until the desk starts a night, the night until
  /// the desk ends it, open play again, until a stop (or, replayed, the traces' end).
  ///
  /// - Throws: As ``OpenPlay`` and ``NightPlay`` do, and ``DeskNights``' ``DeskNights/Failure``.
  public func run<Base: PinSensor>(_ evening: Evening, on lanes: PairLanes<KeptOpenSensor<Base>>) async throws {
    try await Lifecycle.run(try services(evening, on: lanes), logger: logger)
  }

  /// The evening's services (``run(_:on:)``'s), for a group that takes the stop signals, or
  /// a test's, which stops it by its graceful shutdown.
  ///
  /// - Throws: The console's error when it cannot be read, ``DeskNights/Failure`` when the
  ///   desk's current night cannot (``DeskNights/current()``).
  public func services<Base: PinSensor>(
    _ evening: Evening, on lanes: PairLanes<KeptOpenSensor<Base>>
  ) throws -> [ServiceGroupConfiguration.ServiceConfiguration] {
    let console = settings.console ? try ConsoleService() : nil
    let nights = evening.nights
    let mode = PairMode(PairMachine(keepsNights: nights != nil, refusing: evening.refusingNights))
    let open = OpenPlay(
      OpenPlay.Settings(
        lanes: evening.lanes, boards: settings.boards, operatorName: settings.operatorName, console: console,
        nights: nights, wirings: evening.wirings, display: evening.display, ended: evening.openPlayEnded),
      lanes: lanes, mode: mode, logger: logger)
    let links = PairLinks.Settings(evening.lanes)
    let ids = (left: lanes.left.id, right: lanes.right.id)
    let current = try nights?.current()
    let first = mode.with { $0.begin(commandNight: false, current: current) }
    // The sessions what starts next follows (SessionRotation rule 5): the lanes' sessions a
    // night follows, the night the lanes' next sessions follow.
    let follows = Mutex<[String]>([])
    let drive = Drive(mode: mode, first: first) { step in
      switch step {
      case .playOpen(let author):
        let after = follows.withLock { $0 }
        guard case .night(let night, let sessions) = try await open.run(newSessionsBy: author, after: after) else {
          return [.finish]
        }
        follows.withLock { $0 = sessions }
        return [.bowl(.desk(night))]
      case .resumeOpenPlay:
        // Open play plays on within its own run: the machine never gives this step here.
        return [.finish]
      case .bowl(.desk(let night)):
        self.logger.notice("bowling the league night the desk started: \(night.file), journalled in \(night.journal)")
        let end = DeskNightEnd()
        try await self.bowl(
          NightPlay.Settings(
            night: night.file, journal: night.journal, lanes: ids, links: links, boards: self.settings.boards,
            operatorName: self.settings.operatorName, console: console, log: self.settings.nightLog,
            deskEnds: end, after: follows.withLock { $0 }),
          from: lanes.source, opening: { lanes })
        follows.withLock { $0 = DeskNights.session(of: night) }
        return mode.with { $0.nightEnded(endedBy: end.askedBy) }
      case .closeNight:
        try nights?.end()
        return []
      case .bowl(.command), .startNight, .finish:
        return [.finish]
      }
    }
    return Self.services(drive, console: console)
  }

  /// The command's services: the console (first, so it stops last) and the pair's drive.
  private static func services(
    _ drive: Drive, console: ConsoleService?
  ) -> [ServiceGroupConfiguration.ServiceConfiguration] {
    var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
    if let console { services.append(.init(service: console, successTerminationBehavior: .ignore)) }
    services.append(.init(service: drive, successTerminationBehavior: .gracefullyShutdownGroup))
    return services
  }

  /// Bowls a night, showing how it ended as it ends.
  private func bowl<Sensor: PinSensor>(
    _ night: NightPlay.Settings, from source: LaneSource,
    opening: () throws -> PairLanes<Sensor>
  ) async throws {
    let show = settings.nightEnded
    let journal = night.journal
    _ = try await NightPlay(settings: night, logger: logger, output: settings.output) { show($0, journal) }
      .run(source, opening: opening)
  }

  /// The pair's one service: the machine's steps, each played in turn until the run is
  /// over or a stop.
  private struct Drive: Service {
    let mode: PairMode
    let first: PairMachine.Step
    /// Plays a step; the steps that follow it.
    let play: @Sendable (PairMachine.Step) async throws -> [PairMachine.Step]

    func run() async throws {
      let stopped = Atomic(false)
      try await withGracefulShutdownHandler {
        var steps = [first]
        // A stop between steps ends the run; within one, its services stop.
        while !steps.isEmpty, !stopped.load(ordering: .relaxed) {
          let step = steps.removeFirst()
          if step == .finish { return }
          steps += try await play(step)
        }
      } onGracefulShutdown: {
        stopped.store(true, ordering: .relaxed)
      }
    }
  }
}

/// The pair's machine, shared by its drive and by open play's lanes, whose threads hand it
/// the desk's starts.
final class PairMode: Sendable {
  private let machine: Mutex<PairMachine>

  init(_ machine: PairMachine) {
    self.machine = Mutex(machine)
  }

  func with<Value>(_ body: (inout PairMachine) throws -> Value) rethrows -> Value {
    try machine.withLock { try body(&$0) }
  }
}
