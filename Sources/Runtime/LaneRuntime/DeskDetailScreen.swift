import Centre
import Foundation
import Synchronization
import WebBoard

/// `lane desk show`'s screen: one lane's detail board between the link's handlers and the
/// drawing task, drawn after a change and every second for the last throw's age.
public final class DeskDetailScreen: Sendable {
  private struct State {
    var detail: DeskDetail
    var changed = true
    var drawnAt = 0.0
  }

  private let state: Mutex<State>
  private let write: @Sendable (String) -> Void

  /// - Parameter write: Shows a drawn screen (it starts with the terminal's codes to
  ///   redraw in place).
  public init(lane: LaneID, write: @escaping @Sendable (String) -> Void) {
    state = Mutex(State(detail: DeskDetail(lane: lane)))
    self.write = write
  }

  private static var now: Double { Date().timeIntervalSince1970 * 1000 }

  @Sendable public func take(_ event: Payload.Event) {
    state.withLock { state in
      state.detail.receive(event, arrivedAt: Self.now)
      state.changed = true
    }
  }

  @Sendable public func take(_ status: Payload.Status) {
    state.withLock { state in
      state.detail.receive(status)
      state.changed = true
    }
  }

  /// Draws the board when it changed or its last drawing is a second old.
  public func draw() {
    let now = Self.now
    let screen: String? = state.withLock { state in
      guard state.changed || now - state.drawnAt >= 1000 else { return nil }
      (state.changed, state.drawnAt) = (false, now)
      return state.detail.render(now: now)
    }
    if let screen { write(screen) }
  }
}
