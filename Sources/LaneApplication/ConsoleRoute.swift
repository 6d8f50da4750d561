import LaneBridge
import Synchronization

/// Where the operator's console lines go on a pair that goes from open play to a league
/// night and back: one thread reads the terminal (``ConsoleInput/forward(_:)``) for the
/// whole run, and each way of playing points the route at its own inboxes in turn. Two
/// readers of one terminal would each take half its lines.
public final class ConsoleRoute: Sendable {
  private let target = Mutex<(@Sendable (String) -> Void)?>(nil)

  private init() {}

  /// A route fed by the terminal's lines from now on; lines typed before it points
  /// anywhere are dropped.
  public static func reading() -> ConsoleRoute {
    let route = ConsoleRoute()
    ConsoleInput.forward { line in route.target.withLock { $0 }?(line) }
    return route
  }

  /// Hands each line from now on to `take`.
  public func send(_ take: @escaping @Sendable (String) -> Void) {
    target.withLock { $0 = take }
  }

  /// Posts each line from now on to `inbox`.
  public func send(to inbox: LaneInbox) {
    send { inbox.post(.console($0)) }
  }
}
