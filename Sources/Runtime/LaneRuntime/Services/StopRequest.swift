import LaneBridge
import POSIX
import Synchronization

/// A request to stop blocking work: a flag the work checks between steps and a wake event
/// that ends its wait at once, both set by one call.
///
/// A service's graceful shutdown (or its task's cancellation) calls ``request()``; the lane's
/// loop asks ``isRequested`` before each wait for its sensor, and its sensor's wait watches
/// the wake event: no periodic wake-up to notice a stop.
public final class StopRequest: Sendable {
  private let requested = Atomic<Bool>(false)
  /// Signalled by ``request()``: the wake event the work's wait watches, if it has one.
  public let wake: WakeEvent?

  public init(wake: WakeEvent? = nil) {
    self.wake = wake
  }

  /// Whether a stop was asked for.
  public var isRequested: Bool { requested.load(ordering: .relaxed) }

  /// Asks the work to stop: sets the flag, then wakes its wait.
  @Sendable public func request() {
    requested.store(true, ordering: .relaxed)
    wake?.signal()
  }
}

extension WakeEvent {
  /// A new wake event for a loop or a sensor.
  ///
  /// - Throws: ``WakeEvent/CreationError`` when the system refuses its pipe: the process
  ///   may have too many open files.
  public static func made() throws(CreationError) -> WakeEvent {
    try WakeEvent()
  }
}
