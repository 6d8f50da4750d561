import Bowling
import LaneSensing

/// The writes to the sim's pull files that play a trace's events, in time order.
///
/// A pin's `down`/`up` and `cycle on`/`off` set a level; `ball` and `foul` are pulses, active
/// for `pulse` and then inactive again, as a photo-eye or foul detector reports them; a
/// `pins` snapshot sets all ten pin lines. A pulse still active when the next event on its
/// line comes is released at that instant, just before it.
struct LineWritePlan<Events: IteratorProtocol<SensorEvent>>: IteratorProtocol {
  /// One write: the line, the level it is driven to, and the trace event it plays.
  struct Write: Hashable, Sendable {
    var time: SensorInstant
    var line: SimLine
    var active: Bool
    /// The trace line this write plays (`3.410000 pin7 down`); a pulse's release says so.
    var cause: String
  }

  private var events: Events
  private let pulse: Duration
  /// Writes due, earliest first: an event's writes, and pulse releases waiting their turn.
  private var pending: [Write] = []
  private var nextEvent: SensorEvent?
  private var started = false

  /// - Parameters:
  ///   - events: The trace's events, in order.
  ///   - pulse: How long `ball` and `foul` hold their line active.
  init(_ events: Events, pulse: Duration) {
    self.events = events
    self.pulse = pulse
  }

  mutating func next() -> Write? {
    if !started {
      started = true
      nextEvent = events.next()
    }
    // Expand events until the earliest pending write is known to come before the next event.
    while let event = nextEvent, pending.first.map({ $0.time >= event.time }) ?? true {
      expand(event)
      nextEvent = events.next()
    }
    return pending.isEmpty ? nil : pending.removeFirst()
  }

  private mutating func expand(_ event: SensorEvent) {
    let cause = event.traceLine
    switch event.kind {
    case .pin(let pin, let level):
      add(Write(time: event.time, line: .pin(pin), active: level == .down, cause: cause))
    case .cycle(let isOn):
      add(Write(time: event.time, line: .cycle, active: isOn, cause: cause))
    case .snapshot(let standing):
      for pin in Pin.allCases {
        add(Write(time: event.time, line: .pin(pin), active: !standing.contains(pin), cause: cause))
      }
    case .ball:
      addPulse(on: .ball, at: event.time, cause: cause)
    case .foul:
      addPulse(on: .foul, at: event.time, cause: cause)
    }
  }

  private mutating func addPulse(on line: SimLine, at time: SensorInstant, cause: String) {
    add(Write(time: time, line: line, active: true, cause: cause))
    add(Write(time: time + pulse, line: line, active: false, cause: cause + " (release)"))
  }

  /// Queues a write after every pending one at or before its time; a pending release on the
  /// same line that would come later is moved to just before it.
  private mutating func add(_ write: Write) {
    if let index = pending.firstIndex(where: {
      $0.line == write.line && !$0.active && $0.time > write.time
    }) {
      var release = pending.remove(at: index)
      release.time = write.time
      insert(release)
    }
    insert(write)
  }

  private mutating func insert(_ write: Write) {
    let index = pending.firstIndex { $0.time > write.time } ?? pending.endIndex
    pending.insert(write, at: index)
  }
}
