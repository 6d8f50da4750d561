import Centre
import CentreLink
import Logging
import MQTT
import Synchronization
import TestSupport
import Testing

@Suite(
  "The desk's group commit: what arrives together is stored in one transaction, each event acknowledged only after its commit",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason), .timeLimit(.minutes(2)))
struct DeskGroupCommitTests {
  let broker: TestBroker
  let lanes = [try! LaneID("lane1"), try! LaneID("lane2")]
  /// Each lane's burst, published while the desk's first commit is in hand.
  let perLane = 40

  init() throws {
    broker = try TestBroker()
  }

  @Test("Given a commit in hand, when two lanes publish 40 events each meanwhile, then the desk commits what arrived in fewer transactions than events, both lanes in one, every event stored once, and no acknowledgement passes what is committed")
  func commitsTogether() async throws {
    let store = HeldStore(failing: nil)
    try await playBurst(into: store)

    let commits = store.commits
    #expect(commits.count < 2 * perLane, "commits of \(commits.map(\.count)) events")
    #expect(
      commits.contains { Set($0.map(\.lane)) == Set(lanes) }, "no commit carried both lanes: \(commits.map(\.count))")
  }

  @Test("Given a commit in hand, when two lanes publish meanwhile and the commit of what arrived fails, then neither lane's events in it are acknowledged, both lanes are asked again, and every event is stored once")
  func failedCommitRewindsEverySession() async throws {
    let store = HeldStore(failing: 1)
    try await playBurst(into: store)

    #expect(
      store.failedCommit.map { Set($0.map(\.lane)) } == Set(lanes),
      "the failed commit held \(store.failedCommit?.count ?? 0) events")
  }

  /// Holds the desk's first commit (seq 1 of the first lane, alone) while each lane
  /// publishes the rest of its ``perLane`` events, lets it go once a subscriber has seen
  /// them all, and has each lane answer every resend the desk asks for, until each lane's
  /// last event is acknowledged. Checks each acknowledgement against what was committed
  /// before it arrived, and that every event is stored once.
  private func playBurst(into store: HeldStore) async throws {
    let observer = try BrokerSession(settings: settings("desk"), clientPrefix: "observer", will: nil)
    try await observer.connect()
    defer { observer.disconnect() }
    try await observer.subscribe(to: [Topic.deskStatus.name, Topic.everyLane(.events), Topic.everyLane(.ack)])
    var publishers: [LaneID: BrokerSession] = [:]
    for lane in lanes {
      let publisher = try BrokerSession(settings: settings(lane.rawValue), clientPrefix: lane.rawValue, will: nil)
      try await publisher.connect()
      try await publisher.subscribe(to: [Topic.commands(lane).name])
      publishers[lane] = publisher
    }
    defer { for publisher in publishers.values { publisher.disconnect() } }
    @Sendable func publish(_ lane: LaneID, _ seqs: ClosedRange<Int>, by publisher: BrokerSession) async throws {
      for seq in seqs {
        try await publisher.publish(
          Payload.Event(lane: lane, session: "s1", seq: seq, type: .throw), to: .events(lane), retain: false)
      }
    }
    let resending = publishers.map { lane, publisher in
      Task {
        for await delivery in publisher.deliveries {
          guard case .message(.command(_, let command), _) = delivery, command.action == .resend else { continue }
          try await publish(lane, (command.from ?? 1)...perLane, by: publisher)
        }
      }
    }
    defer { for task in resending { task.cancel() } }
    let desk = try DeskLink(
      settings: settings("desk"), output: .jsonLines, write: { _ in }, logger: Logger(label: "test.desk") { _ in SwiftLogNoOpLogHandler() },
      store: store)
    let running = Task { try await desk.run() }
    defer { running.cancel() }

    var seen = 0
    var acknowledged: [LaneID: Int] = [:]
    for await delivery in observer.deliveries {
      guard case .message(let message, let retained) = delivery else { continue }
      switch message {
      case .deskStatus(let status) where status.state == .online:
        try await publish(lanes[0], 1...1, by: publishers[lanes[0]]!)
        #expect(await eventually(within: .seconds(30)) { store.isHolding }, "the desk's first commit is in hand")
        for lane in lanes { try await publish(lane, (lane == lanes[0] ? 2 : 1)...perLane, by: publishers[lane]!) }
      case .event:
        seen += 1
        if seen == 2 * perLane { store.release() }
      case .ack(let lane, let ack) where !retained:
        #expect(ack.upto <= store.committed(lane), "\(lane) acknowledged up to \(ack.upto) before its commit")
        acknowledged[lane] = ack.upto
      default:
        break
      }
      if lanes.allSatisfy({ acknowledged[$0] == perLane }) { break }
    }

    running.cancel()
    try await running.value
    for lane in lanes {
      #expect(store.stored(lane) == Array(1...perLane), "\(lane)'s events stored once each, in order")
    }
  }

  private func settings(_ user: String) throws -> BrokerSettings {
    try BrokerSettings(
      url: "mqtt://127.0.0.1:\(broker.port)", credentialsFile: broker.folder + "/\(user).credentials", caFile: nil)
  }
}

/// The desk's store in memory: its first commit waits until ``release()`` (a commit
/// waiting for the disk); the commit numbered `failing` (from 0) fails. It records what
/// each commit that did not fail carried.
private final class HeldStore: EventStore, Sendable {
  struct Refused: Error {}

  private struct State {
    var isHolding = false
    var attempts = 0
    var commits: [[Payload.Event]] = []
    var failedCommit: [Payload.Event]?
    var stored: [LaneID: [Int]] = [:]
  }

  private let state = Mutex(State())
  private let (released, releasing) = AsyncStream<Void>.makeStream()
  private let failing: Int?

  init(failing: Int?) {
    self.failing = failing
  }

  var isHolding: Bool { state.withLock { $0.isHolding } }
  var commits: [[Payload.Event]] { state.withLock { $0.commits } }
  var failedCommit: [Payload.Event]? { state.withLock { $0.failedCommit } }
  func stored(_ lane: LaneID) -> [Int] { state.withLock { $0.stored[lane] ?? [] } }
  /// The highest seq of `lane` committed: with no gap, so that an acknowledgement up to it
  /// is right.
  func committed(_ lane: LaneID) -> Int {
    let seqs = Set(stored(lane))
    return (0...).first { !seqs.contains($0 + 1) }!
  }

  func release() { releasing.finish() }

  func commit(_ events: [Payload.Event]) async throws -> [Payload.Event] {
    let attempt = state.withLock { state in
      defer { (state.isHolding, state.attempts) = (true, state.attempts + 1) }
      return state.attempts
    }
    if attempt == 0 { for await _ in released {} }
    if attempt == failing {
      state.withLock { $0.failedCommit = events }
      throw Refused()
    }
    return state.withLock { state in
      state.commits.append(events)
      return events.filter { event in
        guard !state.stored[event.lane, default: []].contains(event.seq) else { return false }
        state.stored[event.lane, default: []].append(event.seq)
        return true
      }
    }
  }
}
