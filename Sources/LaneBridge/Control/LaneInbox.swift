import GPIO
import POSIX
import Synchronization

/// What reaches a running lane from outside its sensor, queued by the threads that wait for
/// it (the console, the control socket) and taken by the lane's loop between readings.
///
/// Posting signals the lane's wake event, so a sensor blocked in the kernel returns at once:
/// the lane needs no periodic wake-up to notice a console key or a correction.
public final class LaneInbox: Sendable {
  /// One thing to do.
  public enum Item: Sendable {
    /// A line the operator typed on the console (``ConsoleCommand``).
    case console(String)
    /// A correction from the control socket, and where its reply goes.
    case request(ControlRequest, reply: @Sendable (ControlReply) -> Void)
  }

  private let items = Mutex<[Item]>([])
  /// Signalled on every post; `nil` when the lane does not block (a paced or unpaced replay).
  public let wake: WakeEvent?

  public init(wake: WakeEvent?) {
    self.wake = wake
  }

  /// Queues `item` and wakes the lane.
  public func post(_ item: Item) {
    items.withLock { $0.append(item) }
    wake?.signal()
  }

  /// Everything posted since the last call, oldest first.
  public func take() -> [Item] {
    items.withLock { items in
      defer { items = [] }
      return items
    }
  }
}
