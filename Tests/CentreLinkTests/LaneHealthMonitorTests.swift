import Bowling
@testable import CentreLink
import LaneSensing
import Testing
import TestSupport

/// A delivery from `start` to a second later, knocking `knocked` (default pin 1).
private func delivery(
  at start: SensorInstant, knocked: PinSet = [1], ball: Bool = true
) -> DetectedThrow {
  DetectedThrow(
    start: start, end: start + .seconds(1), standingBefore: .full,
    knocked: knocked, ballDetected: ball)
}

private let seven = Pin(rawValue: 7)!

private func seconds(_ value: Int64) -> SensorInstant { at(ms: value * 1000) }

@Suite("LaneHealthMonitor: the faults a lane's status carries")
struct LaneHealthMonitorTests {
  @Test("When nothing has been seen, then there is no fault")
  func quiet() {
    #expect(LaneHealthMonitor().faults.isEmpty)
  }

  @Suite("Rule 1: a stuck pin line")
  struct StuckPinLine {
    var monitor = LaneHealthMonitor(thresholds: .init(stuckAfterDeliveries: 5))

    init() {
      monitor.observe(SensorEvent(.snapshot(standing: .full), at: seconds(0)))
    }

    /// Delivers `count` balls in which every pin but `stuck` goes down and up again.
    mutating func bowl(_ count: Int, stuck: Pin?, from start: Int64 = 1) {
      for index in 0..<Int64(count) {
        let time = seconds(start + index * 10)
        for pin in Pin.allCases where pin != stuck {
          monitor.observe(SensorEvent(.pin(pin, .down), at: time))
        }
        monitor.delivered(delivery(at: time))
        for pin in Pin.allCases where pin != stuck {
          monitor.observe(SensorEvent(.pin(pin, .standing), at: time + .seconds(5)))
        }
      }
    }

    @Test("When one line stays put for as many deliveries as the threshold while the others move, then it is stuck")
    mutating func stuck() {
      bowl(5, stuck: seven)

      #expect(monitor.faults == [.stuckPinLine(seven, deliveries: 5)])
    }

    @Test("When the stuck line stays put for more deliveries, then its count grows but it is the same fault (told once)")
    mutating func sameFault() {
      bowl(5, stuck: seven)
      let first = monitor.faults

      bowl(1, stuck: seven, from: 100)

      #expect(monitor.faults == [.stuckPinLine(seven, deliveries: 6)])
      #expect(monitor.faults.map(\.kind) == first.map(\.kind))
    }

    @Test("When it stays put one delivery fewer, then it is not yet a fault")
    mutating func notYet() {
      bowl(4, stuck: seven)

      #expect(monitor.faults.isEmpty)
    }

    @Test("When no line moves at all, then the lane is idle, not stuck")
    mutating func allQuiet() {
      for index in 0..<Int64(6) { monitor.delivered(delivery(at: seconds(index * 10))) }

      #expect(monitor.faults.isEmpty)
    }

    @Test("When the stuck line changes at last, then the fault ends")
    mutating func recovers() {
      bowl(5, stuck: seven)
      monitor.observe(SensorEvent(.pin(seven, .down), at: seconds(100)))

      #expect(monitor.faults.isEmpty)
    }
  }

  @Suite("Rule 2: the pinsetter did not cycle")
  struct Pinsetter {
    var monitor = LaneHealthMonitor(thresholds: .init(cycleDeadline: .seconds(20)))

    @Test("When the lane has never seen a cycle, then a delivery without one is no fault (no cycle line)")
    mutating func noCycleLine() {
      monitor.delivered(delivery(at: seconds(1)))
      monitor.advance(to: seconds(60))

      #expect(monitor.faults.isEmpty)
    }

    @Test("When cycles came before and none comes within the deadline of a delivery, then the pinsetter is at fault until it cycles")
    mutating func late() {
      monitor.observe(SensorEvent(.cycle(isOn: true), at: seconds(0)))
      monitor.delivered(delivery(at: seconds(10)))

      monitor.advance(to: seconds(29))
      #expect(monitor.faults.isEmpty, "19 s after the delivery's start")
      monitor.advance(to: seconds(30))
      #expect(monitor.faults == [.pinsetterDidNotCycle])

      monitor.observe(SensorEvent(.cycle(isOn: true), at: seconds(31)))
      #expect(monitor.faults.isEmpty)
    }

    @Test("When a delivery awaits a cycle, then the deadline to wake at is its start plus 20 s, and none once it is late")
    mutating func deadline() {
      #expect(monitor.nextDeadline == nil)
      monitor.observe(SensorEvent(.cycle(isOn: true), at: seconds(0)))
      monitor.delivered(delivery(at: seconds(10)))

      #expect(monitor.nextDeadline == seconds(30))

      monitor.advance(to: seconds(30))
      #expect(monitor.nextDeadline == nil)
    }

    @Test("When the cycle starts before the detector ends the delivery, then it counts for that delivery")
    mutating func cycleEndsDelivery() {
      monitor.observe(SensorEvent(.cycle(isOn: true), at: seconds(0)))
      monitor.observe(SensorEvent(.cycle(isOn: true), at: seconds(11)))
      monitor.delivered(delivery(at: seconds(10)))

      monitor.advance(to: seconds(60))

      #expect(monitor.faults.isEmpty)
    }
  }

  @Suite("Rule 3: the ball detector stopped")
  struct BallDetector {
    var monitor = LaneHealthMonitor(thresholds: .init(deliveriesWithoutBall: 3))

    @Test("When the detector never fired, then deliveries without it are no fault (no detector)")
    mutating func noDetector() {
      for index in 0..<Int64(5) { monitor.delivered(delivery(at: seconds(index), ball: false)) }

      #expect(monitor.faults.isEmpty)
    }

    @Test("When it worked and then misses as many deliveries in a row as the threshold, then it has stopped until it fires again")
    mutating func stopped() {
      monitor.delivered(delivery(at: seconds(0), ball: true))
      for index in 1...Int64(2) { monitor.delivered(delivery(at: seconds(index), ball: false)) }
      #expect(monitor.faults.isEmpty, "two misses are normal")

      monitor.delivered(delivery(at: seconds(3), ball: false))
      #expect(monitor.faults == [.ballDetectorStopped(deliveries: 3)])

      monitor.delivered(delivery(at: seconds(4), ball: true))
      #expect(monitor.faults.isEmpty)
    }
  }

  @Suite("Rule 4: the journal's disk nearly full")
  struct Disk {
    var monitor = LaneHealthMonitor(
      thresholds: .init(diskFreeFraction: 0.05, diskFreeBytes: 64 << 20))

    @Test(
      "When free space is under 5 % or under 64 MiB, then the disk is nearly full; otherwise not",
      arguments: [
        (Int64(40) << 30, Int64(4) << 30, false), (Int64(40) << 30, Int64(1) << 30, true),
        (Int64(512) << 20, Int64(100) << 20, false), (Int64(512) << 20, Int64(63) << 20, true),
      ])
    mutating func nearlyFull(total: Int64, free: Int64, faulty: Bool) {
      monitor.diskSpace(free: free, total: total)

      #expect(monitor.faults == (faulty ? [.journalDiskNearlyFull(free: free, total: total)] : []))
    }
  }

  @Test("When several rules fire, then the faults come in rule order and each says what to check")
  func order() {
    var monitor = LaneHealthMonitor(thresholds: .init(deliveriesWithoutBall: 1))
    monitor.diskSpace(free: 1 << 20, total: 1 << 30)
    monitor.delivered(delivery(at: seconds(0), ball: true))
    monitor.delivered(delivery(at: seconds(1), ball: false))

    #expect(
      monitor.faults == [
        .ballDetectorStopped(deliveries: 1), .journalDiskNearlyFull(free: 1 << 20, total: 1 << 30),
      ])
    #expect(monitor.faults.map(\.description).allSatisfy { $0.contains("check") || $0.contains("free") })
  }
}
