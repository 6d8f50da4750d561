import LaneBridge
import LaneSensing
import League
import POSIX

/// A pair's two lanes as a command opened them: live (each lane's wired lines, read in the
/// kernel's time) or a replay (each lane's trace, in its own time, paced or not). Every way
/// of running a pair takes them; they differ only in this and in the settings. Its sensors
/// are read by one loop at a time.
public struct PairLanes<Sensor: PinSensor>: @unchecked Sendable {
  /// One lane of the pair.
  public struct Lane {
    /// The lane's id: on the broker, its boards, its log records.
    public var id: String
    public var sensor: Sensor
    /// The wake event the sensor's waits watch (a live lane's, a replay of standard
    /// input's), if any.
    public var wake: WakeEvent?
    public var detector: ThrowDetector.Configuration
    /// What its sensor reads, for a failure's message: `the lane's lines`, a trace's name.
    public var reads: String

    public init(id: String, sensor: Sensor, wake: WakeEvent?, detector: ThrowDetector.Configuration, reads: String) {
      self.id = id
      self.sensor = sensor
      self.wake = wake
      self.detector = detector
      self.reads = reads
    }
  }

  public typealias Source = LaneSource

  public var left: Lane
  public var right: Lane
  public var source: Source

  public init(left: Lane, right: Lane, source: Source) {
    self.left = left
    self.right = right
    self.source = source
  }

  /// Both lanes, left then right.
  public var both: [Lane] { [left, right] }
  public var ids: [String] { [left.id, right.id] }

  /// Whether the sensors read the wired lines.
  public var isLive: Bool {
    if case .live = source { true } else { false }
  }

  /// A replay's pace, if paced.
  public var pace: Double? {
    if case .replay(let pace) = source { pace } else { nil }
  }

  /// The sensors' clock now, for the links' health monitors: a live pair's (the kernel's
  /// monotonic clock); a replay's time is its traces'.
  public var sensorClock: (@Sendable () -> SensorInstant)? {
    isLive ? { @Sendable in MonotonicClock.now() } : nil
  }

  /// How long a lane's loop waits for a reading at most: a live lane's wait ends on every
  /// source it answers (no periodic wake-up); a paced replay notices a correction within a
  /// second of its traces' time; unpaced, a longer wait only saves turns over quiet
  /// stretches.
  public var idleTimeout: Duration {
    switch source {
    case .live: LaneRunner.forever
    case .replay(let pace?) where pace > 0: .seconds(1)
    case .replay: .seconds(60)
    }
  }
}

/// Where a lane's readings come from: every way of running a lane or a pair takes one.
public enum LaneSource: Sendable {
  /// The wired lines: each lane's sensor blocks in the kernel until its next edge.
  case live
  /// Traces, played at `pace` times their own pace, or as fast as they can be read.
  case replay(pace: Double?)
}
