import Synchronization

/// What reaches a running lane from outside its sensor, queued by the threads that wait for
/// it (the console, the control socket) and taken by the lane's loop between readings.
///
/// Posting calls the lane's wake-up (a GPIO sensor's wake event), so a sensor blocked in the
/// kernel returns at once: the lane needs no periodic wake-up to notice a console key or a
/// correction.
public final class LaneInbox: Sendable {
  /// One thing to do.
  public enum Item: Sendable {
    /// A line the operator typed on the console (``ConsoleCommand``).
    case console(String)
    /// A correction from the control socket, and where its reply goes.
    case request(ControlRequest, reply: @Sendable (ControlReply) -> Void)
  }

  private let items = Mutex<[Item]>([])
  /// Called on every post; does nothing when the lane does not block (a paced or unpaced
  /// replay).
  private let wake: @Sendable () -> Void

  /// - Parameter wake: Ends the lane's wait for its sensor, e.g. `{ event.signal() }`.
  public init(wake: @escaping @Sendable () -> Void = {}) {
    self.wake = wake
  }

  /// Queues `item` and wakes the lane.
  public func post(_ item: Item) {
    items.withLock { $0.append(item) }
    wake()
  }

  /// Everything posted since the last call, oldest first.
  public func take() -> [Item] {
    items.withLock { items in
      defer { items = [] }
      return items
    }
  }
}
