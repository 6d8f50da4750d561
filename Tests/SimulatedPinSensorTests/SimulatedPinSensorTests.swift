import Bowling
import LaneSensing
import SimulatedPinSensor
import TestSupport
import Testing

@Suite("Simulated pin sensor")
struct SimulatedPinSensorTests {
  @Suite("Given a scripted delivery with chatter")
  struct Scripted {
    var sensor: SimulatedPinSensor

    init() {
      sensor = SimulatedPinSensor(script: SensorScript()
        .pin(7, fallsAt: .milliseconds(3410), chatter: .bounces(1, every: .milliseconds(2)))
        .ball(at: .milliseconds(3200))
        .cycleOn(at: .seconds(9)))
    }

    @Test("When read, then a snapshot comes first and events follow in time order")
    mutating func order() throws {
      var readings: [SensorReading] = []
      while let reading = try sensor.next(timeout: .seconds(100)) { readings.append(reading) }
      #expect(readings == [
        .event(SensorEvent(.snapshot(standing: .full), at: .zero)),
        .event(SensorEvent(.ball, at: at(ms: 3_200))),
        .event(SensorEvent(.pin(Pin(rawValue: 7)!, .down), at: at(ms: 3_410))),
        .event(SensorEvent(.pin(Pin(rawValue: 7)!, .standing), at: at(ms: 3_412))),
        .event(SensorEvent(.pin(Pin(rawValue: 7)!, .down), at: at(ms: 3_414))),
        .event(SensorEvent(.cycle(isOn: true), at: at(ms: 9_000))),
      ])
      #expect(sensor.standing == ([7] as PinSet).complement)
    }

    @Test("When the timeout ends before the next event, then the reading is quiet until then")
    mutating func quiet() throws {
      _ = try sensor.next(timeout: .zero)
      #expect(try sensor.next(timeout: .seconds(2)) == .quiet(until: at(ms: 2_000)))
      #expect(try sensor.next(timeout: .seconds(2)) == .event(SensorEvent(.ball, at: at(ms: 3_200))))
      #expect(sensor.now == at(ms: 3_200))
    }

    @Test("When the script runs out, then every later read is nil")
    mutating func end() throws {
      while try sensor.next(timeout: .seconds(100)) != nil {}
      #expect(try sensor.next(timeout: .seconds(1)) == nil)
    }

    @Test("When the sensor is closed, then reads return nil")
    mutating func closed() throws {
      sensor.close()
      sensor.close()
      #expect(try sensor.next(timeout: .seconds(100)) == nil)
    }

    @Test("When the detector runs over it, then the chattering pin is one throw")
    mutating func detect() throws {
      var detector = ThrowDetector()
      var throwsSeen: [DetectedThrow] = []
      try detector.run(&sensor) { output in
        if case .delivery(let delivery) = output { throwsSeen.append(delivery) }
      }
      #expect(throwsSeen.map(\.knocked) == [[7]])
      #expect(throwsSeen.map(\.end) == [at(ms: 6_444)])
    }
  }

  @Suite("Given a script with lost events and wobbles")
  struct LostEvents {
    @Test("When events are lost, then the loss is reported and a fresh snapshot follows")
    func lost() throws {
      var sensor = SimulatedPinSensor(script: SensorScript()
        .lostEvents(4, at: .seconds(5), standing: [1, 2, 3]))
      var readings: [SensorReading] = []
      while let reading = try sensor.next(timeout: .seconds(100)) { readings.append(reading) }
      #expect(readings.dropFirst() == [
        .lost(count: 4, at: at(ms: 5_000)),
        .event(SensorEvent(.snapshot(standing: [1, 2, 3]), at: at(ms: 5_000))),
      ])
      #expect(sensor.standing == [1, 2, 3])
    }

    @Test("When a pin wobbles and pins rise, then the edges come in order and the pin stands")
    func wobble() throws {
      var sensor = SimulatedPinSensor(script: SensorScript(standing: [1, 2])
        .wobble(pin: 1, at: .seconds(1), pulses: 2, length: .milliseconds(5),
          period: .milliseconds(50))
        .pins([7, 10], riseAt: .seconds(2)))
      var edges: [String] = []
      while let reading = try sensor.next(timeout: .seconds(100)) {
        if case .event(let event) = reading { edges.append(event.traceLine) }
      }
      #expect(edges == [
        "0.000000 pins 1100000000", "1.000000 pin1 down", "1.005000 pin1 up",
        "1.050000 pin1 down", "1.055000 pin1 up", "2.000000 pin7 up", "2.000000 pin10 up",
      ])
      #expect(sensor.standing == [1, 2, 7, 10])
    }
  }

  @Suite("Given trace lines")
  struct TraceLines {
    @Test("When the trace has no opening snapshot, then the sensor opens with a full rack")
    func noSnapshot() throws {
      var sensor = SimulatedPinSensor(traceLines: ["# lane 2", "4.5 ball"].makeIterator())
      #expect(try sensor.next(timeout: .zero)
        == .event(SensorEvent(.snapshot(standing: .full), at: at(ms: 4_500))))
      #expect(try sensor.next(timeout: .zero) == .event(SensorEvent(.ball, at: at(ms: 4_500))))
      #expect(try sensor.next(timeout: .zero) == nil)
    }

    @Test("When the trace opens with a snapshot, then that is the first reading")
    func snapshot() throws {
      var sensor = SimulatedPinSensor(traceLines: ["1 pins 0000000001", "2 ball"].makeIterator())
      #expect(try sensor.next(timeout: .zero)
        == .event(SensorEvent(.snapshot(standing: [10]), at: at(ms: 1_000))))
      #expect(sensor.standing == [10])
    }

    @Test("When a line is malformed, then reading it throws the trace error")
    func malformed() throws {
      var sensor = SimulatedPinSensor(traceLines: ["0 pins 1111111111", "1 pin11 down"].makeIterator())
      _ = try sensor.next(timeout: .zero)
      #expect(throws: TraceError(line: 2, .noSuchPin("pin11"))) {
        try sensor.next(timeout: .seconds(5))
      }
    }
  }

  @Suite("Given a trace file path")
  struct Files {
    @Test("When the file does not exist, then opening it says so with the errno")
    func missing() {
      #expect(throws: TraceFile.OpenError(path: "/nonexistent/lane.trace", errno: 2)) {
        try SimulatedPinSensor(contentsOf: "/nonexistent/lane.trace")
      }
      let message = TraceFile.OpenError(path: "x.trace", errno: 2).description
      #expect(message.contains("No such file or directory"))
    }

    @Test("When a bundled trace is opened, then it reads to its end, line by line")
    func reads() throws {
      var sensor = try SimulatedPinSensor(contentsOf: BundledTrace(name: "respot-only-game").path)
      var count = 0
      while try sensor.next(timeout: .seconds(1000)) != nil { count += 1 }
      #expect(count > 500)
      #expect(sensor.standing == .full)
    }
  }
}
