import Foundation
import Synchronization

/// The desk's password checks, bounded: bcrypt takes a quarter of a second or more of a
/// core, so at most `width` run at once, each on a thread of its own (never one of the
/// cooperative threads the server needs), and at most `queue` more wait their turn without
/// a thread. A sign-in beyond that is answered 503 at once: a flood of sign-ins cannot take
/// every core, nor queue work without end.
final class PasswordChecks: Sendable {
  /// Checks run at once: twice the cores, by default.
  let width: Int
  /// Checks that may wait beyond those running.
  let queue: Int

  private struct State {
    /// Reserved: running, waiting, or about to ask for their turn.
    var admitted = 0
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  init(width: Int = ProcessInfo.processInfo.activeProcessorCount * 2, queue: Int? = nil) {
    precondition(width > 0, "at least one check at a time")
    self.width = width
    self.queue = queue ?? width * 8
  }

  /// Reserves a place for one check; `false` when `width` run and `queue` wait. A place
  /// reserved is given back by ``run(_:)`` or ``release()``.
  func reserve() -> Bool {
    state.withLock { state in
      guard state.admitted < width + queue else { return false }
      state.admitted += 1
      return true
    }
  }

  /// Gives back a place reserved for a check that will not run.
  func release() {
    state.withLock { $0.admitted -= 1 }
  }

  /// Runs `check` in a reserved place once its turn comes, on a thread of its own.
  func run(_ check: @escaping @Sendable () -> Bool) async -> Bool {
    await turn()
    let matches = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: check()) }.start()
    }
    // The place goes to the first waiting, who runs in it; else it is free.
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.admitted -= 1
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
    return matches
  }

  /// Waits until fewer than `width` checks run, and counts this one as running.
  private func turn() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state -> Bool in
        guard state.running < width else {
          state.waiting.append(continuation)
          return false
        }
        state.running += 1
        return true
      }
      if now { continuation.resume() }
    }
  }

  /// How many checks run and wait, for tests.
  var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }
}
