import Bowling
import League
import LaneSensing

/// Replays a league night on a pair from the two lanes' sensors: one throw detector per
/// lane, the throws merged in time order and scored in one ``LeaguePlay``.
///
/// Rules, each with its reason:
/// 1. Each lane has its own detector: the lanes' pinsetters and sensors are independent.
/// 2. Throws are taken in the order their deliveries ended, the left lane first on a tie:
///    both traces are on the pair's one clock, and the order decides who is up.
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

    /// The detectors' warnings (the left lane's, then the right's), then the scorer's.
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
  /// - Throws: ``SensorFailure`` naming the lane whose sensor failed; nothing is scored then.
  public func run<Left: PinSensor, Right: PinSensor>(
    left: inout Left, right: inout Right, into play: inout LeaguePlay
  ) throws(SensorFailure) -> Report {
    var report = Report()
    let leftThrows = try detected(&left, lane: .left, into: &report)
    let rightThrows = try detected(&right, lane: .right, into: &report)
    var (leftIndex, rightIndex) = (leftThrows.startIndex, rightThrows.startIndex)
    while leftIndex < leftThrows.endIndex || rightIndex < rightThrows.endIndex {
      let takeLeft =
        rightIndex == rightThrows.endIndex
        || (leftIndex < leftThrows.endIndex && leftThrows[leftIndex].end <= rightThrows[rightIndex].end)
      let lane: PairSide = takeLeft ? .left : .right
      let detected = takeLeft ? leftThrows[leftIndex] : rightThrows[rightIndex]
      if takeLeft { leftIndex += 1 } else { rightIndex += 1 }
      score(detected, on: lane, into: &play, report: &report)
    }
    return report
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

  /// Every throw a lane's sensor shows, its detector's warnings put in the report.
  private func detected<Sensor: PinSensor>(
    _ sensor: inout Sensor, lane: PairSide, into report: inout Report
  ) throws(SensorFailure) -> [DetectedThrow] {
    defer { sensor.close() }
    var detector = ThrowDetector(configuration: self.detector)
    var throwsSeen: [DetectedThrow] = []
    var warnings: [Report.Warning] = []
    do {
      try detector.run(&sensor) { output in
        switch output {
        case .delivery(let detected): throwsSeen.append(detected)
        case .warning(let warning): warnings.append(.init(lane: lane, warning: .detector(warning)))
        case .deckChanged: break
        }
      }
    } catch {
      throw SensorFailure(lane: lane, error: error)
    }
    report.warnings += warnings
    return throwsSeen
  }
}
