import Bowling
import Centre
import Foundation
import LaneBridge
import LaneSensing
import MQTT
import SafeFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A lane's end of the centre link: publishes the journal's records (QoS 1), the retained
/// board and status, takes the desk's acknowledgements and resend requests. An actor fed
/// through ``inputs``; scoring never waits for it.
///
/// The outboxes (``SessionOutboxes``, a ``LaneOutbox`` per session) decide what to send;
/// records come from the ``LaneSessions``, and the desk's acknowledgement is kept in an
/// ``AcknowledgementFile`` (batched). When the lane's session changes, the ended session's
/// records the desk lacks go out before the new session's while the desk is online (beside
/// them while it is not), and a lane restarted resumes from the acknowledgement file with
/// what remains of that session and every later one (``PublishingPlan``). A dead broker
/// only delays publishing: the link retries every ``retryInterval`` and then resends
/// everything the desk has not acknowledged, in order.
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
    /// Resumed once every input before it is taken (``finish(within:)`` waits for it).
    case barrier(CheckedContinuation<Void, Never>)
    case message(MQTTClient.Message)
    case connection(MQTTClient.ConnectionEvent)
    case tick
    /// The lane loop applied (or refused) the desk's request `id`.
    case answered(id: String, RemoteRequest.Outcome)
  }

  /// Hands the desk's corrections and changes of session to the lane loop through its
  /// inbox, the same way the control socket's arrive: each wakes the lane, is journalled
  /// and then answered.
  public final class Requests: Sendable {
    private let inbox = Mutex<LaneInbox?>(nil)
    private let waiting = Mutex<[RemoteRequest]>([])

    /// Posts every correction, those that came before too, to `inbox`.
    public func deliver(to inbox: LaneInbox) {
      self.inbox.withLock { $0 = inbox }
      for request in waiting.withLock({ waiting in defer { waiting = [] }; return waiting }) {
        add(request)
      }
    }

    func add(_ request: RemoteRequest) {
      guard let inbox = inbox.withLock({ $0 }) else {
        return waiting.withLock { $0.append(request) }
      }
      let asked = ControlRequest(id: request.author, by: request.author, action: request.action)
      inbox.post(.request(asked) { reply in
        if reply.ok, let sequence = reply.sequence {
          request.answer(.done(sequence: sequence, change: reply.what ?? ""))
        } else {
          request.answer(.refused(reply.error ?? "refused"))
        }
      })
    }
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
  /// Request ids handed to the loop and not yet answered, with what they ask.
  private var pending: [String: Payload.Command.Action] = [:]

  /// Why the link cannot start: the broker refused the lane's credentials or TLS failed.
  public struct StartFailure: Error, CustomStringConvertible, Sendable {
    public var error: MQTTError
    public var description: String { "\(error)" }
  }

  public nonisolated let inputs: AsyncStream<Input>.Continuation
  private let stream: AsyncStream<Input>
  public let lane: LaneID
  private let client: MQTTClient
  /// The lane's sessions, whose records the outboxes publish.
  private let sessions: LaneSessions
  private let acknowledgementFile: AcknowledgementFile?
  private let epoch: Int
  private let report: @Sendable (String) -> Void
  private var outboxes: SessionOutboxes
  private var faults: [String] = []
  private var health: LaneHealthMonitor
  /// The health monitor's faults as last published.
  private var healthFaults: [LaneHealthMonitor.Fault] = []
  private var wiring: Payload.Status.Wiring?
  /// The folder whose disk holds the journal (rule 4 of ``LaneHealthMonitor``).
  private let journalFolder: String?
  private var lastDiskCheck: ContinuousClock.Instant?
  /// The sensor's clock now, for a lane whose sensor is stamped on the monotonic clock
  /// (`lane run`); `nil` when only readings carry time (a trace).
  private let sensorClock: (@Sendable () -> SensorInstant)?
  private var board: Payload.Board?
  private var boardPublished = true
  /// The status as last published; `nil` to publish it again.
  private var publishedStatus: Payload.Status?
  private var connected = false
  /// Once connected, the client's network thread reconnects by itself; before, the link
  /// tries ``retryInterval`` apart.
  private var reconnectsByItself = false
  /// The desk's retained status says it is online.
  private var deskOnline = false
  /// The desk's retained status has come since the link started.
  private var deskStatusKnown = false
  /// When the link last connected, for ``deskStatusWait``.
  private var connectedAt = ContinuousClock.now
  /// The broker refused a publish (PUBACK 135): nothing more is published on this
  /// connection; it is a fault to fix (the lane's name or the ACL), not to retry.
  private var refused = false
  private var lastProgress = ContinuousClock.now
  private var lastAttempt = ContinuousClock.now
  private var tasks: [Task<Void, Never>] = []
  /// ``finish(within:)`` began: no new connection is tried.
  private var stopping = false

  /// How often a lane without a connection tries the broker again.
  public static let retryInterval: Duration = .seconds(2)
  /// How long the lane waits for the desk's acknowledgement before it publishes again.
  public static let acknowledgementTimeout: Duration = .seconds(5)
  /// How many acknowledged seqs are written to disk at once (and always the last).
  public static let persistBatch = 20
  /// How long a starting link waits for the desk's retained status before it publishes a
  /// later session beside an earlier one the desk has not acknowledged (no desk online).
  public static let deskStatusWait: Duration = .seconds(5)
  /// How often the journal's disk space is read (`statvfs`).
  public static let diskCheckInterval: Duration = .seconds(30)

  /// A link for `lane`, not yet connected, resuming from the acknowledgement file: what
  /// remains of the session it names, and of every session closed after it, is published
  /// before the open session (``PublishingPlan``).
  ///
  /// - Parameters:
  ///   - open: The open session's source, which the journal's store feeds
  ///     (``JournalOutboxSource/Store`` over ``sessions``).
  ///   - report: Called with each fault or warning for the operator (stderr).
  ///   - journal: The journal's path, whose disk the health monitor watches and beside
  ///     which closed sessions are kept.
  ///   - health: The health monitor's thresholds.
  ///   - sensorClock: Reads the sensor's clock, when it is the monotonic clock.
  /// - Throws: ``MQTTError`` when the client cannot be configured (an unreadable CA file),
  ///   ``AcknowledgementFile/Failure`` when the acknowledgement file is unreadable,
  ///   ``JournalError`` when the folder of closed sessions beside the journal is not a
  ///   folder or cannot be listed.
  public init(
    lane: LaneID, settings: BrokerSettings, open: JournalOutboxSource,
    acknowledgementFile: AcknowledgementFile?, journal: String? = nil,
    health: LaneHealthMonitor.Thresholds = .init(),
    sensorClock: (@Sendable () -> SensorInstant)? = nil,
    report: @escaping @Sendable (String) -> Void
  ) throws {
    self.lane = lane
    self.health = LaneHealthMonitor(thresholds: health)
    self.journalFolder = journal.map { NewFile.split($0).folder }
    self.sensorClock = sensorClock
    self.acknowledgementFile = acknowledgementFile
    self.report = report
    // Counts the lane's connections: milliseconds since 1970 at start, so every later
    // process has a higher one and a stale will is recognisable.
    epoch = Int(Date().timeIntervalSince1970 * 1000)
    let will = MQTTClient.Will(
      topic: Topic.status(lane).name,
      payload: try CentreMessage.encode(Payload.Status(lane: lane, state: .offline, epoch: epoch)),
      retain: true)
    client = try MQTTClient(settings.configuration(clientPrefix: lane.rawValue, will: will))
    let stored = try acknowledgementFile?.read()
    let closed = try journal.map(LaneSessions.archivedSessions(ofJournal:)) ?? []
    let plan = PublishingPlan(acknowledgement: stored, closed: closed, open: open.session)
    let sessions = LaneSessions.resuming(plan, open: open, journal: journal, report: report)
    self.sessions = sessions
    // An outbox for each session to publish (an archive that cannot be read is left out).
    func outbox(_ source: any OutboxSource) -> LaneOutbox {
      LaneOutbox(
        session: source.session, lastRecorded: source.lastSequence,
        acknowledged: plan.items.first { $0.session == source.session }?.acknowledged ?? 0)
    }
    outboxes = SessionOutboxes(
      closed: sessions.ids.dropLast().compactMap(sessions.source(of:)).map(outbox),
      open: outbox(open), persisted: stored?.session ?? open.session)
    if stored == nil {
      // From now on this lane publishes: a session closed before the desk has it all is
      // found from here after a restart (with no file, earlier sessions are not the desk's).
      do {
        try acknowledgementFile?.write(Payload.Ack(session: open.session, upto: 0))
      } catch {
        report("\(error)")
      }
    }
    (stream, inputs) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .unbounded)
  }

  /// The sessions the link publishes; the journal's store feeds their open session.
  public nonisolated var publishing: LaneSessions { sessions }

  /// Connects once and starts the link's loop.
  ///
  /// - Throws: ``StartFailure`` when the broker refuses the lane (credentials, not
  ///   authorized) or TLS fails: settings to fix, not a broker to wait for. A broker that
  ///   is not there is reported and retried; the lane scores meanwhile.
  public func start() async throws(StartFailure) {
    do {
      try await client.connect()
      await connectionCameUp()
    } catch {
      if error.isSettingsProblem { throw StartFailure(error: error) }
      report("the centre's broker is not reachable (\(error)); the lane scores on and publishes when it is")
    }
    let inputs = self.inputs
    let client = self.client
    tasks.append(Task { for await message in client.messages { inputs.yield(.message(message)) } })
    tasks.append(Task {
      for await event in client.connectionEvents { inputs.yield(.connection(event)) }
    })
    tasks.append(Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(500))
        inputs.yield(.tick)
      }
    })
    tasks.append(Task { await self.loop() })
  }

  private func loop() async {
    for await input in stream {
      await take(input)
    }
  }

  private func take(_ input: Input) async {
    switch input {
    case .recorded:
      break
    case .board(let games, let seq):
      board = Payload.Board(lane: lane, session: sessions.open.session, seq: seq, games: games)
      boardPublished = false
    case .fault(let fault):
      faults = Array((faults + [fault]).suffix(5))
      publishedStatus = nil
    case .reading(let reading):
      health.observe(reading)
      guard healthChanged() else { return }
    case .delivered(let delivery):
      health.delivered(delivery)
      _ = healthChanged()
    case .wiring(let wiring):
      self.wiring = wiring
    case .barrier(let continuation):
      continuation.resume()
    case .message(let message):
      await take(message)
    case .connection(.connected):
      if !connected { await connectionCameUp() }
    case .connection(.disconnected):
      connected = false
      outboxes.resendUnacknowledged()
    case .tick:
      await tick()
    case .answered(let id, let outcome):
      let action = pending.removeValue(forKey: id)
      let reply: Payload.Reply =
        switch outcome {
        case .done(let sequence, let change) where action == .correct:
          Payload.Reply(id: id, ok: true, message: "corrected (record \(sequence)): \(change)")
        case .done(_, let change): Payload.Reply(id: id, ok: true, message: change)
        case .refused(let why): Payload.Reply(id: id, ok: false, message: "refused: \(why)")
        }
      await publish(reply, to: .replies(lane), retain: false)
    }
    await pump()
  }

  private func connectionCameUp() async {
    connected = true
    connectedAt = .now
    reconnectsByItself = true
    refused = false
    outboxes.resendUnacknowledged()
    lastProgress = .now
    for topic in [Topic.ack(lane).name, Topic.commands(lane).name, Topic.deskStatus.name] {
      do {
        try await client.subscribe(to: topic)
      } catch {
        report("subscribing to \(topic) failed: \(error)")
      }
    }
    publishedStatus = nil
    boardPublished = board == nil
  }

  /// Whether the health monitor's faults changed since they were last noted; the status
  /// is published again when they did.
  private func healthChanged() -> Bool {
    let now = health.faults
    guard now != healthFaults else { return false }
    // Told once per fault, not again as its figures change.
    let known = Set(healthFaults.map(\.kind))
    for fault in now where !known.contains(fault.kind) { report("\(fault)") }
    healthFaults = now
    return true
  }

  /// Reads the journal disk's space for the health monitor, every ``diskCheckInterval``.
  private func checkDisk() {
    guard let journalFolder,
      lastDiskCheck.map({ ContinuousClock.now - $0 >= Self.diskCheckInterval }) ?? true
    else { return }
    lastDiskCheck = .now
    var space = statvfs()
    guard statvfs(journalFolder, &space) == 0 else { return }
    let unit = Int64(space.f_frsize)
    health.diskSpace(free: Int64(space.f_bavail) * unit, total: Int64(space.f_blocks) * unit)
  }

  private func tick() async {
    checkDisk()
    if let sensorClock { health.advance(to: sensorClock()) }
    _ = healthChanged()
    if !reconnectsByItself && !stopping && !client.isConnected
      && ContinuousClock.now - lastAttempt >= Self.retryInterval
    {
      lastAttempt = .now
      do {
        try await client.connect()
        await connectionCameUp()
      } catch {
        if error.isSettingsProblem { report("\(error)") }
      }
    }
    if outboxes.unacknowledged > 0, outboxes.due(deskOnline: waitsForDesk) == nil,
      ContinuousClock.now - lastProgress >= Self.acknowledgementTimeout
    {
      outboxes.resendUnacknowledged()
      lastProgress = .now
    }
  }

  private func take(_ message: MQTTClient.Message) async {
    let decoded: CentreMessage
    do {
      decoded = try CentreMessage.decode(topic: message.topic, payload: message.payload)
    } catch {
      return noteFault("refused a message on \(message.topic): \(error)")
    }
    switch decoded {
    case .ack(let target, let ack) where target == lane:
      do {
        takeRecorded()
        if try outboxes.acknowledge(ack) { lastProgress = .now }
      } catch {
        noteFault("refused an acknowledgement: \(error)")
      }
      persistAcknowledgement()
    case .deskStatus(let desk):
      deskOnline = desk.state == .online
      deskStatusKnown = true
      if deskOnline {
        outboxes.resendUnacknowledged()
        lastProgress = .now
      }
    case .command(let target, let command) where target == lane:
      await obey(command)
    default:
      break
    }
  }

  /// Who a desk request's correction is from, in the journal: `desk/<request id>`.
  public static func author(ofRequest id: String) -> String { "desk/" + id }

  private func obey(_ command: Payload.Command) async {
    let reply: Payload.Reply
    switch command.action {
    case .resend:
      let from = command.from ?? 1
      let session = outboxes.resend(from: from, in: command.session)
      reply = Payload.Reply(
        id: command.id, ok: true, message: "publishing session \(session) again from seq \(from)")
    case .correct, .startSession, .endSession:
      guard pending[command.id] == nil else { return }  // answered when it is done
      if let done = sessions.record(by: Self.author(ofRequest: command.id)) {
        reply = Payload.Reply(
          id: command.id, ok: true,
          message: "already done as record \(done.seq) of session \(done.session); not run again")
      } else if let action = Self.action(command) {
        pending[command.id] = command.action
        let inputs = self.inputs
        let id = command.id
        requests.add(
          RemoteRequest(action, author: Self.author(ofRequest: id)) { outcome in
            inputs.yield(.answered(id: id, outcome))
          })
        return
      } else {
        reply = Payload.Reply(id: command.id, ok: false, message: "not a correction this lane knows")
      }
    }
    await publish(reply, to: .replies(lane), retain: false)
  }

  /// What a validated desk command asks of the lane loop, the control socket's way.
  static func action(_ command: Payload.Command) -> ControlRequest.Action? {
    switch command.action {
    case .correct: correction(command).map(ControlRequest.Action.correct)
    case .endSession: .endSession
    case .startSession: command.bowlers.map { ControlRequest.Action.startSession(bowlers: $0) }
    case .resend: nil
    }
  }

  /// The correction a validated command asks for.
  static func correction(_ command: Payload.Command) -> Correction? {
    switch command.correction {
    case .pins?:
      let pins = (command.pins ?? []).compactMap(Pin.init(rawValue:))
      guard pins.count == command.pins?.count else { return nil }
      return .setPins(PinSet(pins))
    case .foul?: return .foul(true)
    case .noFoul?: return .foul(false)
    case .deadBall?: return .deadBall
    case .undo?: return .undo
    case nil: return nil
    }
  }

  private func persistAcknowledgement(every batch: Int = LaneLink.persistBatch) {
    guard let file = acknowledgementFile, let ack = outboxes.acknowledgementToPersist(every: batch)
    else { return }
    do {
      try file.write(ack)
      outboxes.persisted(ack)
    } catch {
      noteFault("\(error)")
    }
  }

  private func noteFault(_ fault: String) {
    guard !faults.contains(fault) else { return }
    report(fault)
    faults = Array((faults + [fault]).suffix(5))
    publishedStatus = nil
  }

  /// Gives the outboxes the sessions the lane opened and the records its journal made
  /// durable since the last look.
  private func takeRecorded() {
    for session in sessions.ids.drop(while: { $0 != outboxes.open.session }).dropFirst() {
      let closing = outboxes.open.session
      outboxes.opened(session, closingAt: sessions.source(of: closing)?.lastSequence ?? 0)
    }
    for outbox in outboxes.outboxes {
      guard let source = sessions.source(of: outbox.session) else { continue }
      do {
        try outboxes.recorded(upTo: source.lastSequence, in: outbox.session)
      } catch {
        noteFault("\(error)")
      }
      if let fault = (source as? JournalOutboxSource)?.fault, !faults.contains("\(fault)") {
        noteFault("\(fault)")
      }
    }
    // The file names the oldest session the desk lacks: written at once when that changed.
    persistAcknowledgement()
  }

  /// Whether a session waits for the desk to acknowledge the ones before it: while the desk
  /// is online, and for ``deskStatusWait`` after the link connects until its retained status
  /// says whether it is (else a restarted lane would publish a new session beside the
  /// ended one to a desk that is there).
  private var waitsForDesk: Bool {
    deskOnline || (!deskStatusKnown && ContinuousClock.now - connectedAt < Self.deskStatusWait)
  }

  /// Publishes what the outboxes say is due, then the board and status when they changed.
  private func pump() async {
    takeRecorded()
    guard connected, !refused else { return }
    while let due = outboxes.due(deskOnline: waitsForDesk),
      let source = sessions.source(of: due.session)
    {
      let records = source.records(after: due.seqs.lowerBound - 1, limit: 256)
      guard !records.isEmpty else { break }
      for record in records {
        let event = Payload.Event(
          lane: lane, session: due.session, seq: record.seq, type: record.type,
          record: record.record, sentAt: Date().timeIntervalSince1970 * 1000,
          ahead: due.ahead ? true : nil)
        guard await publish(event, to: .events(lane), retain: false) else { return }
        outboxes.sent(upTo: record.seq, in: due.session)
      }
    }
    if !boardPublished, let board {
      guard await publish(board, to: .board(lane), retain: true) else { return }
      boardPublished = true
    }
    let status = Payload.Status(
      lane: lane, state: .online, epoch: epoch, version: SoftwareVersion.current, wiring: wiring,
      lastSeq: sessions.open.lastSequence, faults: healthFaults.map(\.description) + faults)
    if status != publishedStatus {
      guard await publish(status, to: .status(lane), retain: true) else { return }
      publishedStatus = status
    }
  }

  /// Publishes one payload; a refusal (PUBACK 135) is reported as a fault.
  ///
  /// - Returns: Whether the broker took it.
  @discardableResult
  private func publish(_ payload: some Encodable, to topic: Topic, retain: Bool) async -> Bool {
    do {
      try await client.publish(CentreMessage.encode(payload), to: topic.name, retain: retain)
      return true
    } catch let error as MQTTError {
      if case .refused = error.problem {
        refused = true
        noteFault("\(error)")
      } else {
        connected = client.isConnected
        outboxes.resendUnacknowledged()
      }
      return false
    } catch {
      noteFault("cannot encode a message for \(topic): \(error)")
      return false
    }
  }

  /// What is left when the lane stops: of the session being published, and how many
  /// sessions after it (the open one included) the desk does not have yet.
  public struct Remainder: Sendable, Equatable {
    public var session: String
    public var lastRecorded: Int
    public var acknowledged: Int
    public var published: Int
    public var laterSessions: Int
  }

  /// Waits until the desk has acknowledged every record (or, with no desk online, the broker
  /// took them all), at most `limit` and only while connected, then goes offline (the
  /// retained will).
  ///
  /// A link without a connection (the broker down or not reachable) stops at once: what
  /// the desk lacks stays in the journal, and is published when the lane starts again.
  /// At `limit` the client disconnects, which ends a publish waiting for a broker that
  /// does not answer; nothing after `limit` waits for the broker.
  public func finish(within limit: Duration) async -> Remainder {
    let deadline = ContinuousClock.now + limit
    stopping = true
    let client = self.client
    let cutOff = Task {
      try? await Task.sleep(until: deadline)
      if !Task.isCancelled { client.disconnect(sendingWill: true) }
    }
    // What the lane handed over before it stopped (the last board, deliveries for the
    // health monitor) is taken before the last status is published.
    if !tasks.isEmpty {
      await withCheckedContinuation { inputs.yield(.barrier($0)) }
    }
    while ContinuousClock.now < deadline && client.isConnected {
      await pump()
      if outboxes.unacknowledged == 0 && outboxes.outboxes.count == 1 { break }
      if refused || (!deskOnline && connected && outboxes.due(deskOnline: false) == nil) { break }
      try? await Task.sleep(for: .milliseconds(50))
    }
    cutOff.cancel()
    persistAcknowledgement(every: 1)
    for task in tasks { task.cancel() }
    inputs.finish()
    client.disconnect(sendingWill: true)
    let oldest = outboxes.oldest
    return Remainder(
      session: oldest.session, lastRecorded: oldest.lastRecorded, acknowledged: oldest.acknowledged,
      published: oldest.sentUpTo, laterSessions: outboxes.outboxes.count - 1)
  }
}
