import Foundation

/// Blocking work (a wait in the kernel for GPIO edges, a read of standard input, an accept on
/// a socket) run on a thread of its own for the async world: the one bridge between them.
///
/// The calling task awaits the work's result without holding a thread of the cooperative
/// pool. Cancelling the task calls `interrupt`, which must make the work return soon (set its
/// stop flag and signal the wake event its wait watches): a thread cannot be cancelled, only
/// asked.
public enum BlockingThread {
  /// Runs `body` on a new thread named `name` and returns what it returns.
  ///
  /// - Parameters:
  ///   - interrupt: Called when the calling task is cancelled, before or while `body` runs.
  ///   - body: The blocking work; it runs to its end even when cancelled, so it must watch
  ///     what `interrupt` sets.
  /// - Throws: What `body` throws.
  public static func run<Value: Sendable>(
    named name: String, interrupt: @escaping @Sendable () -> Void,
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        let thread = Thread { continuation.resume(with: Result(catching: body)) }
        thread.name = name
        thread.start()
      }
    } onCancel: {
      interrupt()
    }
  }
}
