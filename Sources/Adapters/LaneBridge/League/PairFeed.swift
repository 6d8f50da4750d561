import LaneSensing
import League

/// What one lane's throw detector reported, on a pair.
public struct PairOutput: Sendable {
  public var lane: PairSide
  public var output: ThrowDetector.Output

  public init(lane: PairSide, output: ThrowDetector.Output) {
    self.lane = lane
    self.output = output
  }
}

/// A lane's sensor failed (a trace that is not one, a kernel read), and how.
public struct PairSensorFailure: Error, CustomStringConvertible {
  public var lane: PairSide
  public var error: any Error

  public init(lane: PairSide, error: any Error) {
    self.lane = lane
    self.error = error
  }

  public var description: String { "the \(lane) lane's sensor: \(error)" }
}

/// Where a pair's loop (``PairRunner``) takes its lanes' detector outputs from: a replay's
/// two traces merged in time order (``PairFeed``), or a live pair's two sensors, each read
/// on a thread of its own (``LivePairFeed``).
public protocol PairSource {
  /// Takes what the lanes reported next, handing each output to `body`; it may hand none
  /// (a quiet reading, or a wake-up for the inbox).
  ///
  /// - Returns: `false` once both lanes' sensors have ended and nothing is left.
  /// - Throws: What a sensor or `body` throws.
  mutating func step(_ body: (PairOutput) throws -> Void) throws -> Bool
  /// When the earliest delivery still open on either lane started, if one is: a stop now
  /// leaves it unscored. Known once the source is closed (a live pair's threads stopped).
  var openDeliverySince: SensorInstant? { get }
  /// Closes both lanes' sensors.
  mutating func close()
}

/// A pair's two sensors, each read by its own throw detector, as one stream of what the
/// detectors report, each item naming its lane: a replay's.
///
/// Rules, each with its reason:
/// 1. Each lane has its own detector: the lanes' pinsetters and sensors are independent.
/// 2. The two sensors' readings are taken in time order, the left lane's first on a tie:
///    both sensors are on the pair's one clock (a replay's traces too), and the order decides
///    who is up. Each sensor is read one reading ahead, so nothing is held back and memory
///    does not grow with the traces.
/// 3. A sensor that ends has its detector finish (open windows closed as if the lane fell
///    quiet), at the instant of its last reading; the other lane goes on alone.
public struct PairFeed<Left: PinSensor, Right: PinSensor>: PairSource {
  private var left: Left
  private var right: Right
  private var leftFeed: LaneFeed
  private var rightFeed: LaneFeed

  /// - Parameter idle: The longest wait for a reading on either lane: it bounds how late a
  ///   stop is noticed in a paced replay's quiet stretch (a replay's sensor answers at once).
  public init(
    left: Left, right: Right, detector: ThrowDetector.Configuration, idle: Duration = .seconds(60)
  ) {
    self.left = left
    self.right = right
    let idle = idle.nanoseconds
    leftFeed = LaneFeed(lane: .left, detector: detector, idle: idle)
    rightFeed = LaneFeed(lane: .right, detector: detector, idle: idle)
  }

  /// When the earliest delivery still open on either lane started, if one is: a stop now
  /// leaves it unscored.
  public var openDeliverySince: SensorInstant? {
    [leftFeed, rightFeed].filter(\.detector.isInDelivery).map(\.detector.now).min()
  }

  /// Takes one step of one lane, the earlier (rule 2), handing `body` what its detector
  /// reported, if anything.
  ///
  /// - Throws: ``PairSensorFailure`` naming the lane whose sensor failed, or what `body` throws.
  public mutating func step(_ body: (PairOutput) throws -> Void) throws -> Bool {
    let leftNext = try leftFeed.peek(&left)
    let rightNext = try rightFeed.peek(&right)
    let lane: PairSide
    switch (leftNext, rightNext) {
    case (nil, nil): return false
    case (let leftTime?, let rightTime?): lane = leftTime <= rightTime ? .left : .right
    case (_?, nil): lane = .left
    case (nil, _?): lane = .right
    }
    switch lane {
    case .left: try leftFeed.take { try body(PairOutput(lane: .left, output: $0)) }
    case .right: try rightFeed.take { try body(PairOutput(lane: .right, output: $0)) }
    }
    return true
  }

  /// Closes both sensors.
  public mutating func close() {
    left.close()
    right.close()
  }
}

/// One lane's detector with its sensor read one step ahead (``PairFeed``'s rule 2). Not
/// nested in the generic ``PairFeed``: a generic nested type costs a metadata lookup at every
/// use in unspecialised code, a quarter of a pair's replay.
private struct LaneFeed {
  /// What the lane hands over next, and the instant it is at.
  enum Step {
    case reading(SensorReading)
    /// What the detector reported when the sensor ended (at ``nextTime``, its last instant).
    case ending([ThrowDetector.Output])
  }

  let lane: PairSide
  /// The longest wait for a reading, in nanoseconds.
  let idle: Int64
  var detector: ThrowDetector
  var next: Step?
  /// The instant of ``next``, kept apart so that the lane not taken is asked for it cheaply.
  var nextTime: SensorInstant?
  var hasEnded = false

  init(lane: PairSide, detector configuration: ThrowDetector.Configuration, idle: Int64) {
    self.lane = lane
    self.idle = idle
    self.detector = ThrowDetector(configuration: configuration)
  }

  /// The instant of the next step, reading one if none is held; `nil` once all is taken.
  mutating func peek<Sensor: PinSensor>(_ sensor: inout Sensor) throws(PairSensorFailure) -> SensorInstant? {
    guard next == nil, !hasEnded else { return nextTime }
    let reading: SensorReading?
    do {
      reading = try sensor.next(timeoutNanoseconds: detector.timeout(idle: idle))
    } catch {
      throw PairSensorFailure(lane: lane, error: error)
    }
    if let reading {
      next = .reading(reading)
      nextTime = reading.time
    } else {
      hasEnded = true
      nextTime = detector.now
      next = .ending(detector.finish())
    }
    return nextTime
  }

  /// Takes the step peeked, handing `body` what the detector reported.
  mutating func take(_ body: (ThrowDetector.Output) throws -> Void) rethrows {
    let step = next
    next = nil
    nextTime = nil
    switch step {
    case .reading(let reading): try detector.read(reading, into: body)
    case .ending(let outputs): try outputs.forEach(body)
    case nil: break
    }
  }
}
