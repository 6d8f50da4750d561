import Dispatch
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import WebServer

/// A board server a test starts and stops itself: ``BoardServerService`` in a service group
/// of its own, on a task, its port known once it listens.
///
/// The blocking `start` and `stop` are for the synchronous browser tests, which hold no
/// thread of the cooperative pool while they wait.
final class RunningBoardServer: Sendable {
  struct NotListening: Error, Equatable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  let url: String
  var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }
  private let group: ServiceGroup
  private let task: Task<Void, Never>

  private init(url: String, group: ServiceGroup, task: Task<Void, Never>) {
    self.url = url
    self.group = group
    self.task = task
  }

  /// Starts serving and waits until the server listens.
  static func start(_ server: some BoardServing) async throws -> RunningBoardServer {
    let started = Started()
    let running = launch(server, started)
    return try await withCheckedThrowingContinuation { continuation in
      started.whenTold { continuation.resume(with: $0.map { RunningBoardServer(url: $0, group: running.0, task: running.1) }) }
    }
  }

  /// Starts serving and blocks until the server listens: the wait is for the server's own
  /// threads (NIO's), never for the cooperative pool, which the caller may be holding.
  static func start(_ server: some BoardServing) throws -> RunningBoardServer {
    let started = Started()
    let running = launch(server, started)
    let told = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<String, NotListening>?>(nil)
    started.whenTold { result in
      outcome.withLock { $0 = result }
      told.signal()
    }
    told.wait()
    return RunningBoardServer(url: try outcome.withLock { $0 }!.get(), group: running.0, task: running.1)
  }

  /// Runs `server` in a service group of its own, telling `started` once it listens or ended.
  private static func launch(_ server: some BoardServing, _ started: Started) -> (ServiceGroup, Task<Void, Never>) {
    var logger = Logger(label: "test.boards")
    logger.logLevel = .warning
    let service = BoardServerService(server, logger: logger) { url in started.tell(.success(url)) }
    let group = ServiceGroup(services: [service], logger: logger)
    let task = Task.detached {
      do {
        try await group.run()
        started.tell(.failure(NotListening(reason: "the server ended before it listened")))
      } catch {
        started.tell(.failure(NotListening(reason: "\(error)")))
      }
    }
    return (group, task)
  }

  /// The first word of a starting server: where it listens, or why it does not.
  private final class Started: Sendable {
    private let state = Mutex<(Result<String, NotListening>?, [@Sendable (Result<String, NotListening>) -> Void])>((nil, []))

    func tell(_ result: Result<String, NotListening>) {
      let waiting = state.withLock { state -> [@Sendable (Result<String, NotListening>) -> Void] in
        guard state.0 == nil else { return [] }
        state.0 = result
        defer { state.1 = [] }
        return state.1
      }
      for waiter in waiting { waiter(result) }
    }

    func whenTold(_ waiter: @escaping @Sendable (Result<String, NotListening>) -> Void) {
      let told = state.withLock { state -> Result<String, NotListening>? in
        if state.0 == nil { state.1.append(waiter) }
        return state.0
      }
      if let told { waiter(told) }
    }
  }

  /// Stops serving and waits until the server has ended.
  func stop() async {
    await group.triggerGracefulShutdown()
    await task.value
  }

  /// Stops serving and blocks until the server has ended.
  func stop() {
    let done = DispatchSemaphore(value: 0)
    Task.detached { [self] in
      await stop()
      done.signal()
    }
    done.wait()
  }
}
