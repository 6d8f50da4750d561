import Centre
import Testing

private let first = "2026-11-23T18:00:00Z"
private let second = "2026-11-23T19:30:05Z"

@Suite("A lane's outboxes across its sessions (SessionOutboxes)")
struct SessionOutboxesTests {
  @Suite("Given a closed session of 5 records, 3 acknowledged, and an open one of 2")
  struct ClosedAndOpen {
    var outboxes = SessionOutboxes(
      closed: [LaneOutbox(session: first, lastRecorded: 5, acknowledged: 3)],
      open: LaneOutbox(session: second, lastRecorded: 2), persisted: first)

    @Test("When the desk is online, then the closed session's rest goes out first and the open session waits for its acknowledgement")
    mutating func beforeWhileDeskOnline() {
      #expect(outboxes.due(deskOnline: true)?.session == first)
      #expect(outboxes.due(deskOnline: true)?.seqs == 4...5)

      outboxes.sent(upTo: 5, in: first)

      #expect(outboxes.due(deskOnline: true) == nil)
      #expect(outboxes.unacknowledged == 4)
    }

    @Test("When no desk is online, then the open session goes out beside the closed one, oldest first, marked ahead of it")
    mutating func besideWhileDeskOffline() {
      #expect(outboxes.due(deskOnline: false)?.session == first)
      #expect(outboxes.due(deskOnline: false)?.ahead == false)
      outboxes.sent(upTo: 5, in: first)

      #expect(outboxes.due(deskOnline: false)?.session == second)
      #expect(outboxes.due(deskOnline: false)?.seqs == 1...2)
      #expect(outboxes.due(deskOnline: false)?.ahead == true)
    }

    @Test("When the open session went out ahead and the desk then acknowledges the closed one whole, then the open session goes out again from its start, not ahead")
    mutating func aheadGoesOutAgain() throws {
      outboxes.sent(upTo: 5, in: first)
      outboxes.sent(upTo: 2, in: second)
      #expect(outboxes.due(deskOnline: false) == nil)

      try outboxes.acknowledge(.init(session: first, upto: 5))

      #expect(outboxes.due(deskOnline: true)?.session == second)
      #expect(outboxes.due(deskOnline: true)?.seqs == 1...2)
      #expect(outboxes.due(deskOnline: true)?.ahead == false)
    }

    @Test("When the desk acknowledges the closed session's last record, then it leaves, the open session is due, and the file is to name the open session at once")
    mutating func closedAcknowledged() throws {
      outboxes.sent(upTo: 5, in: first)

      #expect(try outboxes.acknowledge(.init(session: first, upto: 5)))

      #expect(outboxes.outboxes.map(\.session) == [second])
      #expect(outboxes.due(deskOnline: true)?.seqs == 1...2)
      #expect(outboxes.acknowledgementToPersist(every: 20) == .init(session: second, upto: 0))
      outboxes.persisted(.init(session: second, upto: 0))
      #expect(outboxes.acknowledgementToPersist(every: 20) == nil)
    }

    @Test("When the desk acknowledges the open session first, then the closed session stays until it has it whole")
    mutating func laterAcknowledgedFirst() throws {
      #expect(try outboxes.acknowledge(.init(session: second, upto: 2)))

      #expect(outboxes.outboxes.map(\.session) == [first, second])
      #expect(outboxes.due(deskOnline: true)?.seqs == 4...5)
      // The file keeps naming the oldest session the desk lacks.
      #expect(outboxes.acknowledgementToPersist(every: 1) == nil)
    }

    @Test("When the connection is lost, then everything unacknowledged of both goes out again")
    mutating func resendAll() {
      outboxes.sent(upTo: 5, in: first)
      outboxes.sent(upTo: 2, in: second)

      outboxes.resendUnacknowledged()

      #expect(outboxes.due(deskOnline: false)?.seqs == 4...5)
      outboxes.sent(upTo: 5, in: first)
      #expect(outboxes.due(deskOnline: false)?.seqs == 1...2)
    }

    @Test("When the desk asks for a resend naming no session, or one the lane no longer holds, then it is the oldest session's")
    mutating func resendFrom() {
      outboxes.sent(upTo: 5, in: first)

      #expect(outboxes.resend(from: 2) == first)

      #expect(outboxes.due(deskOnline: true)?.session == first)
      #expect(outboxes.due(deskOnline: true)?.seqs == 2...5)
      outboxes.sent(upTo: 5, in: first)
      #expect(outboxes.resend(from: 4, in: "2026-11-20T10:00:00Z") == first)
      #expect(outboxes.due(deskOnline: true)?.seqs == 4...5)
    }

    @Test("When a display asks for the open session again, then that session goes out again, once the closed one is out")
    mutating func resendNamedSession() {
      outboxes.sent(upTo: 5, in: first)
      outboxes.sent(upTo: 2, in: second)

      #expect(outboxes.resend(from: 1, in: second) == second)

      #expect(outboxes.due(deskOnline: false)?.session == second)
      #expect(outboxes.due(deskOnline: false)?.seqs == 1...2)
    }

    @Test("When an acknowledgement names a session the lane no longer holds, then nothing changes")
    mutating func unknownSession() throws {
      #expect(try !outboxes.acknowledge(.init(session: "2026-11-20T10:00:00Z", upto: 9)))
      #expect(outboxes.unacknowledged == 4)
    }
  }

  @Suite("Given an open session of 3 records, all acknowledged")
  struct SessionChange {
    var outboxes = SessionOutboxes(
      closed: [], open: LaneOutbox(session: first, lastRecorded: 3, acknowledged: 3), persisted: first)

    @Test("When the lane closes it at its end record 4 and opens the next, then the end goes out before the next session's start while the desk is online")
    mutating func endThenStart() throws {
      outboxes.opened(second, closingAt: 4)
      try outboxes.recorded(upTo: 4, in: first)
      try outboxes.recorded(upTo: 1, in: second)

      #expect(outboxes.due(deskOnline: true)?.session == first)
      #expect(outboxes.due(deskOnline: true)?.seqs == 4...4)
      outboxes.sent(upTo: 4, in: first)
      #expect(outboxes.due(deskOnline: true) == nil)

      try outboxes.acknowledge(.init(session: first, upto: 4))

      #expect(outboxes.open.session == second)
      #expect(outboxes.due(deskOnline: true)?.seqs == 1...1)
    }

    @Test("When the end record has not been offered yet, then an acknowledgement of the rest does not let the session go")
    mutating func endNotYetRecorded() throws {
      outboxes.opened(second, closingAt: 4)

      try outboxes.acknowledge(.init(session: first, upto: 3))

      #expect(outboxes.outboxes.map(\.session) == [first, second])
    }

    @Test("When a closed session is offered a record past its end, then it is refused")
    mutating func pastTheEnd() {
      outboxes.opened(second, closingAt: 4)

      #expect(throws: LaneOutbox.Refusal.outOfOrder(expected: 5, got: 5)) {
        try outboxes.recorded(upTo: 5, in: first)
      }
    }
  }

  @Test("When a closed session was acknowledged whole before the lane started, then it is let go at once")
  func acknowledgedAtStart() {
    let outboxes = SessionOutboxes(
      closed: [LaneOutbox(session: first, lastRecorded: 5, acknowledged: 5)],
      open: LaneOutbox(session: second, lastRecorded: 2), persisted: first)

    #expect(outboxes.outboxes.map(\.session) == [second])
    #expect(outboxes.acknowledgementToPersist(every: 20) == .init(session: second, upto: 0))
  }
}
