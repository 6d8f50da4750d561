import Journal
import LaneSensing

/// A lane of a pair that failed: its error after the lane's id, so that the pair's command
/// says which lane. A lane's trace that is malformed or a sensor that cannot be read names
/// what it reads (a trace's name, `the lane's lines`). `lane` gives each its exit status
/// from the lane's own error (docs/errors.md).
public struct PairLaneError: Error, Sendable, CustomStringConvertible {
  /// The lane's id, or `nil` where what it reads names it (a night's trace).
  public var lane: String?
  public var problem: Problem

  /// What failed on the lane.
  public enum Problem: Sendable {
    /// Opening the lane, its journal or its loop failed with the lane's own error.
    case failed(any Error)
    /// What the lane reads (`reading`, a trace) is malformed.
    case trace(reading: String, error: any Error)
    /// What the lane reads (`reading`) cannot be read.
    case unreadable(reading: String, error: any Error)
  }

  /// `error`, the lane `lane`'s own.
  public init(lane: String, _ error: any Error) {
    self.lane = lane
    problem = .failed(error)
  }

  /// A malformed trace, `reading`, of a lane it names.
  public init(trace reading: String, _ error: any Error) {
    lane = nil
    problem = .trace(reading: reading, error: error)
  }

  /// What lane `lane`'s sensor failed with, reading `reading`: its journal's or its own
  /// error, a malformed trace, or a read that failed.
  static func of(_ error: any Error, lane: String, reading: String) -> PairLaneError {
    switch error {
    case let error as TraceError: PairLaneError(lane: lane, problem: .trace(reading: reading, error: error))
    case is JournalError: PairLaneError(lane: lane, error)
    default: PairLaneError(lane: lane, problem: .unreadable(reading: reading, error: error))
    }
  }

  private init(lane: String?, problem: Problem) {
    self.lane = lane
    self.problem = problem
  }

  /// What failed, without the lane's id.
  public var what: String {
    switch problem {
    case .failed(let error): "\(error)"
    case .trace(let reading, let error): "\(reading): \(error)"
    case .unreadable(let reading, let error): "cannot read \(reading): \(error)"
    }
  }

  public var description: String { (lane.map { "\($0): " } ?? "") + what }
}
