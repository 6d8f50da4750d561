import LaneBridge
import ServiceLifecycle
import Synchronization

/// A loop that blocks (a lane's, or a pair's on a league night) as a service: it runs on a
/// thread of its own (``BlockingThread``) until its sensor ends or the service is stopped,
/// which asks it through its ``StopRequest`` (the flag it checks before each wait, the wake
/// event its sensor's wait watches).
///
/// It starts once `after` opens (the boards listen), and keeps how it ended for the command
/// to report.
public final class LoopService: Service, Sendable {
  /// Runs the loop until it ends or `stop` is requested; how it ended.
  public typealias Body = @Sendable (_ stop: StopRequest) throws -> LaneEvent.Status

  /// The thread's name: `lane lane7`, `pair lane7+lane8`.
  public let name: String
  public let stop: StopRequest
  private let body: Body
  private let after: Gate?
  private let ended: @Sendable (LaneEvent.Status) -> Void
  private let outcome = Mutex<LaneEvent.Status?>(nil)

  /// - Parameter ended: Told how the loop ended, as it ends.
  public init(
    name: String, stop: StopRequest, after: Gate? = nil, ended: @escaping @Sendable (LaneEvent.Status) -> Void = { _ in },
    body: @escaping Body
  ) {
    self.name = name
    self.stop = stop
    self.after = after
    self.ended = ended
    self.body = body
  }

  /// The loop as a service of its command's group: its failure stops the group; its end
  /// does too, unless the command serves its boards after the end (a replay's), until a stop.
  public func configuration(servesAfterEnd: Bool) -> ServiceGroupConfiguration.ServiceConfiguration {
    .init(
      service: self, successTerminationBehavior: servesAfterEnd ? .ignore : .gracefullyShutdownGroup,
      failureTerminationBehavior: .gracefullyShutdownGroup)
  }

  /// How the loop ended, once it has: `nil` while it runs, or when it never started.
  public var ending: LaneEvent.Status? { outcome.withLock { $0 } }

  public func run() async throws {
    let stop = stop
    let (body, ended) = (body, ended)
    try await withGracefulShutdownHandler {
      await after?.wait()
      guard !Task.isCancelled else { return }
      let status = try await BlockingThread.run(named: name, interrupt: stop.request) { try body(stop) }
      outcome.withLock { $0 = status }
      ended(status)
    } onGracefulShutdown: {
      stop.request()
    }
  }
}
