import PropertyBased
import Testing

@testable import Centre

/// What the broker may do to one message on the way to the desk.
private enum Fate: Int, CaseIterable {
  case delivered, duplicated, dropped, delayed
}

@Suite("Exactly once through a faulty broker")
struct ExactlyOnceTests {
  @Test("When a lane's stream is duplicated, reordered and dropped, then after resends the desk has each seq exactly once in order")
  func exactlyOnce() async {
    await propertyCheck(
      input: Gen.int(in: 1...60), Gen.int(in: 0...(Fate.allCases.count * 4 - 1)).array(of: 0...120)
    ) { count, fates in
      let lane = try! LaneID("lane1")
      var outbox = LaneOutbox(session: "s1")
      for seq in 1...count { try! outbox.recorded(seq) }
      var consumer = DeskConsumer(maximumHeld: 8)
      var remainingFates = fates[...]
      var delivered: [Int] = []
      var rounds = 0

      while delivered.count < count && rounds < 500 {
        rounds += 1
        guard let batch = outbox.toSend else {
          // No ack came for what was sent: the lane's ack timeout resends.
          outbox.resendUnacknowledged()
          continue
        }
        outbox.sent(upTo: batch.upperBound)
        // The broker's doing: each message delivered, twice, lost or late;
        // once the fates run out the network is good.
        var wire: [Int] = []
        var late: [Int] = []
        for seq in batch {
          let choice = remainingFates.popFirst() ?? 0
          switch Fate(rawValue: choice % Fate.allCases.count)! {
          case .delivered: wire.append(seq)
          case .duplicated: wire += [seq, seq]
          case .dropped: break
          case .delayed: late.append(seq)
          }
        }
        var resendFrom: Int?
        for seq in wire + late {
          let outcome = consumer.receive(Payload.Event(lane: lane, session: "s1", seq: seq, type: .throw))
          delivered += outcome.delivered.map(\.seq)
          if let from = outcome.resendFrom { resendFrom = min(resendFrom ?? from, from) }
        }
        if let ack = consumer.acknowledgement(.init(lane: lane, session: "s1")) {
          try! outbox.acknowledge(ack)
        }
        if let resendFrom { outbox.resend(from: resendFrom) }
      }

      #expect(delivered == Array(1...count))
      #expect(outbox.acknowledged == count)
    }
  }

  @Test("When sessions change while the desk stops and restarts, the lane restarts, and the lane misjudges whether the desk is online, then the desk prints every record of every session exactly once, each session after the one before")
  func acrossSessionsAndDeskRestarts() async {
    await propertyCheck(count: 1000, input: Gen.int(in: 0...(SeasonStep.allCases.count - 1)).array(of: 0...120)) { steps in
      var season = SeasonModel()
      for step in steps { season.take(SeasonStep(rawValue: step)!) }
      season.settle()

      #expect(season.printed == season.journal, "printed \(season.printed) after \(steps.map { SeasonStep(rawValue: $0)! })")
      #expect(season.outboxes.unacknowledged == 0 && season.outboxes.outboxes.count == 1)
    }
  }
}

/// What happens next on one lane and its desk, in ``SeasonModel``.
private enum SeasonStep: Int, CaseIterable {
  /// The lane journals a record in its open session.
  case record
  /// The lane journals the open session's end and opens the next.
  case changeSession
  /// The lane publishes what is due; the broker hands it to the desk when one is up.
  case publish
  /// The desk's pending acknowledgement reaches the broker (retained) and the lane.
  case acknowledge
  /// The desk stops (by a signal: its pending acknowledgement goes out first) and starts
  /// again from its retained acknowledgement.
  case restartDesk
  /// The desk stops, as above; events published now are lost to it.
  case stopDesk
  /// The lane learns whether the desk is online (late: the status arrives after events).
  case learnDeskState
  /// No acknowledgement came in time: the lane publishes everything unacknowledged again.
  case timeout
  /// The lane's process is killed and starts again: its outboxes from its acknowledgement
  /// file and its sessions (``PublishingPlan``), then the desk's retained acknowledgement.
  case restartLane
}

/// One lane's sessions and one desk, as ``SessionOutboxes`` and ``DeskConsumer`` see them,
/// with a broker that delivers in order but only to a desk that is up, a desk that
/// publishes one acknowledgement at a time, the newest (as `DeskLink` does), and a lane
/// that keeps the acknowledgement on its disk in batches of 3 (as `LaneLink` does in 20s).
private struct SeasonModel {
  struct Record: Hashable, CustomStringConvertible {
    var session: String
    var seq: Int
    var description: String { "\(session)#\(seq)" }
  }

  let lane = try! LaneID("lane1")
  var outboxes = SessionOutboxes(closed: [], open: LaneOutbox(session: "s1000"), persisted: "s1000")
  /// Every record the lane journalled, session by session.
  var journal: [Record] = []
  var openRecords = 0
  /// The lane's acknowledgement file.
  var persisted = Payload.Ack(session: "s1000", upto: 0)
  var desk: DeskConsumer?
  var pendingAcknowledgement: Payload.Ack?
  var retained: Payload.Ack?
  var deskOnlineAsTheLaneThinks = false
  var printed: [Record] = []

  mutating func take(_ step: SeasonStep) {
    switch step {
    case .record:
      openRecords += 1
      journal.append(Record(session: outboxes.open.session, seq: openRecords))
      try! outboxes.recorded(upTo: openRecords, in: outboxes.open.session)
    case .changeSession:
      let ended = outboxes.open.session
      openRecords += 1
      journal.append(Record(session: ended, seq: openRecords))
      outboxes.opened("s\(1000 + journal.count)", closingAt: openRecords)
      try! outboxes.recorded(upTo: openRecords, in: ended)
      openRecords = 0
    case .publish:
      publish()
    case .acknowledge:
      acknowledge()
    case .restartDesk:
      acknowledge()
      desk = DeskConsumer()
      if let retained { desk?.resume(.init(lane: lane, session: retained.session), acknowledgedUpTo: retained.upto) }
    case .stopDesk:
      acknowledge()
      desk = nil
    case .learnDeskState:
      deskOnlineAsTheLaneThinks = desk != nil
      if deskOnlineAsTheLaneThinks { outboxes.resendUnacknowledged() }
    case .timeout:
      outboxes.resendUnacknowledged()
    case .restartLane:
      restartLane()
    }
  }

  /// The desk comes up and stays; the lane learns it; rounds of publishing, acknowledging
  /// and timeouts until the desk has everything.
  mutating func settle() {
    if desk == nil { take(.restartDesk) }
    take(.learnDeskState)
    for _ in 0..<200 where outboxes.unacknowledged > 0 || outboxes.outboxes.count > 1 {
      publish()
      acknowledge()
      if outboxes.due(deskOnline: true) == nil { outboxes.resendUnacknowledged() }
    }
  }

  private mutating func publish() {
    var resend: (from: Int, session: String)?
    while let due = outboxes.due(deskOnline: deskOnlineAsTheLaneThinks) {
      for seq in due.seqs {
        outboxes.sent(upTo: seq, in: due.session)
        guard var consumer = desk else { continue }
        let event = Payload.Event(
          lane: lane, session: due.session, seq: seq, type: .throw, ahead: due.ahead ? true : nil)
        let outcome = consumer.receive(event)
        printed += outcome.delivered.map { Record(session: $0.session, seq: $0.seq) }
        if !outcome.delivered.isEmpty {
          pendingAcknowledgement = consumer.acknowledgement(.init(lane: lane, session: due.session))
        }
        if let from = outcome.resendFrom, resend == nil { resend = (from, due.session) }
        desk = consumer
      }
    }
    if let resend { outboxes.resend(from: resend.from, in: resend.session) }
  }

  private mutating func acknowledge() {
    guard let ack = pendingAcknowledgement else { return }
    pendingAcknowledgement = nil
    retained = ack
    laneTakes(ack)
  }

  private mutating func laneTakes(_ ack: Payload.Ack) {
    _ = try! outboxes.acknowledge(ack)
    if let due = outboxes.acknowledgementToPersist(every: 3) {
      persisted = due
      outboxes.persisted(due)
    }
  }

  private mutating func restartLane() {
    var counts: [String: Int] = [:]
    for record in journal { counts[record.session] = max(counts[record.session] ?? 0, record.seq) }
    let open = outboxes.open.session
    let closed = counts.keys.filter { $0 != open }
    let plan = PublishingPlan(acknowledgement: persisted, closed: closed, open: open)
    let boxes = plan.items.map {
      LaneOutbox(session: $0.session, lastRecorded: counts[$0.session] ?? 0, acknowledged: $0.acknowledged)
    }
    outboxes = SessionOutboxes(closed: Array(boxes.dropLast()), open: boxes.last!, persisted: persisted.session)
    deskOnlineAsTheLaneThinks = false
    if let retained { laneTakes(retained) }
  }
}
