import Bowling
import TestSupport
import Testing
import LaneSensing

/// The throw detector's behaviour, rule by rule, with the default windows:
/// bounce 30 ms, settle 3 s, longest delivery 15 s.
@Suite("Throw detector")
struct ThrowDetectorTests {
  @Suite("Given a full rack on a ready deck")
  struct ReadyDeck {
    var detector: ThrowDetector

    init() {
      detector = ThrowDetector()
      detector.replay("0 pins 1111111111")
    }

    @Test("When the ball knocks four pins, then one throw ends settle after the last counted fall")
    mutating func ordinaryThrow() {
      let output = detector.replay("""
        3.2 ball
        3.40 pin1 down
        3.41 pin2 down
        3.45 pin4 down
        3.60 pin7 down
        """, until: "20")
      #expect(output.deliveries == [DetectedThrow(
        start: instant("3.2"), end: instant("6.63"), standingBefore: .full, knocked: [1, 2, 4, 7])])
      #expect(output.warnings.isEmpty)
      #expect(output.deliveries.first?.throw == .knocked([1, 2, 4, 7]))
    }

    @Test("When the ball knocks nothing, then the gutter ball ends settle after the ball")
    mutating func gutterBall() {
      let output = detector.replay("3.2 ball", until: "20")
      #expect(output.deliveries == [DetectedThrow(
        start: instant("3.2"), end: instant("6.2"), standingBefore: .full, knocked: [])])
    }

    @Test("When the window has not elapsed yet, then no throw is reported")
    mutating func notYet() {
      let output = detector.replay("3.2 ball\n3.4 pin1 down", until: "6.42")
      #expect(output.deliveries.isEmpty)
      #expect(detector.isInDelivery)
      #expect(detector.advance(to: instant("6.43")).deliveries.count == 1)
      #expect(detector.isReady)
    }

    @Test("When pins fall without a ball, then the delivery starts at the first counted fall")
    mutating func missedBall() {
      let output = detector.replay("3.40 pin1 down\n3.42 pin3 down", until: "20")
      #expect(output.deliveries == [DetectedThrow(
        start: instant("3.43"), end: instant("6.45"), standingBefore: .full, knocked: [1, 3],
        ballDetected: false)])
    }

    @Test("When the ball signal comes after the first pin fell, then it belongs to that delivery")
    mutating func lateBall() {
      let output = detector.replay("3.40 pin1 down\n3.5 ball", until: "20")
      #expect(output.deliveries.map(\.ballDetected) == [true])
      #expect(output.deliveries.map(\.start) == [instant("3.43")])
    }

    @Test("When the ball detector fires twice in one delivery, then one throw and a warning")
    mutating func extraBall() {
      let output = detector.replay("3.2 ball\n3.3 ball\n3.4 pin1 down", until: "20")
      #expect(output.deliveries.map(\.knocked) == [[1]])
      #expect(output.warnings == [.extraBall])
    }

    @Test("When a standing pin glitches for less than the bounce window, then nothing happens")
    mutating func glitch() {
      let output = detector.replay("5 pin5 down\n5.029 pin5 up\n7 pin6 down\n7 pin6 up", until: "20")
      #expect(output.isEmpty)
      #expect(detector.standing == .full)
    }

    @Test("When a falling pin chatters, then it counts once, a bounce window after its last edge")
    mutating func chatter() {
      let output = detector.replay("""
        3.2 ball
        3.400 pin6 down
        3.402 pin6 up
        3.405 pin6 down
        3.409 pin6 up
        3.412 pin6 down
        """, until: "20")
      #expect(output.deliveries.map(\.knocked) == [[6]])
      #expect(output.deliveries.map(\.end) == [instant("6.442")])
    }

    @Test("When a pin falls late but within the settle window, then it is in the throw")
    mutating func lateFaller() {
      let output = detector.replay("3.2 ball\n3.4 pin1 down\n5.9 pin10 down", until: "20")
      #expect(output.deliveries.map(\.knocked) == [[1, 10]])
      #expect(output.deliveries.map(\.end) == [instant("8.93")])
    }

    @Test("When a pin falls after the deck settled, then it starts a delivery of its own")
    mutating func tooLate() {
      let output = detector.replay("3.2 ball\n3.4 pin1 down\n6.5 pin10 down", until: "20")
      #expect(output.deliveries.map(\.knocked) == [[1], [10]])
      #expect(output.deliveries.map(\.ballDetected) == [true, false])
      #expect(output.deliveries.last?.standingBefore == ([1] as PinSet).complement)
    }

    @Test("When the cycle starts and the sweep knocks the rest, then the throw is read at cycle on")
    mutating func sweep() {
      var trace = "3.2 ball\n3.4 pin1 down\n3.5 pin2 down\n4.0 cycle on\n"
      for number in 3...10 { trace += "4.2 pin\(number) down\n" }
      for number in 1...10 { trace += "8.5 pin\(number) up\n" }
      trace += "9 cycle off"
      let output = detector.replay(trace, until: "20")
      #expect(output.deliveries == [DetectedThrow(
        start: instant("3.2"), end: instant("4"), standingBefore: .full, knocked: [1, 2])])
      #expect(output.deckChanges == [ThrowDetector.DeckChange(
        time: instant("9.03"), standing: .full, reason: .cycleEnded)])
      #expect(output.warnings.isEmpty)
    }

    @Test("When the foul line trips during the delivery, then the throw is a foul")
    mutating func foulDuring() {
      let output = detector.replay("3.2 ball\n3.3 foul\n3.4 pin1 down", until: "20")
      #expect(output.deliveries.map(\.throw) == [.foul(knocked: [1])])
      #expect(output.deliveries.first?.throw.credited == 0)
    }

    @Test("When the foul line trips before the ball, then only the next delivery is a foul")
    mutating func foulBefore() {
      let output = detector.replay("""
        2.9 foul
        3.2 ball
        3.4 pin1 down
        10 ball
        10.2 pin2 down
        """, until: "20")
      #expect(output.deliveries.map(\.isFoul) == [true, false])
    }

    @Test("When a counted pin rises during the delivery, then it counts as standing and is warned")
    mutating func pinRises() {
      let output = detector.replay("3.2 ball\n3.4 pin5 down\n3.5 pin1 down\n3.6 pin5 up", until: "20")
      #expect(output.deliveries.map(\.knocked) == [[1]])
      #expect(output.deliveries.map(\.end) == [instant("6.53")])
      #expect(output.outputsWarned == [
        ThrowDetector.Warning(time: instant("3.63"), kind: .pinRoseDuringDelivery(pin(5)))])
    }

    @Test("When a pin sensor flaps and never settles, then the delivery is cut at the bound")
    mutating func neverSettles() {
      // Given pin 9 flapping every 200 ms (longer than bounce) from 3.4 s to 19 s; at the
      // bound (18.2 s) it was last counted standing (up at 18.0, counted at 18.03).
      var trace = "3.2 ball\n3.3 pin1 down\n"
      var time = 3_400
      var down = true
      while time < 19_000 {
        trace += "\(time / 1000).\(String(time % 1000).leftPadded(3)) pin9 \(down ? "down" : "up")\n"
        down.toggle()
        time += 200
      }
      let output = detector.replay(trace, until: "19")
      #expect(output.deliveries.first == DetectedThrow(
        start: instant("3.2"), end: instant("18.2"), standingBefore: .full, knocked: [1],
        isCutShort: true))
      #expect(output.warnings.contains(.deliveryCutShort(longestDelivery: .seconds(15))))
    }

    @Test("When a pin wobbles down and up without a ball, then no throw and a wobble warning")
    mutating func wobble() {
      let output = detector.replay("5 pin3 down\n5.1 pin3 up", until: "20")
      #expect(output.deliveries.isEmpty)
      #expect(output.warnings == [.pinRoseDuringDelivery(pin(3)), .wobbleIgnored(pin(3))])
      #expect(detector.isReady)
    }

    @Test("When a foul precedes a wobble, then the foul still marks the real delivery after it")
    mutating func foulSurvivesWobble() {
      let output = detector.replay("4 foul\n5 pin3 down\n5.1 pin3 up\n10 ball", until: "20")
      #expect(output.deliveries.map(\.isFoul) == [true])
    }

    @Test("When ball, pin and foul share one instant, then they form one delivery in that order")
    mutating func identicalTimes() {
      let output = detector.replay("3.2 ball\n3.2 pin1 down\n3.2 foul", until: "20")
      #expect(output.deliveries == [DetectedThrow(
        start: instant("3.2"), end: instant("6.23"), standingBefore: .full, knocked: [1],
        isFoul: true)])
    }

    @Test("When windows are open, then the next deadline is the earliest of them")
    mutating func deadlines() {
      #expect(detector.nextDeadline == nil)
      detector.replay("3.2 ball")
      #expect(detector.nextDeadline == instant("6.2"))
      detector.replay("3.4 pin1 down")
      #expect(detector.nextDeadline == instant("3.43"))
    }

    @Test("When an event is stamped before the current time, then it is taken now and warned")
    mutating func outOfOrder() {
      detector.advance(to: instant("5"))
      let output = detector.handle(SensorEvent(.ball, at: instant("4")))
      #expect(output.outputsWarned == [
        ThrowDetector.Warning(time: instant("5"), kind: .eventBeforeCurrentTime(stamped: instant("4")))])
      #expect(detector.finish().deliveries.map(\.start) == [instant("5")])
    }

    @Test("When the input ends mid-delivery, then finishing reads the throw at its settle time")
    mutating func finish() {
      detector.replay("3.2 ball\n3.4 pin1 down")
      #expect(detector.finish().deliveries.map(\.end) == [instant("6.43")])
    }

    @Test("When a sensor reports quiet and lost readings, then time advances and loss is warned")
    mutating func readings() {
      detector.read(.event(SensorEvent(.ball, at: instant("3.2"))))
      #expect(detector.read(.lost(count: 3, at: instant("4"))).outputsWarned == [
        ThrowDetector.Warning(time: instant("4"), kind: .eventsLost(count: 3))])
      #expect(detector.read(.quiet(until: instant("6.2"))).deliveries.count == 1)
    }
  }

  @Suite("Given a pinsetter cycle running")
  struct Cycling {
    var detector: ThrowDetector

    init() {
      detector = ThrowDetector()
      detector.replay("0 pins 1111111111\n1 cycle on")
    }

    @Test("When pins move during the cycle, then no delivery and the deck after it is the new set")
    mutating func pinsMove() {
      let output = detector.replay("""
        1.5 pin1 down
        1.5 pin2 down
        4 pin1 up
        6 cycle off
        """, until: "20")
      #expect(output.deliveries.isEmpty)
      #expect(output.deckChanges == [ThrowDetector.DeckChange(
        time: instant("6.03"), standing: ([2] as PinSet).complement, reason: .cycleEnded)])
    }

    @Test("When a pin settles just before cycle off, then it is part of the new set, not a throw")
    mutating func lastPinSettles() {
      let output = detector.replay("5.99 pin4 down\n6 cycle off", until: "20")
      #expect(output.deliveries.isEmpty)
      #expect(output.deckChanges.map(\.standing) == [([4] as PinSet).complement])
    }

    @Test("When the ball fires during the cycle or its bounce window, then it is ignored and warned")
    mutating func ballDuringCycle() {
      let output = detector.replay("2 ball\n6 cycle off\n6.01 ball", until: "20")
      #expect(output.deliveries.isEmpty)
      #expect(output.warnings == [.ballDuringCycle, .ballDuringCycle])
    }

    @Test("When the foul line trips during the cycle, then it is ignored and warned")
    mutating func foulDuringCycle() {
      let output = detector.replay("2 foul\n6 cycle off\n8 ball", until: "20")
      #expect(output.warnings == [.foulDuringCycle])
      #expect(output.deliveries.map(\.isFoul) == [false])
    }

    @Test("When cycle on repeats, then it is warned and the cycle goes on")
    mutating func doubleCycleOn() {
      let output = detector.replay("2 cycle on\n3 ball", until: "20")
      #expect(output.warnings == [.cycleOnDuringCycle, .ballDuringCycle])
    }

    @Test("When the input ends with the cycle on, then that is warned")
    mutating func endsDuringCycle() {
      #expect(detector.finish().warnings == [.endedDuringCycle])
    }
  }

  @Suite("Given no cycle signals and a first ball that left the 7-10 split")
  struct RespotWithoutCycle {
    var detector: ThrowDetector

    init() {
      detector = ThrowDetector()
      let first = detector.replay("""
        0 pins 1111111111
        3.2 ball
        3.4 pins 0000001001
        """, until: "7")
      precondition(first.deliveries.map(\.knocked) == [[1, 2, 3, 4, 5, 6, 8, 9]])
    }

    @Test("When the second ball knocks the 7, then the throw starts from the split")
    mutating func secondBall() {
      let output = detector.replay("12 ball\n12.3 pin7 down", until: "20")
      #expect(output.deliveries.map(\.standingBefore) == [[7, 10]])
      #expect(output.deliveries.map(\.knocked) == [[7]])
    }

    @Test("When the knocked pins come back up, chattering, then only the standing set changes")
    mutating func respot() {
      var trace = "12 pin1 up\n12.002 pin1 down\n12.005 pin1 up\n"
      for number in [2, 3, 4, 5, 6, 8, 9] { trace += "12.1 pin\(number) up\n" }
      let output = detector.replay(trace, until: "30")
      #expect(output.deliveries.isEmpty)
      #expect(output.deckChanges.count == 8)
      #expect(output.deckChanges.last?.standing == .full)
      #expect(output.deckChanges.first == ThrowDetector.DeckChange(
        time: instant("12.035"), standing: [1, 7, 10], reason: .respot(pin(1))))

      let next = detector.replay("31 ball\n31.2 pin1 down", until: "40")
      #expect(next.deliveries.map(\.standingBefore) == [.full])
    }

    @Test("When cycle off arrives with no cycle on, then it is warned")
    mutating func strayCycleOff() {
      #expect(detector.replay("8 cycle off").warnings == [.cycleOffWithoutCycleOn])
    }
  }

  @Suite("Given a fresh detector")
  struct Fresh {
    @Test("When the first event is a snapshot with pins down, then it sets the deck without a throw")
    func initialSnapshot() {
      var detector = ThrowDetector()
      let output = detector.replay("0 pins 1111110110", until: "20")
      #expect(output.deliveries.isEmpty)
      #expect(output.deckChanges == [ThrowDetector.DeckChange(
        time: instant("0"), standing: ([7, 10] as PinSet).complement, reason: .initialSnapshot)])
      #expect(detector.standing == ([7, 10] as PinSet).complement)
    }

    @Test("When the windows are tuned, then the detector uses them")
    func tuned() {
      var detector = ThrowDetector(configuration: .init(
        bounce: .milliseconds(5), settle: .milliseconds(1500), longestDelivery: .seconds(1)))
      #expect(detector.configuration.longestDelivery == .milliseconds(1500))
      let output = detector.replay("3.2 ball\n3.4 pin1 down", until: "20")
      #expect(output.deliveries.map(\.end) == [instant("4.7")])
    }
  }
}

extension Array where Element == ThrowDetector.Output {
  fileprivate var outputsWarned: [ThrowDetector.Warning] {
    compactMap { if case .warning(let warning) = $0 { warning } else { nil } }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
