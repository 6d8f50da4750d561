import Logging
import Bowling
import Centre
import Foundation
import LaneBridge
import LaneSensing
import MQTT
import SafeFiles
import Synchronization

/// A lane's end of the centre link: the shell around ``LaneLinkMachine``, which decides
/// everything (what to publish, when to resend, what to answer the desk). An actor fed
/// through ``inputs``; scoring never waits for it.
///
/// The shell does what the machine asks and tells it how it went: it publishes over a
/// ``BrokerSession`` (records read from the ``LaneSessions``), writes the acknowledgement
/// to the ``AcknowledgementFile``, hands the desk's requests to the lane loop
/// (``Requests``), and feeds the ``LaneHealthMonitor`` (the disk through a
/// ``DiskSpaceProbe``). It waits on events: inputs, broker messages, connection changes,
/// and one timer set to the machine's next deadline. It is stopped by ``finish(within:)``.
public actor LaneLink {
  /// What the link reacts to.
  public enum Input: Sendable {
    /// The journal made records durable up to this seq.
    case recorded(Int)
    /// The lane's current games, for the retained board.
    case board(JSONValue, seq: Int)
    /// A fault the lane sees (a warning), for the status's `faults`.
    case fault(String)
    /// A reading of the lane's sensor, for the health monitor (``ObservedSensor``).
    case reading(SensorReading)
    /// A delivery the lane scored, for the health monitor.
    case delivered(DetectedThrow)
    /// The lane's wiring as opened, for the status.
    case wiring(Payload.Status.Wiring)
    /// A message from the broker, decoded.
    case received(BrokerSession.Delivery)
    case connection(MQTTClient.ConnectionEvent)
    /// The timer set to the next deadline fired.
    case tick
    /// The lane loop applied (or refused) the desk's request `id`.
    case answered(id: String, LaneRequest.Outcome)
    /// ``finish(within:)``: resumed once the machine is finished.
    case stop(deadline: ContinuousClock.Instant, CheckedContinuation<Void, Never>)
  }

  /// Hands each sensor reading to the health monitor: the observer of an ``ObservedSensor``.
  public nonisolated var sensorObserver: @Sendable (SensorReading) -> Void {
    let inputs = self.inputs
    return { reading in
      _ = inputs.yield(.reading(reading))
    }
  }

  /// The desk's requests: connect them to the lane loop with ``Requests/deliver(to:)``.
  public nonisolated let requests = Requests()

  /// Why the link cannot start: the broker refused the lane's credentials or TLS failed.
  public struct StartFailure: Error, CustomStringConvertible, Sendable {
    public var error: MQTTError
    public var description: String { "\(error)" }
  }

  public nonisolated let inputs: AsyncStream<Input>.Continuation
  let stream: AsyncStream<Input>
  public let lane: LaneID
  /// The pair and the league whose night this lane publishes with the other lane of the
  /// pair, stamped on its events and boards; `nil` for a lane's own sessions.
  let night: (pair: Payload.Pair, league: String)?
  let broker: BrokerSession
  /// The lane's sessions, whose records the machine's outboxes publish.
  let sessions: LaneSessions
  let acknowledgementFile: AcknowledgementFile?
  /// Where the link's faults and warnings go, as the centre link's (`part`).
  let logger: Logger
  var machine: LaneLinkMachine
  /// The machine's clock: its instants are durations since this one.
  let origin = ContinuousClock.now
  private var health: LaneHealthMonitor
  /// The health monitor's faults as last handed to the machine.
  private var healthFaults: [LaneHealthMonitor.Fault] = []
  /// The journal's disk, for rule 4 of ``LaneHealthMonitor``.
  private let disk: DiskSpaceProbe?
  private var nextDiskCheck: Duration = .zero
  /// The sensor's clock now, for a lane whose sensor is stamped on the monotonic clock
  /// (`lane run`); `nil` when only readings carry time (a trace).
  private let sensorClock: (@Sendable () -> SensorInstant)?
  /// The one timer: a ``Input/tick`` at ``timerDeadline``.
  var timer: Task<Void, Never>?
  var timerDeadline: Duration?
  var tasks: [Task<Void, Never>] = []
  /// ``finish(within:)`` waits for the machine to be finished.
  private var finishing: CheckedContinuation<Void, Never>?

  /// How many records one read of a session's source returns at most.
  static let readLimit = 256

  /// A link for `lane`, not yet connected, resuming from the acknowledgement file: what
  /// remains of the session it names, and of every session closed after it, is published
  /// before the open session (``PublishingPlan``).
  ///
  /// - Parameters:
  ///   - open: The open session's source, which the journal's store feeds
  ///     (``JournalOutboxSource/Store`` over ``sessions``).
  ///   - logger: Where each fault or warning for the operator goes.
  ///   - journal: The journal's path, whose disk the health monitor watches and beside
  ///     which closed sessions are kept.
  ///   - health: The health monitor's thresholds.
  ///   - timing: The machine's intervals.
  ///   - sensorClock: Reads the sensor's clock, when it is the monotonic clock.
  ///   - night: The pair and league of the night the journal holds, when this lane is one
  ///     of a pair bowling a league night (both lanes publish the whole night).
  /// - Throws: ``MQTTError`` when the client cannot be configured (an unreadable CA file),
  ///   ``AcknowledgementFile/Failure`` when the acknowledgement file is unreadable,
  ///   ``JournalError`` when the folder of closed sessions beside the journal is not a
  ///   folder or cannot be listed.
  public init(
    lane: LaneID, settings: BrokerSettings, open: JournalOutboxSource,
    acknowledgementFile: AcknowledgementFile?, journal: String? = nil,
    health: LaneHealthMonitor.Thresholds = .init(),
    timing: LaneLinkMachine.Timing = .init(),
    sensorClock: (@Sendable () -> SensorInstant)? = nil,
    night: (pair: Payload.Pair, league: String)? = nil,
    logger: Logger
  ) throws {
    self.lane = lane
    self.night = night
    self.health = LaneHealthMonitor(thresholds: health)
    self.disk = journal.map { DiskSpaceProbe(folder: NewFile.split($0).folder) }
    self.sensorClock = sensorClock
    self.acknowledgementFile = acknowledgementFile
    var logger = logger
    logger[metadataKey: LogKey.part] = "centre link"
    self.logger = logger
    // Counts the lane's connections: milliseconds since 1970 at start, so every later
    // process has a higher one and a stale will is recognisable.
    let epoch = Int(Date().timeIntervalSince1970 * 1000)
    let will = MQTTClient.Will(
      topic: Topic.status(lane).name,
      payload: try CentreMessage.encode(Payload.Status(lane: lane, state: .offline, epoch: epoch)),
      retain: true)
    broker = try BrokerSession(settings: settings, clientPrefix: lane.rawValue, will: will)
    let stored = try acknowledgementFile?.read()
    let closed = try journal.map(LaneSessions.archivedSessions(ofJournal:)) ?? []
    let plan = PublishingPlan(acknowledgement: stored, closed: closed, open: open.session)
    let sessions = LaneSessions.resuming(plan, open: open, journal: journal, logger: logger)
    self.sessions = sessions
    // An outbox for each session to publish (an archive that cannot be read is left out).
    func outbox(_ source: any OutboxSource) -> LaneOutbox {
      LaneOutbox(
        session: source.session, lastRecorded: source.lastSequence,
        acknowledged: plan.items.first { $0.session == source.session }?.acknowledged ?? 0)
    }
    let outboxes = SessionOutboxes(
      closed: sessions.ids.dropLast().compactMap(sessions.source(of:)).map(outbox),
      open: outbox(open), persisted: stored?.session ?? open.session)
    machine = LaneLinkMachine(
      lane: lane, epoch: epoch, version: SoftwareVersion.current, outboxes: outboxes,
      persists: acknowledgementFile != nil, timing: timing, at: .zero)
    if stored == nil {
      // From now on this lane publishes: a session closed before the desk has it all is
      // found from here after a restart (with no file, earlier sessions are not the desk's).
      do {
        try acknowledgementFile?.write(Payload.Ack(session: open.session, upto: 0))
      } catch {
        logger.notice("\(error)")
      }
    }
    (stream, inputs) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .unbounded)
  }

  /// The sessions the link publishes; the journal's store feeds their open session.
  public nonisolated var publishing: LaneSessions { sessions }

  var now: Duration { origin.duration(to: .now) }

  /// Connects once and starts the link's loop.
  ///
  /// - Throws: ``StartFailure`` when the broker refuses the lane (credentials, not
  ///   authorized) or TLS fails: settings to fix, not a broker to wait for. A broker that
  ///   is not there is reported and retried; the lane scores meanwhile.
  public func start() async throws(StartFailure) {
    do {
      try await broker.connect()
      machine.take(.connected, at: now)
      // Subscribed before the lane scores, so no command of the desk's is missed.
      await perform(.subscribe)
    } catch {
      if error.isSettingsProblem { throw StartFailure(error: error) }
      logger.notice("the centre's broker is not reachable (\(error)); the lane scores on and publishes when it is")
      machine.take(.connectFailed, at: now)
    }
    let inputs = self.inputs
    let broker = self.broker
    tasks.append(Task { await broker.receive { inputs.yield(.received($0)) } })
    tasks.append(Task {
      for await event in broker.connectionEvents { inputs.yield(.connection(event)) }
    })
    tasks.append(Task { await self.loop() })
    // The loop publishes what is due at once.
    inputs.yield(.tick)
  }

  private func loop() async {
    for await input in stream {
      await take(input)
      if let finishing, machine.isFinished(at: now) {
        self.finishing = nil
        finishing.resume()
        return
      }
    }
  }

  private func take(_ input: Input) async {
    switch input {
    case .recorded:
      break  // drive() takes what the journal made durable
    case .board(let games, let seq):
      syncRecorded()  // the board is the open session's
      machine.take(.board(games: games, seq: seq), at: now)
    case .fault(let warning):
      machine.take(.warning(warning), at: now)
    case .wiring(let wiring):
      machine.take(.wiring(wiring), at: now)
    case .reading(let reading):
      health.observe(reading)
      // Readings come by the thousand: only a change of the faults is the machine's.
      guard healthChanged() else { return }
    case .delivered(let delivery):
      health.delivered(delivery)
      _ = healthChanged()
    case .received(let delivery):
      take(delivery)
    case .connection(.connected):
      machine.take(.connected, at: now)
    case .connection(.disconnected):
      machine.take(.disconnected, at: now)
    case .tick:
      timerDeadline = nil
      checkHealthClocks()
      machine.take(.tick, at: now)
    case .answered(let id, let outcome):
      machine.take(.answered(id: id, outcome), at: now)
    case .stop(let deadline, let continuation):
      finishing = continuation
      machine.take(.stop(deadline: origin.duration(to: deadline)), at: now)
    }
    await drive()
  }

  private func take(_ delivery: BrokerSession.Delivery) {
    switch delivery {
    case .refused(let topic, let error):
      machine.take(.fault("refused a message on \(topic): \(error)"), at: now)
    case .message(.ack(let target, let ack), _) where target == lane:
      syncRecorded()
      machine.take(.acknowledged(ack), at: now)
    case .message(.deskStatus(let desk), _):
      machine.take(.deskStatus(desk.state), at: now)
    case .message(.command(let target, let command), _) where target == lane:
      // A correction or change of session already journalled is answered from the journal.
      let asks = command.action != .resend && !machine.isPending(command.id)
      let done = asks ? sessions.record(by: LaneRequest.author(of: command)) : nil
      machine.take(
        .command(command, doneBefore: done.map { .init(session: $0.session, seq: $0.seq) }),
        at: now)
    case .message(.displayRequest(let target, let request), _) where target == lane:
      // Always a resend: CentreMessage refuses any other action on a display's topic, and
      // a resend is the link's own business, never the journal's.
      machine.take(.command(request, doneBefore: nil), at: now)
    case .message:
      break
    }
  }

  /// Whether the health monitor's faults changed since the machine was told; the status
  /// is published again when they did.
  private func healthChanged() -> Bool {
    let faults = health.faults
    guard faults != healthFaults else { return false }
    // Told once per fault, not again as its figures change.
    let known = Set(healthFaults.map(\.kind))
    for fault in faults where !known.contains(fault.kind) { logger.notice("\(fault)") }
    healthFaults = faults
    machine.take(.health(faults.map(\.description)), at: now)
    return true
  }

  /// Reads the journal disk's space when it is due, and the sensor's clock.
  private func checkHealthClocks() {
    if let disk, now >= nextDiskCheck {
      nextDiskCheck = now + DiskSpaceProbe.interval
      if let space = disk.read() { health.diskSpace(free: space.free, total: space.total) }
    }
    if let sensorClock { health.advance(to: sensorClock()) }
    _ = healthChanged()
  }

  /// Gives the machine the sessions the lane opened and the records its journal made
  /// durable since the last look.
  private func syncRecorded() {
    let outboxes = machine.outboxes
    for session in sessions.ids.drop(while: { $0 != outboxes.open.session }).dropFirst() {
      let closing = machine.outboxes.open.session
      machine.take(
        .opened(session: session, closingAt: sessions.source(of: closing)?.lastSequence ?? 0),
        at: now)
    }
    for outbox in machine.outboxes.outboxes {
      guard let source = sessions.source(of: outbox.session) else { continue }
      if source.lastSequence != outbox.lastRecorded {
        machine.take(.recorded(session: outbox.session, upTo: source.lastSequence), at: now)
      }
      if let fault = (source as? JournalOutboxSource)?.fault {
        machine.take(.fault("\(fault)"), at: now)
      }
    }
  }

  /// Does what the machine asks until nothing is left, then sets the timer to its next
  /// deadline (or the health monitor's).
  func drive() async {
    while true {
      syncRecorded()
      let now = self.now
      guard let action = machine.nextAction(at: now) else {
        return schedule(after: machine.nextDeadline(at: now), now: now)
      }
      await perform(action)
    }
  }

  /// Sets the one timer to the earliest of the machine's deadline, the next disk check and
  /// the health monitor's deadline on the sensor's clock.
  private func schedule(after machineDeadline: Duration?, now: Duration) {
    var deadlines = [machineDeadline].compactMap { $0 }
    if disk != nil { deadlines.append(max(nextDiskCheck, now)) }
    if let sensorClock, let healthDeadline = health.nextDeadline {
      deadlines.append(now + max(.zero, healthDeadline - sensorClock()))
    }
    let deadline = deadlines.min()
    guard deadline != timerDeadline || timer == nil else { return }
    timer?.cancel()
    timerDeadline = deadline
    guard let deadline else {
      timer = nil
      return
    }
    let inputs = self.inputs
    let instant = origin.advanced(by: deadline)
    timer = Task {
      guard (try? await Task.sleep(until: instant, clock: .continuous)) != nil else { return }
      inputs.yield(.tick)
    }
  }
}
