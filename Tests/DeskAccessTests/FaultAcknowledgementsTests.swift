import DeskAccess
import Testing

@Suite("The desk's acknowledgements of the lanes' faults")
struct FaultAcknowledgementsTests {
  /// Given lane 3 with two faults.
  let faults = ["pin 4 sensor stuck down", "the journal's disk is 95% full"]
  var acknowledgements = FaultAcknowledgements()

  @Test("When ana acknowledges a current fault, then it is hers with its time; mia acknowledging it again keeps ana's")
  mutating func acknowledged() {
    let first = acknowledgements.acknowledge(faults[0], of: "3", current: faults, by: "ana", at: "10:32")
    #expect(first == .init(lane: "3", fault: faults[0], by: "ana", at: "10:32"))
    let again = acknowledgements.acknowledge(faults[0], of: "3", current: faults, by: "mia", at: "10:40")
    #expect(again == first)
    #expect(acknowledgements.current { $0 == "3" ? faults : [] } == [first])
  }

  @Test("When a fault is not the lane's now, then it cannot be acknowledged")
  mutating func notCurrent() {
    #expect(acknowledgements.acknowledge("pin 9 sensor stuck", of: "3", current: faults, by: "ana", at: "10:32") == nil)
    #expect(acknowledgements.current { _ in faults }.isEmpty)
  }

  @Test("When a fault clears and comes back, then it is new again")
  mutating func clearedAndBack() {
    _ = acknowledgements.acknowledge(faults[0], of: "3", current: faults, by: "ana", at: "10:32")
    // Cleared: not listed, and forgotten, once the desk sees the lane without it.
    #expect(acknowledgements.current { _ in [faults[1]] }.isEmpty)
    #expect(acknowledgements.current { _ in faults }.isEmpty)
    let back = acknowledgements.acknowledge(faults[0], of: "3", current: faults, by: "mia", at: "11:05")
    #expect(back?.by == "mia")
  }

  @Test("When acknowledgements kept before are read back, then they hold for a lane still reporting the fault and wait, unlisted, for a lane not heard of yet")
  mutating func keptAcrossARestart() {
    _ = acknowledgements.acknowledge(faults[0], of: "3", current: faults, by: "ana", at: "10:32")
    _ = acknowledgements.acknowledge("the ball detector stopped", of: "4", current: ["the ball detector stopped"], by: "mia", at: "10:33")
    var restarted = FaultAcknowledgements(acknowledgements.all)

    // Lane 4 not heard of yet: its acknowledgement is not listed, and not forgotten.
    #expect(restarted.current { $0 == "3" ? faults : nil }.map(\.by) == ["ana"])
    #expect(restarted.all == acknowledgements.all)
    #expect(restarted.current { $0 == "3" ? faults : ["the ball detector stopped"] }.map(\.by) == ["ana", "mia"])
  }
}
