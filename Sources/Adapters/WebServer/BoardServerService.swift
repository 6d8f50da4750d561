import Hummingbird
import Logging
import ServiceLifecycle

/// A web server of boards (``BoardServer``, ``DeskServer``) as a service of its command's
/// group: it listens once run, says where, and serves until its graceful shutdown, which
/// first ends the pages' event streams (their hubs close) so that no open request holds the
/// shutdown up.
public struct BoardServerService: Service {
  /// Why the server could not serve.
  public struct StartError: Error, CustomStringConvertible {
    public let address: HTTPAddress
    public let reason: String

    public var description: String {
      "cannot serve the boards on \(address): \(reason); choose another address with --http"
    }
  }

  public let server: any BoardServing
  private let logger: Logger
  private let listening: @Sendable (_ url: String) async -> Void

  /// - Parameters:
  ///   - logger: Where the server's own warnings go.
  ///   - listening: Called once the server listens, with the address a browser opens.
  public init(
    _ server: any BoardServing, logger: Logger, listening: @escaping @Sendable (_ url: String) async -> Void
  ) {
    self.server = server
    self.logger = logger
    self.listening = listening
  }

  /// Serves until the graceful shutdown.
  ///
  /// - Throws: ``StartError`` when the address cannot be bound, or the server ends before
  ///   its shutdown.
  public func run() async throws {
    let server = server
    let listening = listening
    do {
      let application = try server.application(logger: logger) { port in await listening(server.url(port: port)) }
      try await withGracefulShutdownHandler {
        try await application.run()
      } onGracefulShutdown: {
        server.hub.close()
        server.league?.close()
      }
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw StartError(address: server.address, reason: Self.reason(error))
    }
  }

  private static func reason(_ error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("Address already in use") { return "the address is already in use" }
    if text.contains("Cannot assign requested address") { return "no such address on this machine" }
    return text
  }
}
