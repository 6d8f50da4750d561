import LaneSensing
import League

/// A pair's two sensors, each read by its own throw detector, as one stream of what the
/// detectors report, each item naming its lane.
///
/// Rules, each with its reason:
/// 1. Each lane has its own detector: the lanes' pinsetters and sensors are independent.
/// 2. The two sensors' readings are taken in time order, the left lane's first on a tie:
///    both sensors are on the pair's one clock (a replay's traces too), and the order decides
///    who is up. Each sensor is read one reading ahead, so nothing is held back and memory
///    does not grow with the traces.
/// 3. A sensor that ends has its detector finish (open windows closed as if the lane fell
///    quiet), at the instant of its last reading; the other lane goes on alone.
public struct PairFeed<Left: PinSensor, Right: PinSensor> {
  /// What a lane's detector reported.
  public struct Item {
    public var lane: PairSide
    public var output: ThrowDetector.Output
  }

  /// A lane's sensor failed (a trace that is not one), and how.
  public struct SensorFailure: Error {
    public var lane: PairSide
    public var error: any Error
  }

  private var left: Left
  private var right: Right
  private var feeds: [Feed]
  /// Outputs of the last reading not handed out yet.
  private var pending: [Item] = []
  private var pendingIndex = 0

  public init(left: Left, right: Right, detector: ThrowDetector.Configuration) {
    self.left = left
    self.right = right
    feeds = [Feed(lane: .left, detector: detector), Feed(lane: .right, detector: detector)]
  }

  /// Whether either lane's detector is inside a delivery: a stop now leaves it unscored.
  public var isInDelivery: Bool { feeds.contains { $0.detector.isInDelivery } }

  /// The next thing a detector reported, or `nil` once both sensors have ended.
  ///
  /// - Throws: ``SensorFailure`` naming the lane whose sensor failed; what came before
  ///   was handed out.
  public mutating func next() throws(SensorFailure) -> Item? {
    while pendingIndex == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingIndex = 0
      let leftNext = try feeds[0].peek(&left)
      let rightNext = try feeds[1].peek(&right)
      let index: Int
      switch (leftNext, rightNext) {
      case (nil, nil): return nil
      case (let leftTime?, let rightTime?): index = leftTime <= rightTime ? 0 : 1
      case (_?, nil): index = 0
      case (nil, _?): index = 1
      }
      let lane = feeds[index].lane
      feeds[index].take { pending.append(Item(lane: lane, output: $0)) }
    }
    defer { pendingIndex += 1 }
    return pending[pendingIndex]
  }

  /// Closes both sensors.
  public mutating func close() {
    left.close()
    right.close()
  }

  /// One lane's detector with its sensor read one step ahead (rule 2).
  private struct Feed {
    /// What the lane hands over next, and the instant it is at.
    enum Step {
      case reading(SensorReading)
      /// What the detector reported when the sensor ended, at the last reading's instant.
      case ending([ThrowDetector.Output], at: SensorInstant)
    }

    /// The longest wait for a reading: a replay's sensor answers at once.
    static var idle: Int64 { 60_000_000_000 }
    let lane: PairSide
    var detector: ThrowDetector
    var next: Step?
    var hasEnded = false

    init(lane: PairSide, detector configuration: ThrowDetector.Configuration) {
      self.lane = lane
      self.detector = ThrowDetector(configuration: configuration)
    }

    /// The instant of the next step, reading one if none is held; `nil` once all is taken.
    mutating func peek<Sensor: PinSensor>(_ sensor: inout Sensor) throws(SensorFailure) -> SensorInstant? {
      if next == nil, !hasEnded {
        let reading: SensorReading?
        do {
          reading = try sensor.next(timeoutNanoseconds: detector.timeout(idle: Self.idle))
        } catch {
          throw SensorFailure(lane: lane, error: error)
        }
        if let reading {
          next = .reading(reading)
        } else {
          hasEnded = true
          let time = detector.now
          next = .ending(detector.finish(), at: time)
        }
      }
      switch next {
      case .reading(let reading): return reading.time
      case .ending(_, let time): return time
      case nil: return nil
      }
    }

    /// Takes the step peeked, handing `body` what the detector reported.
    mutating func take(_ body: (ThrowDetector.Output) -> Void) {
      let step = next
      next = nil
      switch step {
      case .reading(let reading): detector.read(reading, into: body)
      case .ending(let outputs, _): outputs.forEach(body)
      case nil: break
      }
    }
  }
}
