import UnixSignals

/// How a command that serves nothing runs: its one loop, without a group of services.
extension Lifecycle {
  /// Runs `body`, a command with nothing to serve or link beside its one loop (a replay
  /// without a journal, broker, boards or console), stopped by the signals a group takes
  /// (``stopSignals``), from the start: the first asks `stop`, a second ends the process at
  /// once, as in a group (``SecondSignal``).
  ///
  /// No group, no task per service, no channel between them: what the command does not
  /// run costs it nothing (docs/performance.md, "Memory").
  ///
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw.
  public static func alone<Value: Sendable>(
    stop: StopRequest, _ body: @Sendable () async throws -> Value
  ) async throws -> Value {
    let signals = await UnixSignalsSequence(trapping: stopSignals)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        var caught = 0
        for await signal in signals {
          caught += 1
          if caught == 1 { stop.request() } else { endAtOnce(by: signal) }
        }
      }
      // The signals' task ends once cancelled: their sequence ends with its task.
      defer { group.cancelAll() }
      return try await body()
    }
  }
}
