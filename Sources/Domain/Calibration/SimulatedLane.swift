import LaneSensing

/// The lines of a simulated lane for tests and demonstrations: their levels, the changes
/// scheduled on them, and the simulated clock.
///
/// A ``SimulatedLineSensor`` reads it; a test's technician schedules what they do on it in
/// answer to what calibration asks ("knock down pin 3" becomes "line 22 goes low one second
/// from now"), so the procedure and the lane take turns on one clock that only moves when the
/// sensor waits. It is a class because the sensor and the technician share it.
public final class SimulatedLane {
  /// Every line's level now.
  public private(set) var levels: [Int: LineLevel]

  /// The simulated clock: the instant of the last reading the sensor made.
  public fileprivate(set) var now: SensorInstant = .zero

  /// What will happen, in time order (written order for equal times).
  fileprivate var scheduled: [Scheduled] = []

  /// Something scheduled: a level change, or the kernel dropping changes.
  fileprivate enum Scheduled {
    case change(LineChange)
    case lost(count: Int, at: SensorInstant)

    var time: SensorInstant {
      switch self {
      case .change(let change): change.time
      case .lost(_, let time): time
      }
    }
  }

  /// Creates a lane whose lines rest at `levels`.
  public init(levels: [Int: LineLevel]) {
    self.levels = levels
  }

  /// Line `offset` goes to `level` at `time`, its contact springing back `bounces` times
  /// first, one change every `spacing`.
  public func set(
    _ offset: Int, to level: LineLevel, at time: SensorInstant, bounces: Int = 0,
    spacing: Duration = .microseconds(500)
  ) {
    schedule(.change(LineChange(offset: offset, to: level, at: time)))
    for bounce in 0..<bounces {
      let sprung = time + spacing * (2 * bounce + 1)
      schedule(.change(LineChange(offset: offset, to: level.flipped, at: sprung)))
      schedule(.change(LineChange(offset: offset, to: level, at: sprung + spacing)))
    }
  }

  /// Line `offset` flips `count` times, one flip every `period` from `start`: a noisy line.
  public func noise(_ offset: Int, from start: SensorInstant, every period: Duration, count: Int) {
    var level = levels[offset] ?? .high
    for index in 0..<count {
      level = level.flipped
      schedule(.change(LineChange(offset: offset, to: level, at: start + period * (index + 1))))
    }
  }

  /// The kernel drops the next `count` changes at `time`; the sensor then reports every
  /// line's level afresh.
  public func loseChanges(_ count: Int, at time: SensorInstant) {
    schedule(.lost(count: count, at: time))
  }

  private func schedule(_ item: Scheduled) {
    let index = scheduled.firstIndex { $0.time > item.time } ?? scheduled.endIndex
    scheduled.insert(item, at: index)
  }

  /// Takes the first scheduled item due by `deadline`, applying it to the levels.
  fileprivate func takeDue(by deadline: SensorInstant) -> Scheduled? {
    guard let first = scheduled.first, first.time <= deadline else { return nil }
    scheduled.removeFirst()
    now = max(now, first.time)
    switch first {
    case .change(let change):
      levels[change.offset] = change.level
    case .lost(let count, _):
      var dropped = 0
      while dropped < count, let index = scheduled.firstIndex(where: {
        if case .change = $0 { true } else { false }
      }), case .change(let change) = scheduled[index] {
        scheduled.remove(at: index)
        levels[change.offset] = change.level
        now = max(now, change.time)
        dropped += 1
      }
    }
    return first
  }
}

/// A ``LineSensor`` reading a ``SimulatedLane``, on the lane's simulated clock.
public struct SimulatedLineSensor: LineSensor {
  public typealias Failure = Never

  private let lane: SimulatedLane
  private var isOpen = true
  private var needsLevels = true

  public let offsets: [Int]

  /// Watches every line of `lane`.
  public init(_ lane: SimulatedLane) {
    self.lane = lane
    self.offsets = lane.levels.keys.sorted()
  }

  public mutating func next(timeout: Duration) -> LineReading? {
    guard isOpen else { return nil }
    if needsLevels {
      needsLevels = false
      return .levels(lane.levels, at: lane.now)
    }
    let deadline = lane.now + max(timeout, .zero)
    while let item = lane.takeDue(by: deadline) {
      switch item {
      case .change(let change):
        return .change(change)
      case .lost(let count, let time):
        needsLevels = true
        return .lost(count: count, at: time)
      }
    }
    lane.now = deadline
    return .quiet(until: deadline)
  }

  public mutating func close() {
    isOpen = false
  }
}
