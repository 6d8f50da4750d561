import Logging
import Centre
import Foundation
import MQTT

/// The front desk's end of the centre link: every lane's events exactly once and in seq
/// order per lane (``DeskConsumer``), resend requests for gaps, acknowledgements, and an
/// overview of the lanes.
///
/// On start it reads its own retained acknowledgements first, so a restarted desk resumes
/// each lane's session where it acknowledged instead of showing records again.
public actor DeskLink {
  /// What the desk shows.
  public enum Output: Sendable {
    /// One JSON line per event, as received on `…/events`, deduplicated, in seq order.
    case jsonLines
    /// One line per lane, redrawn in place: on a terminal.
    case overview
    /// A lane's (or a pair's) line each time it changes, without the throws' ages: for a
    /// log (standard output not a terminal, as under systemd), which a redraw would fill.
    case lines
  }

  /// One lane as the desk sees it.
  public struct LaneView: Sendable {
    public var state: Payload.Status.State?
    public var lastSeq: Int?
    public var faults: [String] = []
    public var games: JSONValue?
    public var session: String?
    /// The pair and league of the night the lane's board shows, on a league night.
    public var pair: Payload.Pair?
    public var league: String?
    public var delivered = 0
    public var lastThrow: ContinuousClock.Instant?

    public init() {}
  }

  private let broker: BrokerSession
  private let output: Output
  private let write: @Sendable (String) -> Void
  private let logger: Logger
  private let epoch: Int
  /// Where each delivered event is committed before it is printed and acknowledged.
  private let store: (any EventStore)?
  private var consumer = DeskConsumer()
  private var lanes: [LaneID: LaneView] = [:]
  private var lastResendRequest: [DeskConsumer.Key: ContinuousClock.Instant] = [:]
  private var requests = 0
  /// Per session whose events the store could not keep: the seq they start at, and the ask
  /// for them again, due once a resend interval has passed.
  private var unstored: [DeskConsumer.Key: Int] = [:]
  private var storeRetries: [DeskConsumer.Key: Task<Void, Never>] = [:]
  /// The overview's redraw, due once something changed.
  private var redraw: Task<Void, Never>?
  /// The newest acknowledgement of each lane not yet handed to the broker; one publish at
  /// a time takes the newest, so a retained ack never goes back and events never wait.
  private var acknowledgementsDue: [LaneID: Payload.Ack] = [:]
  private var flushing: Task<Void, Never>?
  private var lastDrawn = ContinuousClock.now
  /// Each row the log (``Output/lines``) printed last, by lane or pair.
  private var printedRows: [String: String] = [:]

  /// How long the desk waits before asking the same lane's session for a resend again.
  public static let resendInterval: Duration = .seconds(1)
  /// The overview is redrawn at most this often after a change.
  static let redrawDelay: Duration = .milliseconds(200)
  /// The overview is redrawn at least this often, for the throws' ages.
  static let ageInterval: Duration = .seconds(1)

  /// - Parameters:
  ///   - write: Prints one line (or, for the overview, one screen) to standard output.
  ///   - logger: Told of a refused message or a failed publish, for the operator.
  ///   - store: Keeps each event before it is printed and acknowledged (`--store`); with it,
  ///     `--json` prints an event only when it is stored for the first time.
  public init(
    settings: BrokerSettings, output: Output, write: @escaping @Sendable (String) -> Void,
    logger: Logger, store: (any EventStore)? = nil
  ) throws {
    epoch = Int(Date().timeIntervalSince1970 * 1000)
    let will = MQTTClient.Will(
      topic: Topic.deskStatus.name,
      payload: try CentreMessage.encode(Payload.DeskStatus(state: .offline, epoch: epoch)),
      retain: true)
    broker = try BrokerSession(settings: settings, clientPrefix: "desk", will: will)
    self.output = output
    self.write = write
    self.logger = logger
    self.store = store
  }

  /// Connects, subscribes and shows the lanes until `stop` returns; then goes offline
  /// (``run()``, cancelled when a stop is asked for).
  ///
  /// - Throws: ``MQTTError`` when the broker cannot be reached or refuses the desk.
  public nonisolated func run(until stop: @escaping @Sendable () async -> Void) async throws(MQTTError) {
    try await StopTrigger.run(until: stop) { () async throws(MQTTError) in try await self.run() }
  }

  /// Connects, subscribes and shows the lanes until the task is cancelled; then goes
  /// offline.
  ///
  /// - Throws: ``MQTTError`` when the broker cannot be reached or refuses the desk.
  public func run() async throws(MQTTError) {
    try await broker.connect()
    // The retained acks first: they arrive before any event subscribed to after them.
    try await broker.subscribe(
      to: [Topic.everyLane(.ack)] + [Topic.Leaf.status, .board, .replies, .events].map(Topic.everyLane))
    await publish(Payload.DeskStatus(state: .online, epoch: epoch), to: .deskStatus, retain: true)
    changed()  // the first overview, before any lane is heard of
    let ages = output == .overview ? Task { await self.redrawForAges() } : nil
    // Ends when the task is cancelled, after the message in hand is printed and
    // acknowledged: an event printed but not acknowledged would be printed again by the
    // next desk.
    await broker.receiveInBatches { await self.take($0) }
    ages?.cancel()
    for retry in storeRetries.values { retry.cancel() }
    redraw?.cancel()
    await flushing?.value
    broker.disconnect(sendingWill: true)
  }

  /// Redraws the overview every ``ageInterval`` after the last drawing, for the throws' ages.
  private func redrawForAges() async {
    while (try? await Task.sleep(until: lastDrawn + Self.ageInterval)) != nil {
      if ContinuousClock.now - lastDrawn >= Self.ageInterval { draw() }
    }
  }

  /// Redraws the overview ``redrawDelay`` after the last drawing, once something changed.
  private func changed() {
    if output == .lines {
      for row in DeskOverview.changedRows(lanes, since: &printedRows) { write(row) }
      return
    }
    guard output == .overview, redraw == nil else { return }
    let due = lastDrawn + Self.redrawDelay
    redraw = Task {
      guard (try? await Task.sleep(until: due)) != nil else { return }
      self.draw()
    }
  }

  private func draw() {
    redraw = nil
    lastDrawn = .now
    write(DeskOverview.render(lanes, now: .now))
  }

  /// Takes the messages that arrived together, then commits (with `--store`), prints and
  /// acknowledges every event they delivered, in one transaction: while it waits for the
  /// disk, the next messages gather for the next one (group commit).
  private func take(_ batch: [BrokerSession.Delivery]) async {
    var delivered: [Payload.Event] = []
    for delivery in batch { await take(delivery, delivering: &delivered) }
    await settle(delivered)
  }

  /// Acts on one message; adds the events it lets the consumer deliver to `delivered`.
  private func take(_ delivery: BrokerSession.Delivery, delivering delivered: inout [Payload.Event]) async {
    let decoded: CentreMessage
    let retained: Bool
    switch delivery {
    case .refused(let topic, let error):
      return logger.notice("refused a message on \(topic): \(error)")
    case .message(let message, let isRetained):
      decoded = message
      retained = isRetained
    }
    switch decoded {
    case .ack(let lane, let ack):
      // Our own acks come back live (not retained); only the stored ones say where we were.
      guard retained else { return }
      delivered += consumer.resume(DeskConsumer.Key(lane: lane, session: ack.session), acknowledgedUpTo: ack.upto)
    case .event(let event):
      let outcome = consumer.receive(event)
      delivered += outcome.delivered
      if let from = outcome.resendFrom {
        await askResend(DeskConsumer.Key(lane: event.lane, session: event.session), from: from)
      }
    case .status(let status):
      lanes[status.lane, default: LaneView()].state = status.state
      if let lastSeq = status.lastSeq { lanes[status.lane, default: LaneView()].lastSeq = lastSeq }
      lanes[status.lane, default: LaneView()].faults = status.faults ?? []
      changed()
    case .board(let board):
      lanes[board.lane, default: LaneView()].games = board.games
      lanes[board.lane, default: LaneView()].session = board.session
      lanes[board.lane, default: LaneView()].pair = board.pair
      lanes[board.lane, default: LaneView()].league = board.league
      changed()
    case .reply(let lane, let reply):
      if output != .jsonLines {
        logger.notice("\(lane) answered \(reply.id): \(reply.ok ? "done" : "refused"): \(reply.message)")
      }
    case .command, .displayRequest, .deskStatus:
      break
    }
  }

  /// Commits (with `--store`), prints and acknowledges the events a batch delivered.
  ///
  /// When the commit fails none is printed or acknowledged: each session's count as not
  /// received from the first of them, and its lane is asked to send them again.
  private func settle(_ events: [Payload.Event]) async {
    guard !events.isEmpty else { return }
    let sessions = Self.sessions(of: events)
    var shown = events
    if let store {
      do {
        shown = try await store.commit(events)
      } catch {
        for (key, seqs) in sessions {
          logger.notice(
            """
            records \(seqs.lowerBound) to \(seqs.upperBound) of lane \(key.lane) session \(key.session) not stored, \
            so not acknowledged; the lane is asked to send them again: \(error)
            """)
          consumer.rewind(key, to: seqs.lowerBound)
          await askAgainForUnstored(key, from: seqs.lowerBound)
        }
        return
      }
    }
    for event in shown where output == .jsonLines {
      do {
        write(String(decoding: try event.jsonBytes, as: UTF8.self))
      } catch {
        logger.notice("cannot print event \(event.seq) of \(event.lane): \(error)")
      }
    }
    for event in events {
      lanes[event.lane, default: LaneView()].delivered += 1
      if event.type == .throw { lanes[event.lane, default: LaneView()].lastThrow = .now }
    }
    changed()
    for (key, _) in sessions {
      if let ack = consumer.acknowledgement(key) { acknowledgementsDue[key.lane] = ack }
    }
    if !acknowledgementsDue.isEmpty, flushing == nil { flushing = Task { await self.flushAcknowledgements() } }
  }

  /// The sessions `events` belong to, in the order of their first event, each with the
  /// seqs it has among them (the consumer delivers each session's in order, without gaps).
  private static func sessions(of events: [Payload.Event]) -> [(key: DeskConsumer.Key, seqs: ClosedRange<Int>)] {
    var sessions: [(key: DeskConsumer.Key, seqs: ClosedRange<Int>)] = []
    var index: [DeskConsumer.Key: Int] = [:]
    for event in events {
      let key = DeskConsumer.Key(lane: event.lane, session: event.session)
      if let at = index[key] {
        sessions[at].seqs = sessions[at].seqs.lowerBound...event.seq
      } else {
        index[key] = sessions.count
        sessions.append((key, event.seq...event.seq))
      }
    }
    return sessions
  }

  /// Publishes the due acknowledgements, newest per lane, until none is left.
  private func flushAcknowledgements() async {
    while let (lane, ack) = acknowledgementsDue.first {
      acknowledgementsDue[lane] = nil
      await publish(ack, to: .ack(lane), retain: true)
    }
    flushing = nil
  }

  /// Asks the lane again for events the store could not keep, and once a resend interval
  /// later while they are still missing: a lane with nothing new to publish sends nothing
  /// that would show the desk the gap.
  private func askAgainForUnstored(_ key: DeskConsumer.Key, from seq: Int) async {
    unstored[key] = seq
    await askResend(key, from: seq)
    guard storeRetries[key] == nil else { return }
    storeRetries[key] = Task {
      guard (try? await Task.sleep(for: Self.resendInterval)) != nil else { return }
      await self.retryUnstored(key)
    }
  }

  /// Asks again while the events the store last failed to keep are still missing.
  private func retryUnstored(_ key: DeskConsumer.Key) async {
    storeRetries[key] = nil
    guard let seq = unstored[key], consumer.expected(key) <= seq else {
      unstored[key] = nil
      return
    }
    await askAgainForUnstored(key, from: seq)
  }

  private func askResend(_ key: DeskConsumer.Key, from seq: Int) async {
    if let last = lastResendRequest[key], ContinuousClock.now - last < Self.resendInterval { return }
    lastResendRequest[key] = .now
    requests += 1
    let command = Payload.Command(
      id: "desk-\(epoch)-\(requests)", action: .resend, from: seq, session: key.session)
    await publish(command, to: .commands(key.lane), retain: false)
  }

  private func publish(_ payload: some Encodable & Sendable, to topic: Topic, retain: Bool) async {
    do {
      try await broker.publish(payload, to: topic, retain: retain)
    } catch {
      logger.notice("\(error)")
    }
  }
}
