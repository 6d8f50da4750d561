import Logging
import Centre
import Foundation
import LaneBridge
import MQTT

extension LaneLink {
  /// Does one of the machine's actions and tells it how it went.
  func perform(_ action: LaneLinkMachine.Action) async {
    switch action {
    case .report(let message):
      logger.notice("\(message)")
      machine.take(.done(action), at: now)
    case .persist(let ack):
      do {
        try acknowledgementFile?.write(ack)
        machine.take(.done(action), at: now)
      } catch {
        machine.take(.persistFailed(ack, "\(error)"), at: now)
      }
    case .ask(let id, let request, let author):
      let inputs = self.inputs
      requests.add(
        RemoteRequest(Self.action(request), author: author) { outcome in
          let answer: LaneRequest.Outcome =
            switch outcome {
            case .done(let sequence, let change): .done(sequence: sequence, change: change)
            case .refused(let why): .refused(why)
            }
          inputs.yield(.answered(id: id, answer))
        })
      machine.take(.done(action), at: now)
    case .subscribe:
      let topics = [Topic.ack(lane), .commands(lane), .displayRequests(lane), .deskStatus]
      for topic in topics.map(\.name) {
        do {
          try await broker.subscribe(to: [topic])
        } catch {
          logger.notice("subscribing to \(topic) failed: \(error)")
        }
      }
      machine.take(.done(action), at: now)
    case .reply(let reply):
      await publish(reply, to: .replies(lane), retain: false, then: action)
    case .publishEvents(let session, let seqs, let ahead):
      await publishEvents(of: session, seqs, ahead: ahead, then: action)
    case .publishBoard(var board):
      board.pair = night?.pair
      board.league = night?.league
      await publish(board, to: .board(lane), retain: true, then: action)
    case .publishStatus(let status):
      await publish(status, to: .status(lane), retain: true, then: action)
    case .connect:
      do {
        try await broker.connect()
        machine.take(.connected, at: now)
      } catch {
        if error.isSettingsProblem { logger.notice("\(error)") }
        machine.take(.connectFailed, at: now)
      }
    }
  }

  /// Publishes `session`'s records `seqs` as the source has them, telling the machine of
  /// each the broker took.
  private func publishEvents(
    of session: String, _ seqs: ClosedRange<Int>, ahead: Bool, then action: LaneLinkMachine.Action
  ) async {
    let records =
      sessions.source(of: session)?.records(
        after: seqs.lowerBound - 1, limit: min(seqs.count, Self.readLimit)) ?? []
    guard !records.isEmpty else { return machine.take(.unreadable, at: now) }
    for record in records where seqs.contains(record.seq) {
      let event = record.event(
        on: lane, session: session, pair: night?.pair, sentAt: Date().timeIntervalSince1970 * 1000, ahead: ahead)
      guard await publish(event, to: .events(lane), retain: false, failing: action) else { return }
      machine.take(.sent(session: session, upTo: record.seq), at: now)
    }
  }

  private func publish(
    _ payload: some Encodable & Sendable, to topic: Topic, retain: Bool,
    then action: LaneLinkMachine.Action
  ) async {
    if await publish(payload, to: topic, retain: retain, failing: action) {
      machine.take(.done(action), at: now)
    }
  }

  /// Publishes one payload; a failure is the machine's input.
  ///
  /// - Returns: Whether the broker took it.
  private func publish(
    _ payload: some Encodable & Sendable, to topic: Topic, retain: Bool,
    failing action: LaneLinkMachine.Action
  ) async -> Bool {
    do {
      try await broker.publish(payload, to: topic, retain: retain)
      return true
    } catch let error as MQTTError {
      let refused: String? = if case .refused = error.problem { "\(error)" } else { nil }
      machine.take(
        .publishFailed(action, refused: refused, stillConnected: broker.isConnected), at: now)
      return false
    } catch {
      machine.take(.fault("cannot encode a message for \(topic): \(error)"), at: now)
      return false
    }
  }
}
