import Centre

/// Sends a lane a command from the desk's page and brings back its reply: over the centre's
/// broker in `lane desk --http` (LaneRuntime's), a stand-in in tests.
public protocol LaneCommander: Sendable {
  /// Sends `command` to `lane` and waits for its reply.
  func send(_ command: Payload.Command, to lane: LaneID) async -> LaneCommandOutcome
}

/// How a command sent to a lane ended.
public enum LaneCommandOutcome: Sendable, Hashable {
  /// The lane answered: done, or refused with its reason.
  case replied(Payload.Reply)
  /// No answer in time: the lane is offline, or not this lane (HTTP 504).
  case noReply(String)
  /// The broker could not be reached (HTTP 502).
  case brokerFailed(String)
}
