import MQTT

/// Turns a stop (an async wait that returns when one is asked for, such as `lane`'s stop
/// signals) into the cancellation the centre link's loops stop by.
enum StopTrigger {
  /// Runs `body` until it returns, or cancels it once `stop` returns and waits for it to end.
  static func run(
    until stop: @escaping @Sendable () async -> Void,
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
    let stopper = Task {
      await stop()
      running.cancel()
    }
    let ended = await withTaskCancellationHandler {
      await running.value
    } onCancel: {
      running.cancel()
    }
    // Ends the wait for a stop when the body ended by itself.
    stopper.cancel()
    try ended.get()
  }
}
