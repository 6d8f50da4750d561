/// A lane's end of the centre link as a pure state machine: connection events, the desk's
/// acknowledgements and commands, the journal's durable records and the passing of time
/// go in (``take(_:at:)``); what to do next comes out (``nextAction(at:)``), and when to
/// be woken if nothing else happens (``nextDeadline(at:)``). It never reads a clock, never
/// sleeps and does no I/O: the shell (`CentreLink`'s `LaneLink`) performs each action and
/// tells the machine how it went, and time is data (an ``Instant`` on the shell's clock).
///
/// What to publish of which session is ``SessionOutboxes``' (a ``LaneOutbox`` per session
/// the desk lacks); this machine adds the connection and the desk around it. Its rules:
///
/// 1. **Publish only on a connection the broker has not refused.** Events, board and
///    status go out only while connected; after a publish the broker refused (PUBACK 135,
///    the ACL) nothing more goes out on that connection: it is a fault to fix, not to retry.
/// 2. **Everything unacknowledged goes out again** after a connection comes up or is lost,
///    when the desk's status turns online, and when no acknowledgement moved for
///    ``Timing/acknowledgementTimeout`` while nothing was left to publish.
/// 3. **A later session waits for the desk** while the desk is online, and for
///    ``Timing/deskStatusWait`` after connecting until the desk's retained status says
///    whether it is (``SessionOutboxes/due(deskOnline:)``).
/// 4. **Until the first connection the link tries the broker itself**, every
///    ``Timing/retryInterval``; once connected, the client reconnects by itself.
/// 5. **The board and the status go out when they change**, and again on each connection
///    (both are retained). The status carries the open session's last seq and the faults.
/// 6. **A desk command is answered once.** A `resend` at once (the desk's, or a display's
///    from `…/display-requests`, where nothing else is taken); a correction or change of
///    session is handed to the lane loop (``Action/ask(id:_:author:)``) and answered when the
///    loop has done it, or at once from the journal when its id was done before.
/// 7. **The acknowledgement goes to the lane's disk** in batches of ``Timing/persistBatch``
///    (at once when the session it names changes, and every one while stopping).
/// 8. **A stopping link tries no new connection** and is finished when nothing is left
///    that the broker could still take: not connected, refused, everything acknowledged,
///    nothing due while no desk is online, or its deadline passed.
/// 9. **A backlog goes out paced by the desk.** While the desk is online (or awaited, rule
///    3), at most ``Timing/window`` events past the acknowledged one are published; each
///    acknowledgement lets as many more out, and a window that stays full is rule 2's
///    timeout. With no desk online the events are for displays, and go out as the broker
///    takes them.
public struct LaneLinkMachine: Sendable {
  /// A reading of the shell's monotonic clock, as the time since any fixed origin.
  public typealias Instant = Duration

  /// The machine's intervals.
  public struct Timing: Hashable, Sendable {
    /// How often a lane that never connected tries the broker again (rule 4).
    public var retryInterval: Duration
    /// How long the lane waits for the desk's acknowledgement before it publishes again.
    public var acknowledgementTimeout: Duration
    /// How long a link that connected waits for the desk's retained status (rule 3).
    public var deskStatusWait: Duration
    /// How many acknowledged seqs are written to the lane's disk at once (rule 7).
    public var persistBatch: Int
    /// How many events past the desk's acknowledgement may be out at once (rule 9).
    public var window: Int

    public init(
      retryInterval: Duration = .seconds(2), acknowledgementTimeout: Duration = .seconds(5),
      deskStatusWait: Duration = .seconds(5), persistBatch: Int = 20, window: Int = 32
    ) {
      self.retryInterval = retryInterval
      self.acknowledgementTimeout = acknowledgementTimeout
      self.deskStatusWait = deskStatusWait
      self.persistBatch = persistBatch
      self.window = window
    }
  }

  /// The link's connection to the broker.
  public enum Connection: Hashable, Sendable {
    /// Never connected yet: the link tries again at `nextAttempt` (rule 4).
    case neverConnected(nextAttempt: Instant)
    /// Lost after it was up: the client reconnects by itself.
    case lost
    /// Up since `since`; `subscribed` once the subscriptions were made, `refused` once the
    /// broker refused a publish on it.
    case up(since: Instant, subscribed: Bool, refused: Bool)
  }

  /// The desk as its retained status last said.
  public enum Desk: Hashable, Sendable {
    case unknown, online, offline
  }

  public let lane: LaneID
  public let timing: Timing
  /// The lane's connection count (both in the online status and the will).
  public let epoch: Int
  public let version: String?
  /// Whether the lane keeps the acknowledgement on its disk (a journal is given).
  public let persists: Bool
  public private(set) var outboxes: SessionOutboxes
  public private(set) var connection: Connection
  public private(set) var desk: Desk = .unknown
  /// The deadline of a stop asked for (rule 8).
  public private(set) var stopping: Instant?

  /// Acknowledgements, publishes or resend requests last moved (rule 2's timeout).
  private var lastProgress: Instant
  private var board: Payload.Board?
  private var boardPublished = true
  private var wiring: Payload.Status.Wiring?
  /// The lane's warnings and the link's faults, the last five.
  private var faults: [String] = []
  private var healthFaults: [String] = []
  /// The status as last published; `nil` to publish it again.
  private var publishedStatus: Payload.Status?
  /// Request ids handed to the loop and not yet answered, with whether each corrects.
  private var pending: [String: Bool] = [:]
  private var reports: [String] = []
  private var requests: [Action] = []
  private var replies: [Payload.Reply] = []
  /// An acknowledgement whose write failed: not tried again until another is due.
  private var failedPersist: Payload.Ack?
  private var eventsUnreadable = false

  /// A link not yet connected, at `now`, with `outboxes` resumed from the lane's disk; its
  /// first connection is tried at once.
  public init(
    lane: LaneID, epoch: Int, version: String?, outboxes: SessionOutboxes, persists: Bool,
    timing: Timing = Timing(), at now: Instant
  ) {
    self.lane = lane
    self.epoch = epoch
    self.version = version
    self.outboxes = outboxes
    self.persists = persists
    self.timing = timing
    connection = .neverConnected(nextAttempt: now)
    lastProgress = now
  }

  /// Whether request `id` was handed to the lane loop and not yet answered.
  public func isPending(_ id: String) -> Bool { pending[id] != nil }

  /// Whether the broker has the connection up.
  public var isConnected: Bool {
    if case .up = connection { true } else { false }
  }

  /// The status the lane publishes now.
  public var status: Payload.Status {
    Payload.Status(
      lane: lane, state: .online, epoch: epoch, version: version, wiring: wiring,
      lastSeq: outboxes.open.lastRecorded, faults: healthFaults + faults)
  }

  // MARK: Inputs

  /// Takes one input at `now`.
  public mutating func take(_ input: Input, at now: Instant) {
    switch input {
    case .recorded, .opened, .acknowledged, .command, .connected, .tick: eventsUnreadable = false
    default: break
    }
    switch input {
    case .connected:
      guard !isConnected else { return }
      connection = .up(since: now, subscribed: false, refused: false)
      outboxes.resendUnacknowledged()
      lastProgress = now
      publishedStatus = nil
      boardPublished = board == nil
    case .disconnected:
      guard isConnected else { return }
      connection = .lost
      outboxes.resendUnacknowledged()
    case .connectFailed:
      if case .neverConnected = connection {
        connection = .neverConnected(nextAttempt: now + timing.retryInterval)
      }
    case .recorded(let session, let seq):
      do {
        try outboxes.recorded(upTo: seq, in: session)
      } catch {
        note("\(error)")
      }
    case .opened(let session, let end):
      outboxes.opened(session, closingAt: end)
    case .acknowledged(let ack):
      do {
        if try outboxes.acknowledge(ack) { lastProgress = now }
      } catch {
        note("refused an acknowledgement: \(error)")
      }
    case .deskStatus(let state):
      desk = state == .online ? .online : .offline
      if desk == .online {
        outboxes.resendUnacknowledged()
        lastProgress = now
      }
    case .command(let command, let doneBefore):
      obey(command, doneBefore: doneBefore)
    case .answered(let id, let outcome):
      let correcting = pending.removeValue(forKey: id) ?? false
      answer(LaneRequest.reply(to: id, correcting: correcting, outcome))
    case .board(let games, let seq):
      board = Payload.Board(lane: lane, session: outboxes.open.session, seq: seq, games: games)
      boardPublished = false
    case .warning(let warning):
      faults = Array((faults + [warning]).suffix(5))
      publishedStatus = nil
    case .fault(let fault):
      note(fault)
    case .health(let faults):
      healthFaults = faults
    case .wiring(let wiring):
      self.wiring = wiring
    case .sent(let session, let seq):
      outboxes.sent(upTo: seq, in: session)
    case .unreadable:
      eventsUnreadable = true
    case .done(let action):
      done(action)
    case .publishFailed(let action, let refused, let stillConnected):
      if case .reply(let reply) = action, let index = replies.firstIndex(of: reply) {
        replies.remove(at: index)
      }
      if let refused {
        if case .up(let since, let subscribed, _) = connection {
          connection = .up(since: since, subscribed: subscribed, refused: true)
        }
        note(refused)
      } else {
        if !stillConnected, isConnected { connection = .lost }
        outboxes.resendUnacknowledged()
      }
    case .persistFailed(let ack, let why):
      failedPersist = ack
      note(why)
    case .tick:
      break
    case .stop(let deadline):
      stopping = deadline
    }
    timeout(at: now)
  }

  private mutating func obey(_ command: Payload.Command, doneBefore: RecordReference?) {
    guard command.action != .resend else {
      let from = command.from ?? 1
      let session = outboxes.resend(from: from, in: command.session)
      return answer(
        Payload.Reply(
          id: command.id, ok: true, message: "publishing session \(session) again from seq \(from)"))
    }
    guard pending[command.id] == nil else { return }  // answered when it is done
    if let done = doneBefore {
      answer(
        Payload.Reply(
          id: command.id, ok: true,
          message: "already done as record \(done.seq) of session \(done.session); not run again"))
    } else if let request = LaneRequest(command) {
      pending[command.id] = [.correct, .league].contains(command.action)
      requests.append(.ask(id: command.id, request, author: LaneRequest.author(of: command)))
    } else {
      answer(Payload.Reply(id: command.id, ok: false, message: "not a correction this lane knows"))
    }
  }

  /// A reply goes out on the connection there is; with none it is lost (the desk asks again).
  private mutating func answer(_ reply: Payload.Reply) {
    guard isConnected else { return }
    replies.append(reply)
  }

  private mutating func done(_ action: Action) {
    switch action {
    case .report(let message):
      if let index = reports.firstIndex(of: message) { reports.remove(at: index) }
    case .persist(let ack):
      outboxes.persisted(ack)
      failedPersist = nil
    case .ask:
      if let index = requests.firstIndex(of: action) { requests.remove(at: index) }
    case .subscribe:
      if case .up(let since, _, let refused) = connection {
        connection = .up(since: since, subscribed: true, refused: refused)
      }
    case .reply(let reply):
      if let index = replies.firstIndex(of: reply) { replies.remove(at: index) }
    case .publishEvents(let session, let seqs, _):
      outboxes.sent(upTo: seqs.upperBound, in: session)
    case .publishBoard(let published):
      if published == board { boardPublished = true }
    case .publishStatus(let status):
      publishedStatus = status
    case .connect:
      break
    }
  }

  /// A fault of the link's own: told once, kept among the last five.
  private mutating func note(_ fault: String) {
    guard !faults.contains(fault) else { return }
    reports.append(fault)
    faults = Array((faults + [fault]).suffix(5))
    publishedStatus = nil
  }

  /// Rule 2's timeout: nothing left to publish and no acknowledgement for a while.
  private mutating func timeout(at now: Instant) {
    guard outboxes.unacknowledged > 0, outboxes.due(deskOnline: waitsForDesk(at: now), window: timing.window) == nil,
      now - lastProgress >= timing.acknowledgementTimeout
    else { return }
    outboxes.resendUnacknowledged()
    lastProgress = now
  }

  /// Whether a later session waits for the desk (rule 3).
  public func waitsForDesk(at now: Instant) -> Bool {
    switch (desk, connection) {
    case (.online, _): true
    case (.unknown, .up(let since, _, _)): now - since < timing.deskStatusWait
    default: false
    }
  }

  // MARK: Outputs

  /// What to do now, or `nil` when nothing is left until the next input or deadline.
  public func nextAction(at now: Instant) -> Action? {
    if let report = reports.first { return .report(report) }
    let batch = stopping == nil ? timing.persistBatch : 1
    if persists, let ack = outboxes.acknowledgementToPersist(every: batch), ack != failedPersist {
      return .persist(ack)
    }
    if let request = requests.first { return request }
    if isFinished(at: now) { return nil }
    switch connection {
    case .up(_, let subscribed, let refused):
      if !subscribed { return .subscribe }
      guard !refused else { return nil }
      if let reply = replies.first { return .reply(reply) }
      if !eventsUnreadable, let due = outboxes.due(deskOnline: waitsForDesk(at: now), window: timing.window) {
        return .publishEvents(session: due.session, seqs: due.seqs, ahead: due.ahead)
      }
      if !boardPublished, let board { return .publishBoard(board) }
      if status != publishedStatus { return .publishStatus(status) }
      return nil
    case .neverConnected(let nextAttempt):
      return stopping == nil && now >= nextAttempt ? .connect : nil
    case .lost:
      return nil
    }
  }

  /// When to take a ``Input/tick`` if nothing else comes first: the next connection
  /// attempt, the acknowledgement timeout, the end of the wait for the desk's status or
  /// the stop's deadline; `nil` when nothing waits for time.
  ///
  /// Asked with the `now` at which ``nextAction(at:)`` was `nil`, it is never before
  /// `now`, and a tick at it changes what the machine does or moves the deadline on.
  public func nextDeadline(at now: Instant) -> Instant? {
    var deadlines: [Instant] = []
    if case .neverConnected(let nextAttempt) = connection, stopping == nil {
      deadlines.append(nextAttempt)
    }
    if outboxes.unacknowledged > 0, outboxes.due(deskOnline: waitsForDesk(at: now), window: timing.window) == nil {
      deadlines.append(lastProgress + timing.acknowledgementTimeout)
    }
    if desk == .unknown, case .up(let since, _, _) = connection, now < since + timing.deskStatusWait {
      deadlines.append(since + timing.deskStatusWait)
    }
    if let stopping { deadlines.append(stopping) }
    return deadlines.min().map { max($0, now) }
  }

  /// Whether a stopping link is done (rule 8): nothing more can reach the desk before its
  /// deadline, or everything has.
  public func isFinished(at now: Instant) -> Bool {
    guard let stopping else { return false }
    guard now < stopping, case .up(_, _, let refused) = connection, !refused else { return true }
    if outboxes.unacknowledged == 0 && outboxes.outboxes.count == 1 { return true }
    return desk != .online && outboxes.due(deskOnline: false) == nil
  }
}
