import Testing

@testable import Centre

private let lane1 = try! LaneID("lane1")

private func event(_ seq: Int, session: String = "s1", lane: LaneID = lane1) -> Payload.Event {
  Payload.Event(lane: lane, session: session, seq: seq, type: .throw)
}

@Suite("The desk's consumer of lane events")
struct DeskConsumerTests {
  @Suite("Given a fresh consumer")
  struct Fresh {
    var consumer = DeskConsumer()

    @Test("When seqs arrive in order, then each is delivered at once and acknowledged")
    mutating func inOrder() {
      for seq in 1...3 {
        let outcome = consumer.receive(event(seq))
        #expect(outcome.delivered.map(\.seq) == [seq])
        #expect(outcome.resendFrom == nil)
      }
      #expect(consumer.acknowledgement(.init(lane: lane1, session: "s1")) == .init(session: "s1", upto: 3))
    }

    @Test("When nothing was delivered, then there is nothing to acknowledge")
    func nothingYet() {
      #expect(consumer.acknowledgement(.init(lane: lane1, session: "s1")) == nil)
      #expect(consumer.expected(.init(lane: lane1, session: "s1")) == 1)
    }

    @Test("When a seq arrives twice, then the second copy is a duplicate and delivers nothing")
    mutating func duplicate() {
      _ = consumer.receive(event(1))

      let again = consumer.receive(event(1))

      #expect(again.duplicate)
      #expect(again.delivered.isEmpty)
    }

    @Test("When seq 3 arrives before 2, then it is held, a resend from 2 is asked, and 2 releases both")
    mutating func gap() {
      _ = consumer.receive(event(1))

      let early = consumer.receive(event(3))
      #expect(early.delivered.isEmpty)
      #expect(early.resendFrom == 2)
      #expect(consumer.acknowledgement(.init(lane: lane1, session: "s1"))?.upto == 1)

      let filled = consumer.receive(event(2))
      #expect(filled.delivered.map(\.seq) == [2, 3])
      #expect(filled.resendFrom == nil)
    }

    @Test("When a held seq arrives again, then it is a duplicate")
    mutating func heldDuplicate() {
      _ = consumer.receive(event(3))

      #expect(consumer.receive(event(3)).duplicate)
    }

    @Test("When two lanes and two sessions interleave, then each keeps its own sequence")
    mutating func separateStreams() {
      let lane2 = try! LaneID("lane2")

      #expect(consumer.receive(event(1, lane: lane2)).delivered.count == 1)
      #expect(consumer.receive(event(1, session: "s2")).delivered.count == 1)
      #expect(consumer.receive(event(1)).delivered.count == 1)
      #expect(consumer.receive(event(2, lane: lane2)).delivered.count == 1)
    }
  }

  @Test("Given a consumer that holds at most 2, when 4 arrive ahead of a gap, then only 2 are held and the rest come back by resend")
  func boundedHolding() {
    var consumer = DeskConsumer(maximumHeld: 2)
    for seq in 2...5 { _ = consumer.receive(event(seq)) }

    let filled = consumer.receive(event(1))

    #expect(filled.delivered.map(\.seq) == [1, 2, 3])
    #expect(consumer.receive(event(4)).delivered.map(\.seq) == [4])
  }

  @Suite("Given an event of session s2 published ahead of the earlier session s1")
  struct Ahead {
    let early = Payload.Event(lane: lane1, session: "s2", seq: 1, type: .sessionStart, ahead: true)

    @Test("When the desk receives it, then it takes nothing of it: no delivery, no acknowledgement, no resend")
    func deskLeavesIt() {
      var consumer = DeskConsumer()

      let outcome = consumer.receive(early)

      #expect(outcome.notYet)
      #expect(outcome.delivered.isEmpty && !outcome.duplicate && outcome.resendFrom == nil)
      #expect(consumer.acknowledgement(.init(lane: lane1, session: "s2")) == nil)
      // The same event published again unmarked, once the desk has s1, is delivered.
      var again = early
      again.ahead = nil
      #expect(consumer.receive(again).delivered == [again])
    }

    @Test("When a display receives it, then it is delivered, and the unmarked copy later is a duplicate")
    func displayTakesIt() {
      var consumer = DeskConsumer(takesEventsAhead: true)

      #expect(consumer.receive(early).delivered == [early])
      var again = early
      again.ahead = nil
      #expect(consumer.receive(again).duplicate)
    }
  }

  @Test("Given a desk restarted with its retained ack at 5, when 5 and 6 arrive, then 5 is a duplicate and 6 is delivered")
  func resumed() {
    var consumer = DeskConsumer()
    consumer.resume(.init(lane: lane1, session: "s1"), acknowledgedUpTo: 5)

    #expect(consumer.receive(event(5)).duplicate)
    #expect(consumer.receive(event(6)).delivered.map(\.seq) == [6])
  }

  @Test("Given 1 to 3 delivered and 3 not stored, when the desk rewinds to 3, then nothing past 2 is acknowledged, 4 asks a resend from 3, and 3 is delivered again")
  func rewoundAfterAFailedCommit() {
    var consumer = DeskConsumer()
    let key = DeskConsumer.Key(lane: lane1, session: "s1")
    for seq in 1...3 { _ = consumer.receive(event(seq)) }

    consumer.rewind(key, to: 3)

    #expect(consumer.acknowledgement(key) == Payload.Ack(session: "s1", upto: 2))
    let ahead = consumer.receive(event(4))
    #expect(ahead.delivered.isEmpty)
    #expect(ahead.resendFrom == 3)
    #expect(consumer.receive(event(3)).delivered.map(\.seq) == [3, 4])
  }
}
