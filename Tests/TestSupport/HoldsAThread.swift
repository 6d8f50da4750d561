import Testing

/// A trait for tests that block the thread they run on (a synchronous test waiting for a
/// browser's page, a child's exit, a socket's answer): at most one such test runs at a time.
///
/// Every test's steps share Swift's cooperative pool, one thread per core: two here. Two
/// synchronous tests blocked at once would hold both, and every other test's `eventually`,
/// every in-process server's answer and every broker client's reply would wait until one
/// of them ends. Taking turns, blocking tests always leave the other thread to the rest;
/// a test waits for its turn suspended, holding no thread.
public struct HoldsAThread: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope, around its tests: each of them takes its turn itself.
    guard testCase != nil else { return try await function() }
    await Self.turns.take()
    do {
      try await function()
    } catch {
      await Self.turns.give()
      throw error
    }
    await Self.turns.give()
  }

  private static let turns = Turns()

  /// One turn, handed to the waiting tests in the order they asked.
  private actor Turns {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
      guard taken else {
        taken = true
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
      if waiting.isEmpty {
        taken = false
      } else {
        waiting.removeFirst().resume()
      }
    }
  }
}

extension Trait where Self == HoldsAThread {
  /// The test blocks its thread: it takes turns with the others that do (``HoldsAThread``).
  public static var holdsAThread: Self { HoldsAThread() }
}
