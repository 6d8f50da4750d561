import Bowling
import GPIO
import LaneSensing
import TestSupport
import Testing

@testable import GPIOPinSensor

@Suite("Edge translator")
struct EdgeTranslatorTests {
  @Suite("Given opto-isolated inputs, active-low, whose active pin level means down")
  struct OptoPolarity {
    var translator = optoConfiguration().translator

    @Test("When every line reads high at open, then the first reading is a snapshot of all ten standing")
    mutating func openingAllStanding() {
      let reading = translator.opening(levels: allLines(high: true), at: at(ms: 1_000))

      #expect(reading == .event(SensorEvent(.snapshot(standing: .full), at: at(ms: 1_000))))
    }

    @Test("When the lines of pins 7 and 10 read low at open, then the snapshot has them down")
    mutating func openingSomeDown() {
      var levels = allLines(high: true)
      levels[line(of: 7)] = false
      levels[line(of: 10)] = false

      let reading = translator.opening(levels: levels, at: at(ms: 1_000))

      #expect(reading == .event(SensorEvent(.snapshot(standing: ([7, 10] as PinSet).complement), at: at(ms: 1_000))))
    }

    @Test("When pin 7's line falls and rises again, then pin 7 goes down and stands again")
    mutating func pinEdges() throws {
      let readings = try translator.translate([
        edge(line(of: 7), .falling, at: 10),
        edge(line(of: 7), .rising, at: 12),
      ])

      #expect(readings == [
        .event(SensorEvent(pin(7, .down), at: at(ms: 10))),
        .event(SensorEvent(pin(7, .standing), at: at(ms: 12))),
      ])
    }

    @Test("When the ball line falls and rises, then the ball fires once, on the falling edge")
    mutating func ball() throws {
      let readings = try translator.translate([
        edge(ballLine, .falling, at: 10),
        edge(ballLine, .rising, at: 30),
      ])

      #expect(readings == [.event(SensorEvent(.ball, at: at(ms: 10)))])
    }

    @Test("When the active-high foul line rises and falls, then the foul fires once, on the rising edge")
    mutating func foul() throws {
      let readings = try translator.translate([
        edge(foulLine, .rising, at: 10),
        edge(foulLine, .falling, at: 30),
      ])

      #expect(readings == [.event(SensorEvent(.foul, at: at(ms: 10)))])
    }

    @Test("When the cycle line falls and rises, then the cycle turns on and off")
    mutating func cycle() throws {
      let readings = try translator.translate([
        edge(cycleLine, .falling, at: 10),
        edge(cycleLine, .rising, at: 5_000),
      ])

      #expect(readings == [
        .event(SensorEvent(.cycle(isOn: true), at: at(ms: 10))),
        .event(SensorEvent(.cycle(isOn: false), at: at(ms: 5_000))),
      ])
    }

    @Test("When a line that is no input changes, then it makes no reading")
    mutating func unknownLine() throws {
      #expect(try translator.translate([edge(40, .falling, at: 10)]).isEmpty)
    }
  }

  @Suite("Given active-high pin inputs whose active level means standing")
  struct StandingPolarity {
    var translator = optoConfiguration(pinActiveMeans: .standing, pinsActiveLow: false).translator

    @Test("When pin 3's line reads low at open and the others high, then the snapshot has pin 3 down")
    mutating func opening() {
      var levels = allLines(high: true)
      levels[line(of: 3)] = false

      let reading = translator.opening(levels: levels, at: at(ms: 0))

      #expect(reading == .event(SensorEvent(.snapshot(standing: ([3] as PinSet).complement), at: at(ms: 0))))
    }

    @Test("When pin 3's line falls and rises, then pin 3 goes down and stands again")
    mutating func edges() throws {
      let readings = try translator.translate([
        edge(line(of: 3), .falling, at: 10),
        edge(line(of: 3), .rising, at: 11),
      ])

      #expect(readings == [
        .event(SensorEvent(pin(3, .down), at: at(ms: 10))),
        .event(SensorEvent(pin(3, .standing), at: at(ms: 11))),
      ])
    }
  }

  @Suite("Given timestamps that go backwards")
  struct Clamping {
    var translator = optoConfiguration().translator

    @Test("When an edge is stamped before the opening snapshot, then it comes after it at the snapshot's instant")
    mutating func beforeOpening() throws {
      _ = translator.opening(levels: allLines(high: true), at: at(ms: 1_000))

      let readings = try translator.translate([edge(line(of: 1), .falling, at: 900)])

      #expect(readings == [.event(SensorEvent(pin(1, .down), at: at(ms: 1_000)))])
    }

    @Test("When a batch holds an older edge after a newer one, then both keep their order and the older is raised")
    mutating func withinBatch() throws {
      let readings = try translator.translate([
        edge(line(of: 1), .falling, at: 100),
        edge(line(of: 2), .falling, at: 50),
        edge(line(of: 3), .falling, at: 200),
      ])

      #expect(readings == [
        .event(SensorEvent(pin(1, .down), at: at(ms: 100))),
        .event(SensorEvent(pin(2, .down), at: at(ms: 100))),
        .event(SensorEvent(pin(3, .down), at: at(ms: 200))),
      ])
    }

    @Test("When an edge is stamped before a quiet instant already returned, then it is raised to that instant")
    mutating func afterQuiet() throws {
      #expect(translator.quiet(until: at(ms: 300)) == .quiet(until: at(ms: 300)))

      let readings = try translator.translate([edge(ballLine, .falling, at: 250)])

      #expect(readings == [.event(SensorEvent(.ball, at: at(ms: 300)))])
    }

    @Test("When a quiet instant is before the last event, then the quiet reading is at the last event")
    mutating func quietBeforeEvent() throws {
      _ = try translator.translate([edge(ballLine, .falling, at: 500)])

      #expect(translator.quiet(until: at(ms: 400)) == .quiet(until: at(ms: 500)))
      #expect(translator.latest == at(ms: 500))
    }
  }

  @Suite("Given events with sequence numbers (libgpiod 2.x)")
  struct Sequenced {
    var translator = optoConfiguration().translator

    init() throws {
      _ = translator.opening(levels: allLines(high: true), at: at(ms: 0))
      _ = try translator.translate([
        edge(line(of: 1), .falling, at: 10, sequence: 1),
        edge(line(of: 1), .rising, at: 12, sequence: 2),
      ])
    }

    @Test("When the numbers follow on, then nothing is lost and the levels are not read")
    mutating func consecutive() throws {
      let readings = try translator.translate([edge(ballLine, .falling, at: 20, sequence: 3)])

      #expect(readings == [.event(SensorEvent(.ball, at: at(ms: 20)))])
      #expect(translator.lastSequence == 3)
    }

    @Test("When two numbers are missing from a full read, then lost 2, a snapshot from before the next edge, and the edges follow")
    mutating func gap() throws {
      // Given the kernel now reads pin 7's and pin 3's lines low.
      var now = allLines(high: true)
      now[line(of: 7)] = false
      now[line(of: 3)] = false

      // When events 3 and 4 are missing and event 5 is pin 7 falling.
      let readings = try translator.translate([
        edge(line(of: 7), .falling, at: 40, sequence: 5),
        edge(ballLine, .falling, at: 41, sequence: 6),
      ], filledTheRead: true) { () throws(LevelsUnreadable) in now }

      // Then pin 7 stood before its edge; pin 3, with no edge since, is down.
      #expect(readings == [
        .lost(count: 2, at: at(ms: 40)),
        .event(SensorEvent(.snapshot(standing: ([3] as PinSet).complement), at: at(ms: 40))),
        .event(SensorEvent(pin(7, .down), at: at(ms: 40))),
        .event(SensorEvent(.ball, at: at(ms: 41))),
      ])
    }

    @Test("When a full read has two gaps, then each is reported with its snapshot and the levels are read once")
    mutating func twoGaps() throws {
      var reads = 0
      let readings = try translator.translate([
        edge(line(of: 5), .falling, at: 30, sequence: 4),
        edge(line(of: 5), .rising, at: 31, sequence: 5),
        edge(line(of: 6), .falling, at: 35, sequence: 9),
      ], filledTheRead: true) { () throws(LevelsUnreadable) in
        reads += 1
        var now = allLines(high: true)
        now[line(of: 6)] = false
        return now
      }

      #expect(reads == 1)
      #expect(readings == [
        .lost(count: 1, at: at(ms: 30)),
        .event(SensorEvent(.snapshot(standing: .full), at: at(ms: 30))),
        .event(SensorEvent(pin(5, .down), at: at(ms: 30))),
        .event(SensorEvent(pin(5, .standing), at: at(ms: 31))),
        .lost(count: 3, at: at(ms: 35)),
        .event(SensorEvent(.snapshot(standing: .full), at: at(ms: 35))),
        .event(SensorEvent(pin(6, .down), at: at(ms: 35))),
      ])
    }

    @Test(
      """
      When a read that was not full has pin 7's edge numbered 4 and pin 6's numbered 3 comes \
      in the next read, then nothing is lost: both pins go down, the levels are never read
      """)
    mutating func queuedOutOfOrderAcrossReads() throws {
      // The kernel numbers edges in the interrupt and queues them from each
      // line's interrupt thread: pin 6's thread ran after the read.
      let first = try translator.translate([edge(line(of: 7), .falling, at: 41, sequence: 4)])
      let second = try translator.translate([edge(line(of: 6), .falling, at: 40, sequence: 3)])

      #expect(first == [.event(SensorEvent(pin(7, .down), at: at(ms: 41)))])
      #expect(second == [.event(SensorEvent(pin(6, .down), at: at(ms: 41)))])
      #expect(translator.lastSequence == 4)
    }

    @Test("When a read has two lines' edges queued out of number order, then they come in number order")
    mutating func queuedOutOfOrderInARead() throws {
      let readings = try translator.translate([
        edge(line(of: 7), .falling, at: 41, sequence: 4),
        edge(line(of: 6), .falling, at: 40, sequence: 3),
      ], filledTheRead: true) { () throws(LevelsReadUnexpectedly) in throw LevelsReadUnexpectedly() }

      #expect(readings == [
        .event(SensorEvent(pin(6, .down), at: at(ms: 40))),
        .event(SensorEvent(pin(7, .down), at: at(ms: 41))),
      ])
    }

    @Test("When the levels cannot be read after a gap, then the error is thrown")
    mutating func unreadable() {
      #expect(throws: LevelsUnreadable()) {
        try translator.translate([edge(ballLine, .falling, at: 50, sequence: 10)], filledTheRead: true) {
          () throws(LevelsUnreadable) in throw LevelsUnreadable()
        }
      }
    }
  }

  @Suite("Given a fresh request whose first events were lost")
  struct FirstEventsLost {
    @Test("When the first event seen is number 3 in a full read, then lost 2 comes before it")
    func firstSequenceThree() throws {
      var translator = optoConfiguration().translator

      let readings = try translator.translate(
        [edge(ballLine, .falling, at: 5, sequence: 3)], filledTheRead: true
      ) { () throws(LevelsUnreadable) in allLines(high: true) }

      #expect(readings == [
        .lost(count: 2, at: at(ms: 5)),
        .event(SensorEvent(.snapshot(standing: .full), at: at(ms: 5))),
        .event(SensorEvent(.ball, at: at(ms: 5))),
      ])
    }
  }

  @Suite("Given events without sequence numbers (libgpiod 1.x)")
  struct Unsequenced {
    @Test("When events come, then no loss can be seen and the levels are never read")
    func noLossDetected() throws {
      var translator = optoConfiguration().translator

      let readings = try translator.translate([
        edge(line(of: 2), .falling, at: 10),
        edge(ballLine, .falling, at: 11),
        edge(cycleLine, .falling, at: 3_000),
      ])

      #expect(readings == [
        .event(SensorEvent(pin(2, .down), at: at(ms: 10))),
        .event(SensorEvent(.ball, at: at(ms: 11))),
        .event(SensorEvent(.cycle(isOn: true), at: at(ms: 3_000))),
      ])
      #expect(translator.lastSequence == 0)
    }
  }
}
