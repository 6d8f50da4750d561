import Testing

@testable import Centre

@Suite("A lane's outbox")
struct LaneOutboxTests {
  @Suite("Given a session with seqs 1 to 5 recorded")
  struct FiveRecorded {
    var outbox = LaneOutbox(session: "s1")

    init() throws {
      for seq in 1...5 { try outbox.recorded(seq) }
    }

    @Test("When nothing was sent, then all five are to send")
    func allToSend() {
      #expect(outbox.toSend == 1...5)
      #expect(outbox.unacknowledged == 5)
    }

    @Test("When they were sent, then nothing is to send until the connection is lost")
    mutating func sentThenLost() {
      outbox.sent(upTo: 5)
      #expect(outbox.toSend == nil)

      outbox.resendUnacknowledged()

      #expect(outbox.toSend == 1...5)
    }

    @Test("When the desk acknowledges 3 and the connection is lost, then 4 and 5 are sent again")
    mutating func acknowledgedThenLost() throws {
      outbox.sent(upTo: 5)

      #expect(try outbox.acknowledge(.init(session: "s1", upto: 3)))
      outbox.resendUnacknowledged()

      #expect(outbox.toSend == 4...5)
      #expect(outbox.unacknowledged == 2)
    }

    @Test("When a window of 2 is given, then two past the acknowledgement are to send, and an acknowledgement lets more out")
    mutating func window() throws {
      #expect(outbox.toSend(within: 2) == 1...2)
      outbox.sent(upTo: 2)
      #expect(outbox.toSend(within: 2) == nil)

      try outbox.acknowledge(.init(session: "s1", upto: 1))

      #expect(outbox.toSend(within: 2) == 3...3)
      #expect(outbox.toSend(within: 9) == 3...5)
    }

    @Test("When the desk asks a resend from 4, then 4 and 5 are sent again")
    mutating func resendRequest() throws {
      outbox.sent(upTo: 5)
      try outbox.acknowledge(.init(session: "s1", upto: 2))

      outbox.resend(from: 4)

      #expect(outbox.toSend == 4...5)
    }

    @Test("When a resend is asked from before the acknowledgement (a display joining late), then every seq from there goes again")
    mutating func resendBeforeAck() throws {
      outbox.sent(upTo: 5)
      try outbox.acknowledge(.init(session: "s1", upto: 3))

      outbox.resend(from: 1)

      #expect(outbox.toSend == 1...5)
      #expect(outbox.acknowledged == 3)
    }

    @Test("When an older or another session's ack arrives, then nothing changes")
    mutating func staleAcks() throws {
      try outbox.acknowledge(.init(session: "s1", upto: 4))

      #expect(try outbox.acknowledge(.init(session: "s1", upto: 2)) == false)
      #expect(try outbox.acknowledge(.init(session: "s0", upto: 5)) == false)
      #expect(outbox.acknowledged == 4)
    }

    @Test("When an ack claims seqs never recorded, then it is refused")
    mutating func forgedAck() {
      #expect(throws: LaneOutbox.Refusal.acknowledgedBeyondRecorded(upto: 9, lastRecorded: 5)) {
        try outbox.acknowledge(.init(session: "s1", upto: 9))
      }
      #expect(outbox.acknowledged == 0)
    }

    @Test("When the journal skips a seq, then the outbox refuses it")
    mutating func gapInJournal() {
      #expect(throws: LaneOutbox.Refusal.outOfOrder(expected: 6, got: 7)) {
        try outbox.recorded(7)
      }
    }

    @Test("When acknowledgements arrive one by one, then the disk write is batched")
    mutating func batchedPersistence() throws {
      try outbox.acknowledge(.init(session: "s1", upto: 1))
      #expect(outbox.acknowledgementToPersist(every: 3) == nil)

      try outbox.acknowledge(.init(session: "s1", upto: 3))
      #expect(outbox.acknowledgementToPersist(every: 3) == 3)
      outbox.persisted(3)
      #expect(outbox.acknowledgementToPersist(every: 3) == nil)

      try outbox.acknowledge(.init(session: "s1", upto: 5))
      #expect(outbox.acknowledgementToPersist(every: 3) == 5, "all acknowledged: write now")
    }
  }

  @Test("Given a lane restarted with 7 recorded and 4 acknowledged on disk, then 5 to 7 are sent first")
  func restarted() {
    let outbox = LaneOutbox(session: "s1", lastRecorded: 7, acknowledged: 4)

    #expect(outbox.toSend == 5...7)
    #expect(outbox.persistedAcknowledgement == 4)
  }
}
