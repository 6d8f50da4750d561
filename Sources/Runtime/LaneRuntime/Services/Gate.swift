import Synchronization

/// A one-time start signal between services: the lane's loop waits until its boards listen,
/// so that a page is never missing a throw and an address that cannot be bound starts no
/// loop.
///
/// A waiter cancelled before the gate opens returns at once; it checks its task's
/// cancellation itself.
public final class Gate: Sendable {
  private enum State {
    case closed([Int: CheckedContinuation<Void, Never>], next: Int)
    case open
  }

  private let state = Mutex(State.closed([:], next: 0))

  public init() {}

  /// Opens the gate: every waiter, now and later, goes on.
  public func open() {
    let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard case .closed(let waiting, _) = state else { return [] }
      state = .open
      return Array(waiting.values)
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Returns once the gate is open, or the calling task is cancelled.
  public func wait() async {
    let id = state.withLock { state -> Int? in
      guard case .closed(let waiting, let next) = state else { return nil }
      state = .closed(waiting, next: next + 1)
      return next
    }
    guard let id else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        // Under the lock, so a cancellation is seen either here or by the handler below.
        let resumeNow = state.withLock { state -> Bool in
          guard case .closed(var waiting, let next) = state, !Task.isCancelled else { return true }
          waiting[id] = continuation
          state = .closed(waiting, next: next)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard case .closed(var waiting, let next) = state else { return nil }
        let waiter = waiting.removeValue(forKey: id)
        state = .closed(waiting, next: next)
        return waiter
      }
      waiter?.resume()
    }
  }
}
