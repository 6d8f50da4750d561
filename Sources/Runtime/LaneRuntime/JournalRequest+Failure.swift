extension JournalRequest {
  /// Why a request to a lane (`lane correct`, `lane session`) was not done, beyond the
  /// journal's own errors, the command's ``Refused`` and the control socket's
  /// (`ControlClient.Failure`). `lane` gives each its exit status (docs/errors.md).
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request cannot be sent as given: the control socket would refuse it (`reason`).
    case unsendable(reason: String)
    /// The running lane refused it (`reason`, as it replied).
    case refusedByLane(reason: String?)
    /// The running lane's socket refused the connection on every attempt.
    case socketRefused

    public var description: String {
      switch self {
      case .unsendable(let reason): reason
      case .refusedByLane(let reason): "the running lane refused it: \(reason ?? "no reason given")"
      case .socketRefused: "the running lane's socket refused the connection"
      }
    }
  }
}

extension JournalRequest.Refused: CustomStringConvertible {
  public var description: String { reason }
}
