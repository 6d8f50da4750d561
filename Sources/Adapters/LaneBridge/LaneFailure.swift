/// Why a `lane` command cannot go on: what is wrong and what to do about it, and the status
/// the command exits with.
///
/// Thrown from anywhere a command runs; `lane` prints it once, on standard error after the
/// command's name (`lane run: …`), and exits with ``status``. A message starts in lower case
/// and has no closing full stop, like the other lines `lane` writes there; an empty message
/// prints nothing, for a command that already said why (`lane calibrate --check`'s report).
public struct LaneFailure: Error, Hashable, Sendable, CustomStringConvertible {
  public var status: ExitStatus
  public var message: String

  public init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  public var description: String { message }
}
