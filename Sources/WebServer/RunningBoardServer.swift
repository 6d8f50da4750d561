import Foundation
import ServiceLifecycle
import Synchronization

/// A ``BoardServer`` or ``DeskServer`` running on its own task beside the lane loop: started, asked for its
/// port, stopped.
///
/// The blocking ``start(_:)-swift.type.method`` and ``stop()-swift.method`` are for a
/// synchronous caller that is not on Swift's cooperative threads (`lane`'s main thread);
/// async code uses the async overloads, which never block a thread the server needs.
public final class RunningBoardServer: Sendable {
  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    public let address: HTTPAddress
    public let reason: String

    public var description: String {
      "cannot serve the boards on \(address): \(reason); choose another address with --http"
    }
  }

  /// The port the server listens on.
  public let port: Int
  public let address: HTTPAddress
  private let scheme: String
  private let hub: BoardHub
  private let league: LeagueHub?
  private let group: ServiceGroup
  private let task: Task<Void, Never>

  private init(port: Int, server: some BoardServing, group: ServiceGroup, task: Task<Void, Never>) {
    self.port = port
    self.address = server.address
    scheme = server.scheme
    self.hub = server.hub
    league = server.league
    self.group = group
    self.task = task
  }

  /// Starts serving and blocks until the server listens.
  ///
  /// - Throws: ``StartError`` when the address cannot be bound.
  public static func start(_ server: some BoardServing) throws(StartError) -> RunningBoardServer {
    let started = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<Int, StartError>?>(nil)
    let (group, task) = launch(server) { result in
      outcome.withLock { $0 = result }
      started.signal()
    }
    started.wait()
    let port = try outcome.withLock { $0 }!.get()
    return RunningBoardServer(port: port, server: server, group: group, task: task)
  }

  /// Starts serving and waits until the server listens, blocking a thread of its own
  /// rather than one of the cooperative threads the server runs on.
  ///
  /// - Throws: ``StartError`` when the address cannot be bound.
  public static func start(_ server: some BoardServing) async throws(StartError) -> RunningBoardServer {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<RunningBoardServer, StartError>, Never>) in
      Thread {
        do throws(StartError) {
          continuation.resume(returning: .success(try start(server)))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }.start()
    }
    return try result.get()
  }

  /// The boards' address as a browser opens it.
  public var url: String {
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    return "\(scheme)://\(host):\(port)"
  }

  /// Stops serving and blocks until the server has ended: the pages' event streams end
  /// first, so the graceful shutdown has no open request to wait for.
  public func stop() {
    let ended = DispatchSemaphore(value: 0)
    let task = task
    Task.detached {
      await self.stop()
      _ = await task.value
      ended.signal()
    }
    ended.wait()
  }

  /// Stops serving and waits until the server has ended.
  public func stop() async {
    hub.close()
    league?.close()
    await group.triggerGracefulShutdown()
    await task.value
  }

  /// Runs the server's service group on a task of its own; `started` is told once, with
  /// the port or why it could not listen.
  private static func launch(
    _ server: some BoardServing, started: @escaping @Sendable (Result<Int, StartError>) -> Void
  ) -> (ServiceGroup, Task<Void, Never>) {
    let told = Mutex(false)
    let tell: @Sendable (Result<Int, StartError>) -> Void = { result in
      let first = told.withLock { told in
        defer { told = true }
        return !told
      }
      if first { started(result) }
    }
    let group = server.serviceGroup { port in tell(.success(port)) }
    let task = Task.detached {
      do {
        try await group.run()
        tell(.failure(StartError(address: server.address, reason: "the server ended before it listened")))
      } catch {
        tell(.failure(StartError(address: server.address, reason: reason(error))))
      }
    }
    return (group, task)
  }

  private static func reason(_ error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("Address already in use") { return "the address is already in use" }
    if text.contains("Cannot assign requested address") { return "no such address on this machine" }
    return text
  }
}
