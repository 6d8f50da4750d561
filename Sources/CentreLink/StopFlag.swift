import MQTT

/// Turns a stop flag (set by a signal handler, which can do nothing but set it) into the
/// cancellation the centre link's loops stop by: the one place that looks at the flag.
enum StopFlag {
  /// How often the flag is looked at.
  static let interval: Duration = .milliseconds(100)

  /// Runs `body` until it returns, or cancels it once `shouldStop` returns `true` and waits
  /// for it to end.
  static func run(
    until shouldStop: @escaping @Sendable () -> Bool,
    _ body: @escaping @Sendable () async throws(MQTTError) -> Void
  ) async throws(MQTTError) {
    let running = Task { () async -> Result<Void, MQTTError> in
      do throws(MQTTError) {
        try await body()
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    let watcher = Task {
      while !shouldStop() {
        guard (try? await Task.sleep(for: interval)) != nil else { return }
      }
      running.cancel()
    }
    defer { watcher.cancel() }
    let ended = await withTaskCancellationHandler {
      await running.value
    } onCancel: {
      running.cancel()
    }
    try ended.get()
  }
}
