import ArgumentParser
import LaneBridge
import LaneOptions

/// `lane session`'s action, as typed: the request it makes of the lane.
public enum SessionAction: String, ExpressibleByArgument, CaseIterable {
  case end, start

  /// The request, for `start` with `bowlers` as `--bowlers` gives them ("Ana,Ben").
  public func request(bowlers: String?) -> ControlRequest.Action {
    guard self == .start, let bowlers else { return .endSession }
    return .startSession(bowlers: OptionValues.bowlerNames(bowlers))
  }

  /// The options checked as the lane checks them, so a mistake is a usage error (64)
  /// before anything is asked.
  public func validate(bowlers: String?, by author: String) throws {
    try validated(try OptionValues.checkSessionBowlers(start: self == .start, bowlers: bowlers))
    guard self == .start else { return }
    let line = ControlRequest(id: "check", by: author, action: request(bowlers: bowlers)).line
    if case .failure(let refusal) = ControlRequest.parse(Array(line.utf8.dropLast())) {
      throw ValidationError(refusal.description)
    }
  }
}
