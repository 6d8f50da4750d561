import Bowling
import League
import LaneSensing

/// Replays a league night on a pair from the two lanes' sensors: one throw detector per
/// lane, the throws merged in time order and scored in one ``LeaguePlay``.
///
/// Rules, each with its reason (the sensors are read as ``PairFeed`` says):
/// 1. Each detector's throws are scored as it reports them: the order decides who is up.
/// 2. A throw is credited with the pins set for its ball (``LaneScorer/credited(_:setFor:)``):
///    a pin the deck reports down that was not set is not counted, as on one lane.
/// 3. A throw the night refuses is a warning, not an error; throws after a lane's last
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

  /// Reads both sensors to their end and scores their throws into `play`.
  ///
  /// - Throws: ``PairFeed/SensorFailure`` naming the lane whose sensor failed; `play` holds
  ///   what was scored before.
  public func run<Left: PinSensor, Right: PinSensor>(
    left: Left, right: Right, into play: inout LeaguePlay
  ) throws -> Report {
    var feed = PairFeed(left: left, right: right, detector: detector)
    defer { feed.close() }
    var report = Report()
    while try feed.step({ item in
      switch item.output {
      case .delivery(let detected): score(detected, on: item.lane, into: &play, report: &report)
      case .warning(let warning): report.warnings.append(.init(lane: item.lane, warning: .detector(warning)))
      case .deckChanged: break
      }
    }) {}
    return report
  }

  /// Scores one detected throw on `lane` (rules 2 and 3).
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
