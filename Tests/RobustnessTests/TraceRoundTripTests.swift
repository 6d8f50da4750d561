import Bowling
import LaneSensing
import PropertyBased
import Testing

@Suite("Trace format round trip on random events")
struct TraceRoundTripTests {
  /// An event and the nanoseconds since the one before, with a comment line one time in eight.
  static let step = Gen.int(in: 0...Int(Int32.max)).map { choice -> (Int64, SensorEvent.Kind, Bool) in
    let pin = Pin.allCases[(choice >> 3) % 10]
    let kind: SensorEvent.Kind =
      switch choice & 0b111 {
      case 0: .pin(pin, .down)
      case 1: .pin(pin, .standing)
      case 2: .ball
      case 3: .foul
      case 4: .cycle(isOn: true)
      case 5: .cycle(isOn: false)
      default: .snapshot(standing: PinSet(bits: UInt16((choice >> 7) & 0x3FF))!)
      }
    // Gaps from 0 (same instant) to seconds, at nanosecond resolution.
    let gap = Int64(choice >> 7) % 4 == 0 ? 0 : Int64(choice) &* 7_919 % 3_000_000_000
    return (gap, kind, choice % 8 == 0)
  }

  @Test("When random events are written as a trace, then reading it gives back the same events")
  func writerThenReader() async throws {
    await propertyCheck(input: Self.step.array(of: 0...80), Gen.int(in: 0...Int(Int32.max))) {
      steps, start in
      var time = SensorInstant(nanoseconds: Int64(start) * 1_000)
      var writer = TraceWriter(to: "")
      var events: [SensorEvent] = []
      for (gap, kind, comment) in steps {
        time = time + .nanoseconds(gap)
        if comment { writer.comment("a note\n\nover lines # with a hash") }
        let event = SensorEvent(kind, at: time)
        try writer.write(event)
        events.append(event)
      }
      var reader = TraceReader(
        lines: writer.output.split(separator: "\n", omittingEmptySubsequences: false)
          .map(String.init).makeIterator())
      var read: [SensorEvent] = []
      while let event = try reader.nextEvent() { read.append(event) }
      #expect(read == events)
    }
  }
}
