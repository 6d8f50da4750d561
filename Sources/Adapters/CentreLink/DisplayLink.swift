import Logging
import Centre
import Foundation
import MQTT

/// The centre's web boards' end of the centre link (`lane display`): every lane's events
/// exactly once and in seq order per lane (``DeskConsumer``, as the desk takes them) and
/// every lane's retained status, handed to the boards.
///
/// It only reads: it never acknowledges (that is the desk's) and has no status of its own.
/// It asks a lane to publish again (a `resend` on the lane's `…/display-requests`, the one
/// thing a display's broker user may write) when a seq is missing, and, when it joins late,
/// from seq 1 of the session the lane's retained board names, so a display started
/// mid-session shows every frame (docs/display.md).
public actor DisplayLink {
  /// What the display receives.
  public struct Handlers: Sendable {
    /// An event, in seq order per lane and session, each once.
    public var event: @Sendable (Payload.Event) -> Void
    /// A lane's retained status, as it arrives.
    public var status: @Sendable (Payload.Status) -> Void

    public init(
      event: @escaping @Sendable (Payload.Event) -> Void,
      status: @escaping @Sendable (Payload.Status) -> Void
    ) {
      self.event = event
      self.status = status
    }
  }

  private let broker: BrokerSession
  private let logger: Logger
  private let handlers: Handlers
  /// The one lane followed, or `nil` for every lane.
  private let only: LaneID?
  private let epoch = Int(Date().timeIntervalSince1970 * 1000)
  private var consumer = DeskConsumer(takesEventsAhead: true)
  /// Each lane's session, from its events or its retained board: the newest one seen.
  private var sessions: [LaneID: String] = [:]
  /// The seq a lane's session is known to have reached (its retained board).
  private var known: [DeskConsumer.Key: Int] = [:]
  /// Lanes whose retained status says online: only they can answer a resend.
  private var online: Set<LaneID> = []
  private var lastResendRequest: [DeskConsumer.Key: ContinuousClock.Instant] = [:]
  private var requests = 0

  /// - Parameters:
  ///   - lane: Follow only this lane (the desk's detail board), or every lane.
  ///   - logger: Told of a refused message or a failed publish, for the operator.
  public init(settings: BrokerSettings, handlers: Handlers, lane: LaneID? = nil, logger: Logger) throws(MQTTError) {
    broker = try BrokerSession(settings: settings, clientPrefix: "display", will: nil)
    self.handlers = handlers
    self.logger = logger
    self.only = lane
  }

  /// Connects, subscribes and hands over what arrives until `stop` returns (``run()``,
  /// cancelled when a stop is asked for).
  ///
  /// - Throws: ``MQTTError`` when the broker cannot be reached or refuses the display.
  public nonisolated func run(until stop: @escaping @Sendable () async -> Void) async throws(MQTTError) {
    try await StopTrigger.run(until: stop) { () async throws(MQTTError) in try await self.run() }
  }

  /// Connects, subscribes and hands over what arrives until the task is cancelled.
  ///
  /// - Throws: ``MQTTError`` when the broker cannot be reached or refuses the display.
  public func run() async throws(MQTTError) {
    try await broker.connect()
    let topics: [String] =
      if let only { [Topic.status(only), .board(only), .events(only)].map(\.name) }
      else { [Topic.Leaf.status, .board, .events].map(Topic.everyLane) }
    try await broker.subscribe(to: topics)
    // A request that went unanswered (the lane was busy, the message lost) is asked again
    // once its interval has passed.
    let asking = Task {
      while (try? await Task.sleep(for: DeskLink.resendInterval)) != nil {
        await self.askForMissing()
      }
    }
    await broker.receive { await self.take($0) }
    asking.cancel()
    broker.disconnect()
  }

  private func take(_ delivery: BrokerSession.Delivery) async {
    let decoded: CentreMessage
    switch delivery {
    case .refused(let topic, let error):
      return logger.notice("refused a message on \(topic): \(error)")
    case .message(let message, _):
      decoded = message
    }
    switch decoded {
    case .event(let event):
      let key = DeskConsumer.Key(lane: event.lane, session: event.session)
      if event.type == .sessionStart || sessions[event.lane] == nil { sessions[event.lane] = event.session }
      known[key] = max(known[key] ?? 0, event.seq)
      let outcome = consumer.receive(event)
      for delivered in outcome.delivered { handlers.event(delivered) }
      if let from = outcome.resendFrom { await askResend(key, from: from) }
    case .board(let board):
      // The lane's current session: a display that joined late asks for it from seq 1.
      sessions[board.lane] = board.session
      let key = DeskConsumer.Key(lane: board.lane, session: board.session)
      known[key] = max(known[key] ?? 0, board.seq)
      await askForMissing(key)
    case .status(let status):
      if status.state == .online { online.insert(status.lane) } else { online.remove(status.lane) }
      handlers.status(status)
    case .ack, .reply, .command, .displayRequest, .deskStatus:
      break
    }
  }

  /// Asks every lane's current session for what this display lacks of it.
  private func askForMissing() async {
    for (lane, session) in sessions {
      await askForMissing(DeskConsumer.Key(lane: lane, session: session))
    }
  }

  /// Asks a lane's session for the seqs this display lacks, when the lane is online: an
  /// offline lane's retained board stays, but nobody is there to publish again.
  private func askForMissing(_ key: DeskConsumer.Key) async {
    guard online.contains(key.lane) else { return }
    let expected = consumer.expected(key)
    if let reached = known[key], reached >= expected { await askResend(key, from: expected) }
  }

  /// Asks the lane to publish again from `seq`, at most once a ``DeskLink/resendInterval``.
  private func askResend(_ key: DeskConsumer.Key, from seq: Int) async {
    if let last = lastResendRequest[key], ContinuousClock.now - last < DeskLink.resendInterval { return }
    lastResendRequest[key] = .now
    requests += 1
    let command = Payload.Command(
      id: "display-\(epoch)-\(requests)", action: .resend, from: seq, session: key.session)
    do {
      try await broker.publish(command, to: .displayRequests(key.lane), retain: false)
    } catch {
      logger.notice("cannot ask lane \(key.lane) to publish again from seq \(seq): \(error)")
    }
  }
}
