import Bowling
import LaneBridge
import LaneSensing

/// Watches a lane's sensors and throws for signs of a fault the desk should see: a stuck
/// pin line, a pinsetter that did not cycle, a ball detector that stopped, a journal disk
/// nearly full.
///
/// A pure state machine, like ``ThrowDetector``: it never reads a clock, a sensor or the
/// disk. It is fed sensor events and the lane's events with their instants, told the time
/// with ``advance(to:)`` and the journal disk's space with ``diskSpace(free:total:)``;
/// ``faults`` is what it sees now. The lane's shell (``LaneLink``) feeds it and publishes
/// the faults in the retained status whenever they change.
///
/// The rules, and why each is what it is:
/// 1. **Stuck pin line.** A pin whose line has not changed level for
///    ``Thresholds/stuckAfterDeliveries`` deliveries, while another pin's line changed in
///    that time, is stuck. Every pin is knocked down or reset now and then, so a line that
///    never moves while its neighbours do is a broken sensor or cable; when no line moves
///    at all the lane is idle (or its whole sensor is gone, which the lane warns of itself).
///    The fault ends when the line changes.
/// 2. **Pinsetter did not cycle.** Once the lane has seen a pinsetter cycle (its cycle line
///    is wired), a delivery with no `cycle on` from its start until
///    ``Thresholds/cycleDeadline`` after it is a pinsetter fault. A pinsetter cycles after
///    every ball; the cycle may start before the detector ends the delivery (rule 3 of
///    ``ThrowDetector``), so a cycle at or after the delivery's start counts. A lane without
///    a cycle line never sees one and this rule stays silent. The fault ends at the next
///    cycle.
/// 3. **Ball detector stopped.** Once a delivery was seen with the ball detector firing (it
///    is wired and works), ``Thresholds/deliveriesWithoutBall`` deliveries in a row without
///    it mean the detector stopped. One miss is normal (a slow ball, a missed beam); several
///    in a row are not. The fault ends at the next delivery the detector sees.
/// 4. **Journal disk nearly full.** Free space under ``Thresholds/diskFreeFraction`` of the
///    disk or under ``Thresholds/diskFreeBytes`` is a fault: the journal is the lane's
///    memory and the centre link's outbox, and a full disk stops scoring. The fault ends
///    when space is freed.
public struct LaneHealthMonitor: Sendable {
  /// When each rule fires.
  public struct Thresholds: Sendable, Equatable {
    /// Rule 1: deliveries without a change of one line while another changed.
    public var stuckAfterDeliveries: Int
    /// Rule 2: how long after a delivery's start its pinsetter cycle may come.
    public var cycleDeadline: Duration
    /// Rule 3: deliveries in a row without the ball detector.
    public var deliveriesWithoutBall: Int
    /// Rule 4: the smallest healthy share of the disk free (0.05 is 5 %).
    public var diskFreeFraction: Double
    /// Rule 4: the fewest healthy free bytes.
    public var diskFreeBytes: Int64

    public init(
      stuckAfterDeliveries: Int = 30, cycleDeadline: Duration = .seconds(20),
      deliveriesWithoutBall: Int = 3, diskFreeFraction: Double = 0.05,
      diskFreeBytes: Int64 = 64 << 20
    ) {
      self.stuckAfterDeliveries = stuckAfterDeliveries
      self.cycleDeadline = cycleDeadline
      self.deliveriesWithoutBall = deliveriesWithoutBall
      self.diskFreeFraction = diskFreeFraction
      self.diskFreeBytes = diskFreeBytes
    }
  }

  /// A fault the lane sees; its description is what the desk shows.
  public enum Fault: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Rule 1: `pin`'s line has not changed for `deliveries` deliveries.
    case stuckPinLine(Pin, deliveries: Int)
    /// Rule 2: no pinsetter cycle came after a delivery.
    case pinsetterDidNotCycle
    /// Rule 3: this many deliveries in a row without the ball detector.
    case ballDetectorStopped(deliveries: Int)
    /// Rule 4: the journal's disk has this many bytes free of `total`.
    case journalDiskNearlyFull(free: Int64, total: Int64)

    public var description: String {
      switch self {
      case .stuckPinLine(let pin, let deliveries):
        "pin \(pin.rawValue)'s sensor line has not changed for \(deliveries) deliveries while"
          + " others have: check its sensor and cable"
      case .pinsetterDidNotCycle:
        "the pinsetter did not cycle after a delivery: check the pinsetter and its cycle line"
      case .ballDetectorStopped(let deliveries):
        "the ball detector missed the last \(deliveries) deliveries: check it and its line"
      case .journalDiskNearlyFull(let free, let total):
        "the journal's disk is nearly full (\(free >> 20) MiB free of \(total >> 20) MiB):"
          + " free space before scoring stops"
      }
    }

    /// The stable order faults are listed in: by rule, then by pin.
    public static func < (lhs: Fault, rhs: Fault) -> Bool {
      (lhs.rule, lhs.pin) < (rhs.rule, rhs.pin)
    }

    /// The fault without its figures (rule and pin): a stuck line whose count grows, or a
    /// disk whose free space changes, is the same fault still.
    var kind: Int { rule * 100 + pin }

    private var rule: Int {
      switch self {
      case .stuckPinLine: 1
      case .pinsetterDidNotCycle: 2
      case .ballDetectorStopped: 3
      case .journalDiskNearlyFull: 4
      }
    }

    private var pin: Int {
      if case .stuckPinLine(let pin, _) = self { pin.rawValue } else { 0 }
    }
  }

  public let thresholds: Thresholds
  /// Each pin's level as last read, and deliveries since its line last changed.
  private var levels: [Pin: SensorEvent.PinLevel] = [:]
  private var deliveriesSinceChange: [Pin: Int] = [:]
  private var sawCycle = false
  private var lastCycleOn = SensorInstant.distantPast
  /// The start of the latest delivery still waiting for its cycle (rule 2).
  private var awaitingCycleSince: SensorInstant?
  private var pinsetterLate = false
  private var sawBall = false
  private var deliveriesWithoutBall = 0
  private var disk: (free: Int64, total: Int64)?
  private var now = SensorInstant.distantPast

  public init(thresholds: Thresholds = Thresholds()) {
    self.thresholds = thresholds
  }

  /// What the monitor sees now, in rule order.
  public var faults: [Fault] {
    var faults: [Fault] = []
    let moving = Pin.allCases.contains {
      (deliveriesSinceChange[$0] ?? 0) < thresholds.stuckAfterDeliveries
    }
    if moving {
      for pin in Pin.allCases {
        let count = deliveriesSinceChange[pin] ?? 0
        if count >= thresholds.stuckAfterDeliveries {
          faults.append(.stuckPinLine(pin, deliveries: count))
        }
      }
    }
    if pinsetterLate { faults.append(.pinsetterDidNotCycle) }
    if sawBall && deliveriesWithoutBall >= thresholds.deliveriesWithoutBall {
      faults.append(.ballDetectorStopped(deliveries: deliveriesWithoutBall))
    }
    if let disk, isNearlyFull(free: disk.free, total: disk.total) {
      faults.append(.journalDiskNearlyFull(free: disk.free, total: disk.total))
    }
    return faults
  }

  /// Takes one of the sensor's readings (the time it carries, and its event).
  public mutating func observe(_ reading: SensorReading) {
    if case .event(let event) = reading { observe(event) }
    advance(to: reading.time)
  }

  /// Takes one sensor event: pin levels (rule 1), the pinsetter's cycle (rule 2).
  public mutating func observe(_ event: SensorEvent) {
    switch event.kind {
    case .pin(let pin, let level):
      setLevel(level, of: pin)
    case .snapshot(let standing):
      for pin in Pin.allCases { setLevel(standing.contains(pin) ? .standing : .down, of: pin) }
    case .cycle(true):
      sawCycle = true
      lastCycleOn = max(lastCycleOn, event.time)
      awaitingCycleSince = nil
      pinsetterLate = false
    case .cycle(false), .ball, .foul:
      break
    }
    advance(to: event.time)
  }

  /// Takes one of the lane's events: a scored delivery counts for rules 1 to 3.
  public mutating func observe(_ event: LaneEvent) {
    guard case .scored(let scored) = event.kind else { return }
    delivered(scored.detected)
  }

  /// Counts one delivery the detector made.
  public mutating func delivered(_ delivery: DetectedThrow) {
    for pin in Pin.allCases { deliveriesSinceChange[pin, default: 0] += 1 }
    if sawCycle && lastCycleOn < delivery.start {
      awaitingCycleSince = delivery.start
    }
    if delivery.ballDetected {
      sawBall = true
      deliveriesWithoutBall = 0
    } else {
      deliveriesWithoutBall += 1
    }
    advance(to: delivery.end)
  }

  /// Tells the monitor the time on the sensor's clock (rule 2's deadline).
  public mutating func advance(to instant: SensorInstant) {
    now = max(now, instant)
    if let since = awaitingCycleSince, now >= since + thresholds.cycleDeadline {
      pinsetterLate = true
    }
  }

  /// When rule 2's deadline passes on the sensor's clock, if a delivery awaits a cycle: the
  /// instant to ``advance(to:)`` at, for a shell that wakes only when something is due.
  public var nextDeadline: SensorInstant? {
    guard !pinsetterLate, let since = awaitingCycleSince else { return nil }
    return since + thresholds.cycleDeadline
  }

  /// Tells the monitor the journal disk's free and total bytes (rule 4), as `statvfs` says.
  public mutating func diskSpace(free: Int64, total: Int64) {
    disk = (free, total)
  }

  private func isNearlyFull(free: Int64, total: Int64) -> Bool {
    guard total > 0 else { return false }
    return free < thresholds.diskFreeBytes
      || Double(free) < Double(total) * thresholds.diskFreeFraction
  }

  private mutating func setLevel(_ level: SensorEvent.PinLevel, of pin: Pin) {
    if let known = levels[pin], known != level { deliveriesSinceChange[pin] = 0 }
    levels[pin] = level
  }
}
