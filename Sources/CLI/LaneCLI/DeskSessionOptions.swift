import ArgumentParser
import DeskAccess

/// How long a signed-in session of the desk's page lasts unused (`lane desk --session-idle`);
/// it lasts 12 hours at most whatever its use (``DeskSessions/lifetime``).
public struct DeskSessionOptions: ParsableArguments {
  public init() {}

  @Option(
    help: ArgumentHelp(
      "Sign a session out once unused this many seconds (10-43200); each request starts it again.",
      valueName: "seconds"))
  public var sessionIdle = Int(DeskSessions.defaultIdle)

  public func validate() throws {
    let range = DeskSessions.idleRange
    guard range.contains(Double(sessionIdle)) else {
      throw ValidationError("--session-idle is \(Int(range.lowerBound)) to \(Int(range.upperBound)) seconds, not \(sessionIdle)")
    }
  }
}
