import CGPIOD
import Testing

@testable import GPIO

@Suite("Edge events from the shim")
struct EdgeEventTests {
  @Test("When the shim reports a v2 event, then offset, edge, timestamp and sequence numbers carry over")
  func v2Event() {
    let raw = cgpiod_edge_event(
      offset: 17, edge: CGPIOD_EDGE_RISING, timestamp_ns: 1_234_567_890_123,
      global_seqno: 42, line_seqno: 7)

    let event = EdgeEvent(raw, clock: .monotonic)

    #expect(event == EdgeEvent(
      offset: 17, kind: .rising, timestampNanoseconds: 1_234_567_890_123,
      clock: .monotonic, globalSequence: 42, lineSequence: 7))
    #expect(event.timestamp == .nanoseconds(1_234_567_890_123))
  }

  @Test("When the shim reports a v1 event, then the sequence numbers are unknown")
  func v1Event() {
    let raw = cgpiod_edge_event(
      offset: 4, edge: CGPIOD_EDGE_FALLING, timestamp_ns: 99,
      global_seqno: UInt64(CGPIOD_SEQNO_UNKNOWN), line_seqno: UInt64(CGPIOD_SEQNO_UNKNOWN))

    let event = EdgeEvent(raw, clock: .realtime)

    #expect(event.kind == .falling)
    #expect(event.clock == .realtime)
    #expect(event.globalSequence == nil)
    #expect(event.lineSequence == nil)
  }

  @Suite("Given two events of one request")
  struct LostEvents {
    @Test("When the sequence numbers are consecutive, then no event was lost")
    func consecutive() {
      let first = EdgeEvent(offset: 1, kind: .rising, timestampNanoseconds: 10, globalSequence: 5)
      let second = EdgeEvent(offset: 2, kind: .rising, timestampNanoseconds: 20, globalSequence: 6)

      #expect(second.eventsLost(since: first) == 0)
    }

    @Test("When the sequence numbers skip, then the gap is the number lost")
    func gap() {
      let first = EdgeEvent(offset: 1, kind: .rising, timestampNanoseconds: 10, globalSequence: 5)
      let later = EdgeEvent(offset: 1, kind: .falling, timestampNanoseconds: 90, globalSequence: 9)

      #expect(later.eventsLost(since: first) == 3)
    }

    @Test("When sequence numbers are unknown (libgpiod 1.x), then losses are unknown")
    func unknown() {
      let first = EdgeEvent(offset: 1, kind: .rising, timestampNanoseconds: 10)
      let second = EdgeEvent(offset: 1, kind: .falling, timestampNanoseconds: 20)

      #expect(second.eventsLost(since: first) == nil)
    }
  }

  @Test(
    "When a debounce period is given as a duration, then it is whole microseconds, clamped",
    arguments: [
      (Duration.milliseconds(5), UInt32(5_000)),
      (.nanoseconds(1_999), 1),
      (.seconds(-1), 0),
      (.seconds(10_000), UInt32.max),
    ])
  func debounce(duration: Duration, microseconds: UInt32) {
    #expect(DebouncePeriod(duration).microseconds == microseconds)
  }

  @Test("When settings reach the shim, then each maps to its C constant")
  func shimValues() {
    #expect(Bias.allCases.map(\.shimValue) == [
      CGPIOD_BIAS_AS_IS, CGPIOD_BIAS_DISABLED, CGPIOD_BIAS_PULL_UP, CGPIOD_BIAS_PULL_DOWN,
    ])
    #expect(Edge.allCases.map(\.shimValue) == [
      CGPIOD_EDGE_RISING, CGPIOD_EDGE_FALLING, CGPIOD_EDGE_BOTH,
    ])
    #expect(EventClock.allCases.map(\.shimValue) == [
      CGPIOD_CLOCK_MONOTONIC, CGPIOD_CLOCK_REALTIME, CGPIOD_CLOCK_HTE,
    ])
  }
}
