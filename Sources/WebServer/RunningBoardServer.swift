import Foundation
import ServiceLifecycle
import Synchronization

/// A ``BoardServer`` running on its own task beside a synchronous lane loop: started, asked
/// for its port, stopped.
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
  private let hub: BoardHub
  private let group: ServiceGroup
  private let finished: DispatchSemaphore

  private init(port: Int, server: BoardServer, group: ServiceGroup, finished: DispatchSemaphore) {
    self.port = port
    self.address = server.address
    self.hub = server.hub
    self.group = group
    self.finished = finished
  }

  /// Starts serving and waits until the server listens.
  ///
  /// - Throws: ``StartError`` when the address cannot be bound.
  public static func start(_ server: BoardServer) throws(StartError) -> RunningBoardServer {
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<Int, StartError>?>(nil)
    let group = server.serviceGroup { port in
      outcome.withLock { $0 = .success(port) }
      started.signal()
    }
    Task.detached {
      do {
        try await group.run()
      } catch {
        let failed = outcome.withLock { current -> Bool in
          guard current == nil else { return false }
          current = .failure(StartError(address: server.address, reason: Self.reason(error)))
          return true
        }
        if failed { started.signal() }
      }
      finished.signal()
    }
    started.wait()
    switch outcome.withLock({ $0 }) {
    case .success(let port):
      return RunningBoardServer(port: port, server: server, group: group, finished: finished)
    case .failure(let error):
      throw error
    case nil:
      throw StartError(address: server.address, reason: "the server ended before it listened")
    }
  }

  /// The boards' address as a browser opens it.
  public var url: String {
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    return "http://\(host):\(port)"
  }

  /// Stops serving and waits until the server has ended: the pages' event streams end
  /// first, so the graceful shutdown has no open request to wait for.
  public func stop() {
    hub.close()
    let group = group
    Task.detached { await group.triggerGracefulShutdown() }
    finished.wait()
  }

  private static func reason(_ error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("Address already in use") { return "the address is already in use" }
    if text.contains("Cannot assign requested address") { return "no such address on this machine" }
    return text
  }
}
