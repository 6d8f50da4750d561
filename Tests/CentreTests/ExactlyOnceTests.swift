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
}
