import Bowling
import GPIO
import LaneSensing

/// Turns the kernel's edge events and line levels into sensor readings.
///
/// The pure part of `GPIOPinSensor`: it reads no clock and no device. It knows
/// which line is which input and at which level each is active, keeps the
/// readings' instants from going backwards, and notices gaps in the events'
/// sequence numbers.
///
/// Levels and edges are physical (lines are requested as wired, not
/// active-low): `true` and `.rising` mean high.
struct EdgeTranslator {
  /// What an input line senses.
  enum Role: Hashable, Sendable {
    case pin(Pin)
    case ball
    case foul
    case cycle
  }

  /// One input line: what it senses and at which level it is active.
  struct Line: Hashable, Sendable {
    var role: Role
    /// Whether a low level means active.
    var activeLow: Bool
  }

  /// The inputs by line offset.
  let lines: [LineOffset: Line]
  /// What an active pin input says about the pin.
  let pinActiveMeans: SensorEvent.PinLevel
  /// The instant of the last reading made, `nil` before the first.
  private(set) var latest: SensorInstant?
  /// The global sequence number of the last event seen; the kernel counts
  /// each request's events from 1.
  private(set) var lastSequence: UInt64 = 0

  /// Creates a translator for these inputs.
  init(lines: [LineOffset: Line], pinActiveMeans: SensorEvent.PinLevel) {
    self.lines = lines
    self.pinActiveMeans = pinActiveMeans
  }

  /// The first reading: a snapshot of the pins read at `time`.
  ///
  /// - Parameter levels: Each line's physical level (`true` is high).
  mutating func opening(levels: [LineOffset: Bool], at time: SensorInstant) -> SensorReading {
    .event(SensorEvent(.snapshot(standing: standing(levels)), at: stamp(time)))
  }

  /// Nothing happened until `time`.
  mutating func quiet(until time: SensorInstant) -> SensorReading {
    .quiet(until: stamp(time))
  }

  /// The readings a batch of edge events makes, in order.
  ///
  /// The kernel numbers an edge in its interrupt handler but queues it from
  /// that line's interrupt thread, so two lines' edges a few microseconds
  /// apart can be queued out of number order, the second even after a read.
  /// The batch is therefore put in number order, and a gap in the numbers is
  /// a loss only when `filledTheRead` (the read returned as many events as it
  /// could take). The kernel drops events only from a full queue, oldest
  /// first, and a read takes at most what the queue holds, so the read after
  /// a drop is always full; a gap in a shorter read is an edge still on its
  /// way, which comes in a later batch.
  ///
  /// A loss becomes `.lost` with the number of missing events, then a
  /// `.snapshot` of the pins as they were just before the event after the
  /// gap, then that event. The snapshot starts from `readLevels()`, the
  /// levels now (read after the batch, at most once per batch, only on a
  /// loss), and undoes the later events of the batch: each line that changes
  /// again in the batch was, before its first such edge, at the level that
  /// edge left.
  ///
  /// Events without sequence numbers (libgpiod 1.x) keep their order and
  /// cannot reveal a loss.
  /// - Throws: Whatever `readLevels` throws.
  mutating func translate<Failure: Error>(
    _ batch: [EdgeEvent],
    filledTheRead: Bool,
    readLevels: () throws(Failure) -> [LineOffset: Bool]
  ) throws(Failure) -> [SensorReading] {
    let events = Self.inNumberOrder(batch)
    var readings: [SensorReading] = []
    var levelsNow: [LineOffset: Bool]?
    for (index, event) in events.enumerated() {
      if let sequence = event.globalSequence {
        if filledTheRead, sequence > lastSequence, sequence - lastSequence > 1 {
          let time = stamp(instant(of: event))
          readings.append(.lost(count: Int(clamping: sequence - lastSequence - 1), at: time))
          if levelsNow == nil { levelsNow = try readLevels() }
          let levels = levelsNow ?? [:]
          let before = Self.levels(levels, before: events[index...])
          readings.append(.event(SensorEvent(.snapshot(standing: standing(before)), at: time)))
        }
        lastSequence = max(lastSequence, sequence)
      }
      if let kind = kind(of: event) {
        readings.append(.event(SensorEvent(kind, at: stamp(instant(of: event)))))
      }
    }
    return readings
  }

  /// `batch` by global sequence number, or as read when it has none.
  private static func inNumberOrder(_ batch: [EdgeEvent]) -> [EdgeEvent] {
    guard batch.allSatisfy({ $0.globalSequence != nil }) else { return batch }
    return batch.sorted { ($0.globalSequence ?? 0) < ($1.globalSequence ?? 0) }
  }

  /// The pins whose inputs say they stand, from physical levels.
  ///
  /// A pin whose level is missing counts as standing.
  func standing(_ levels: [LineOffset: Bool]) -> PinSet {
    var standing = PinSet.full
    for (offset, line) in lines {
      guard case .pin(let pin) = line.role, let level = levels[offset] else { continue }
      if pinLevel(isActive: level != line.activeLow) == .down { standing.remove(pin) }
    }
    return standing
  }

  /// What `event` means, or `nil` for an edge that means nothing (a ball or
  /// foul input going inactive, a line that is not an input).
  func kind(of event: EdgeEvent) -> SensorEvent.Kind? {
    guard let line = lines[event.offset] else { return nil }
    let isActive = (event.kind == .rising) != line.activeLow
    switch line.role {
    case .pin(let pin): return .pin(pin, pinLevel(isActive: isActive))
    case .ball: return isActive ? .ball : nil
    case .foul: return isActive ? .foul : nil
    case .cycle: return .cycle(isOn: isActive)
    }
  }

  /// The level an active or inactive pin input means.
  private func pinLevel(isActive: Bool) -> SensorEvent.PinLevel {
    if isActive { return pinActiveMeans }
    return pinActiveMeans == .down ? .standing : .down
  }

  /// `time`, or the latest instant made if that is later; it becomes the latest.
  private mutating func stamp(_ time: SensorInstant) -> SensorInstant {
    let stamped = max(time, latest ?? time)
    latest = stamped
    return stamped
  }

  /// The event's kernel timestamp as an instant.
  private func instant(of event: EdgeEvent) -> SensorInstant {
    SensorInstant(nanoseconds: Int64(clamping: event.timestampNanoseconds))
  }

  /// The levels just before `events`, given the levels after them: a line's
  /// first edge among them says what it was before (low before rising).
  private static func levels(
    _ now: [LineOffset: Bool], before events: ArraySlice<EdgeEvent>
  ) -> [LineOffset: Bool] {
    var levels = now
    var seen = Set<LineOffset>()
    for event in events where seen.insert(event.offset).inserted {
      levels[event.offset] = event.kind == .falling
    }
    return levels
  }
}
