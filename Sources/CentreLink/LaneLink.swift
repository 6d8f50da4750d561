import Bowling
import Centre
import Foundation
import LaneBridge
import LaneSensing
import MQTT
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A lane's end of the centre link: publishes the journal's records (QoS 1), the retained
/// board and status, takes the desk's acknowledgements and resend requests. An actor fed
/// through ``inputs``; scoring never waits for it.
///
/// The outbox (``LaneOutbox``) decides what to send; records come from an ``OutboxSource``
/// and the desk's acknowledgement is kept in an ``AcknowledgementFile`` (batched). A dead
/// broker only delays publishing: the link retries every ``retryInterval`` and then resends
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
    case answered(id: String, RemoteCorrection.Outcome)
  }

  /// Hands the desk's corrections to the lane loop through its inbox, the same way the
  /// control socket's arrive: each wakes the lane, is journalled and then answered.
  public final class Requests: Sendable {
    private let inbox = Mutex<LaneInbox?>(nil)
    private let waiting = Mutex<[RemoteCorrection]>([])

    /// Posts every correction, those that came before too, to `inbox`.
    public func deliver(to inbox: LaneInbox) {
      self.inbox.withLock { $0 = inbox }
      for request in waiting.withLock({ waiting in defer { waiting = [] }; return waiting }) {
        add(request)
      }
    }

    func add(_ request: RemoteCorrection) {
      guard let inbox = inbox.withLock({ $0 }) else {
        return waiting.withLock { $0.append(request) }
      }
      let asked = ControlRequest(id: request.author, by: request.author, correction: request.correction)
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

  /// The desk's corrections: connect them to the lane loop with ``Requests/deliver(to:)``.
  public nonisolated let requests = Requests()
  /// Request ids handed to the loop and not yet answered.
  private var pending: Set<String> = []

  /// Why the link cannot start: the broker refused the lane's credentials or TLS failed.
  public struct StartFailure: Error, CustomStringConvertible, Sendable {
    public var error: MQTTError
    public var description: String { "\(error)" }
  }

  public nonisolated let inputs: AsyncStream<Input>.Continuation
  private let stream: AsyncStream<Input>
  public let lane: LaneID
  private let client: MQTTClient
  private let source: any OutboxSource
  private let acknowledgementFile: AcknowledgementFile?
  private let epoch: Int
  private let report: @Sendable (String) -> Void
  private var outbox: LaneOutbox
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
  /// The broker refused a publish (PUBACK 135): nothing more is published on this
  /// connection; it is a fault to fix (the lane's name or the ACL), not to retry.
  private var refused = false
  private var lastProgress = ContinuousClock.now
  private var lastAttempt = ContinuousClock.now
  private var tasks: [Task<Void, Never>] = []

  /// How often a lane without a connection tries the broker again.
  public static let retryInterval: Duration = .seconds(2)
  /// How long the lane waits for the desk's acknowledgement before it publishes again.
  public static let acknowledgementTimeout: Duration = .seconds(5)
  /// How many acknowledged seqs are written to disk at once (and always the last).
  public static let persistBatch = 20
  /// How often the journal's disk space is read (`statvfs`).
  public static let diskCheckInterval: Duration = .seconds(30)

  /// A link for `lane`, not yet connected.
  ///
  /// - Parameters:
  ///   - report: Called with each fault or warning for the operator (stderr).
  ///   - journal: The journal's path, whose disk the health monitor watches.
  ///   - health: The health monitor's thresholds.
  ///   - sensorClock: Reads the sensor's clock, when it is the monotonic clock.
  /// - Throws: ``MQTTError`` when the client cannot be configured (an unreadable CA file),
  ///   ``AcknowledgementFile/Failure`` when the acknowledgement file is unreadable.
  public init(
    lane: LaneID, settings: BrokerSettings, source: any OutboxSource,
    acknowledgementFile: AcknowledgementFile?, journal: String? = nil,
    health: LaneHealthMonitor.Thresholds = .init(),
    sensorClock: (@Sendable () -> SensorInstant)? = nil,
    report: @escaping @Sendable (String) -> Void
  ) throws {
    self.lane = lane
    self.health = LaneHealthMonitor(thresholds: health)
    self.journalFolder = journal.map { ($0 as NSString).deletingLastPathComponent }
      .map { $0.isEmpty ? "." : $0 }
    self.sensorClock = sensorClock
    self.source = source
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
    let acknowledged = stored?.session == source.session ? stored?.upto ?? 0 : 0
    outbox = LaneOutbox(
      session: source.session, lastRecorded: source.lastSequence, acknowledged: acknowledged)
    (stream, inputs) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .unbounded)
  }

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
      board = Payload.Board(lane: lane, session: outbox.session, seq: seq, games: games)
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
      outbox.resendUnacknowledged()
    case .tick:
      await tick()
    case .answered(let id, let outcome):
      pending.remove(id)
      let reply: Payload.Reply =
        switch outcome {
        case .done(let sequence, let change):
          Payload.Reply(id: id, ok: true, message: "corrected (record \(sequence)): \(change)")
        case .refused(let why): Payload.Reply(id: id, ok: false, message: "refused: \(why)")
        }
      await publish(reply, to: .replies(lane), retain: false)
    }
    await pump()
  }

  private func connectionCameUp() async {
    connected = true
    reconnectsByItself = true
    refused = false
    outbox.resendUnacknowledged()
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
    if !reconnectsByItself && !client.isConnected
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
    if outbox.unacknowledged > 0, outbox.toSend == nil,
      ContinuousClock.now - lastProgress >= Self.acknowledgementTimeout
    {
      outbox.resendUnacknowledged()
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
        if try outbox.acknowledge(ack) { lastProgress = .now }
      } catch {
        noteFault("refused an acknowledgement: \(error)")
      }
      persistAcknowledgement()
    case .deskStatus(let desk):
      deskOnline = desk.state == .online
      if deskOnline {
        outbox.resendUnacknowledged()
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
      outbox.resend(from: from)
      reply = Payload.Reply(id: command.id, ok: true, message: "publishing again from seq \(from)")
    case .correct:
      guard !pending.contains(command.id) else { return }  // answered when it is done
      if let done = journalled(command.id) {
        reply = Payload.Reply(
          id: command.id, ok: true, message: "already done as record \(done); not run again")
      } else if let correction = Self.correction(command) {
        pending.insert(command.id)
        let inputs = self.inputs
        let id = command.id
        requests.add(
          RemoteCorrection(correction, author: Self.author(ofRequest: id)) { outcome in
            inputs.yield(.answered(id: id, outcome))
          })
        return
      } else {
        reply = Payload.Reply(id: command.id, ok: false, message: "not a correction this lane knows")
      }
    case .startSession, .endSession:
      reply = Payload.Reply(
        id: command.id, ok: false,
        message: "this lane does not take \(command.action.rawValue) from the desk yet")
    }
    await publish(reply, to: .replies(lane), retain: false)
  }

  /// The seq of the journal record made for request `id`, if there is one.
  private func journalled(_ id: String) -> Int? {
    source.sequence(ofRecordBy: Self.author(ofRequest: id))
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

  private func persistAcknowledgement() {
    guard let file = acknowledgementFile,
      let upto = outbox.acknowledgementToPersist(every: Self.persistBatch)
    else { return }
    do {
      try file.write(Payload.Ack(session: outbox.session, upto: upto))
      outbox.persisted(upto)
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

  /// Publishes what the outbox says is due, then the board and status when they changed.
  private func pump() async {
    while outbox.lastRecorded < source.lastSequence {
      do {
        try outbox.recorded(outbox.lastRecorded + 1)
      } catch {
        noteFault("\(error)")
        break
      }
    }
    if let fault = (source as? JournalOutboxSource)?.fault, !faults.contains("\(fault)") {
      noteFault("\(fault)")
    }
    guard connected, !refused else { return }
    while let due = outbox.toSend {
      let records = source.records(after: due.lowerBound - 1, limit: 256)
      guard !records.isEmpty else { break }
      for record in records {
        let event = Payload.Event(
          lane: lane, session: outbox.session, seq: record.seq, type: record.type,
          record: record.record, sentAt: Date().timeIntervalSince1970 * 1000)
        guard await publish(event, to: .events(lane), retain: false) else { return }
        outbox.sent(upTo: record.seq)
      }
    }
    if !boardPublished, let board {
      guard await publish(board, to: .board(lane), retain: true) else { return }
      boardPublished = true
    }
    let status = Payload.Status(
      lane: lane, state: .online, epoch: epoch, version: SoftwareVersion.current, wiring: wiring,
      lastSeq: outbox.lastRecorded, faults: healthFaults.map(\.description) + faults)
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
        outbox.resendUnacknowledged()
      }
      return false
    } catch {
      noteFault("cannot encode a message for \(topic): \(error)")
      return false
    }
  }

  /// What is left when the lane stops.
  public struct Remainder: Sendable, Equatable {
    public var lastRecorded: Int
    public var acknowledged: Int
    public var published: Int
  }

  /// Waits until the desk has acknowledged every record (or, with no desk online, the broker
  /// took them all), at most `limit`, then goes offline (the retained will).
  public func finish(within limit: Duration) async -> Remainder {
    let deadline = ContinuousClock.now + limit
    // What the lane handed over before it stopped (the last board, deliveries for the
    // health monitor) is taken before the last status is published.
    if !tasks.isEmpty {
      await withCheckedContinuation { inputs.yield(.barrier($0)) }
    }
    while ContinuousClock.now < deadline {
      await pump()
      if outbox.unacknowledged == 0 { break }
      if refused || (!deskOnline && connected && outbox.toSend == nil) { break }
      try? await Task.sleep(for: .milliseconds(50))
    }
    persistAcknowledgementNow()
    for task in tasks { task.cancel() }
    inputs.finish()
    client.disconnect(sendingWill: true)
    return Remainder(
      lastRecorded: outbox.lastRecorded, acknowledged: outbox.acknowledged,
      published: outbox.sentUpTo)
  }

  private func persistAcknowledgementNow() {
    guard let file = acknowledgementFile, let upto = outbox.acknowledgementToPersist(every: 1)
    else { return }
    do {
      try file.write(Payload.Ack(session: outbox.session, upto: upto))
      outbox.persisted(upto)
    } catch {
      report("\(error)")
    }
  }
}
