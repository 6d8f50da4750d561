/// Why a command's running failed inside `lane` itself, not in its input or a device: a
/// service of its group, or the pair's loop's wait for its lanes. `lane` gives each its exit
/// status (docs/errors.md).
public enum RunFailure: Error, Sendable, CustomStringConvertible {
  /// A service of the command's group failed with `error`: a link's (the broker's), a
  /// board server's that cannot listen, or one no ring names.
  case service(any Error)
  /// The pair's loop could not wait for its lanes (`error`, the wait's).
  case loopWait(any Error)

  public var description: String {
    switch self {
    case .service(let error), .loopWait(let error): "\(error)"
    }
  }
}
