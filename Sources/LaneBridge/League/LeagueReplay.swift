import Bowling
import League
import LaneSensing

/// Replays a league night on a pair from the two lanes' sensors: one throw detector per
/// lane, the throws merged in time order and scored in one ``LeaguePlay``.
///
/// Rules, each with its reason:
/// 1. Each lane has its own detector: the lanes' pinsetters and sensors are independent.
/// 2. The two sensors' readings are taken in time order (the left lane's first on a tie) and
///    each detector's throws are scored as it reports them: both traces are on the pair's
///    one clock, as a live pair reads them, and the order decides who is up. Nothing is held
///    back, so memory does not grow with the traces.
/// 3. A throw is credited with the pins set for its ball (``LaneScorer/credited(_:setFor:)``):
///    a pin the deck reports down that was not set is not counted, as on one lane.
/// 4. A throw the night refuses is a warning, not an error; throws after a lane's last
///    turn are counted, not listed one by one, since a trace may go on long after the night.
public struct LeagueReplay: Sendable {
  public var detector: ThrowDetector.Configuration

  public init(detector: ThrowDetector.Configuration) {
    self.detector = detector
  }

  /// What the replay saw besides the scores.
  public struct Report: Hashable, Sendable {
    /// A lane's warning for the technician.
    public struct Warning: Hashable, Sendable {
      public var lane: PairSide
      public var warning: LaneWarning
    }

    /// The detectors' and the scorer's warnings, in the order they came.
    public var warnings: [Warning] = []
    /// Throws bowled after the night's last turn on their lane.
    public var afterTheNight: [PairSide: Int] = [:]
  }

  /// A lane's sensor failed (a trace that is not one), and how.
  public struct SensorFailure: Error {
    public var lane: PairSide
    public var error: any Error
  }

  /// Reads both sensors to their end and scores their throws into `play`.
  ///
  /// - Throws: ``SensorFailure`` naming the lane whose sensor failed; `play` holds what was
  ///   scored before.
  public func run<Left: PinSensor, Right: PinSensor>(
    left: inout Left, right: inout Right, into play: inout LeaguePlay
  ) throws(SensorFailure) -> Report {
    defer {
      left.close()
      right.close()
    }
    var report = Report()
    var feeds = [Feed(lane: .left, detector: detector), Feed(lane: .right, detector: detector)]
    func take(_ output: ThrowDetector.Output, on lane: PairSide) {
      switch output {
      case .delivery(let detected): score(detected, on: lane, into: &play, report: &report)
      case .warning(let warning): report.warnings.append(.init(lane: lane, warning: .detector(warning)))
      case .deckChanged: break
      }
    }
    while true {
      let leftNext = try feeds[0].peek(&left)
      let rightNext = try feeds[1].peek(&right)
      let index: Int
      switch (leftNext, rightNext) {
      case (nil, nil): return report
      case (let leftTime?, let rightTime?): index = leftTime <= rightTime ? 0 : 1
      case (_?, nil): index = 0
      case (nil, _?): index = 1
      }
      let lane = feeds[index].lane
      feeds[index].take { take($0, on: lane) }
    }
  }

  /// One lane's detector with its sensor read one step ahead, so that two lanes' readings
  /// are taken in time order.
  private struct Feed {
    /// What the lane hands over next, and the instant it is at.
    enum Step {
      case reading(SensorReading)
      /// What the detector reported when the sensor ended, at the last reading's instant.
      case ending([ThrowDetector.Output], at: SensorInstant)
    }

    /// The longest wait for a reading: a replay's sensor answers at once.
    static let idle = Duration.seconds(60).nanoseconds
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

  /// Scores one detected throw on `lane` (rules 3 and 4).
  public func score(
    _ detected: DetectedThrow, on lane: PairSide, into play: inout LeaguePlay, report: inout Report
  ) {
    guard let rack = play.standing(on: lane) else {
      report.afterTheNight[lane, default: 0] += 1
      return
    }
    let (delivery, alreadyDown) = LaneScorer.credited(detected, setFor: rack)
    if let alreadyDown { report.warnings.append(.init(lane: lane, warning: .pinsAlreadyDown(alreadyDown, at: detected.end))) }
    do {
      try play.deliver(delivery, on: lane)
    } catch .impossible(let error, _) {
      report.warnings.append(.init(lane: lane, warning: .notScored(error, at: detected.end)))
    } catch {
      report.afterTheNight[lane, default: 0] += 1
    }
  }
}
