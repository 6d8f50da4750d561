import Foundation

/// Whether `condition` becomes true within `limit`, checked every 20 ms.
public func eventually(
  within limit: Duration = .seconds(10), _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return condition()
}

/// Runs blocking work (a child's run, a socket read with a deadline, a browser's page) on a
/// thread of its own, so it never holds one of the cooperative pool's threads (one per core:
/// two here) that every other test's steps and every in-process server need.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
