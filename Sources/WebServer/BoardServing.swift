import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// A web server of boards that ``BoardServerService`` runs: the read-only ``BoardServer``
/// or the signed-in ``DeskServer``.
public protocol BoardServing: Sendable {
  /// The boards it serves, closed when it stops so their pages' streams end.
  var hub: BoardHub { get }
  var address: HTTPAddress { get }
  /// A league night's boards it serves, closed when it stops, if any.
  var league: LeagueHub? { get }
  /// `http`, or `https` when it serves over TLS.
  var scheme: String { get }

  /// The server as a service that serves once run, until its graceful shutdown.
  ///
  /// - Parameters:
  ///   - logger: Where the server's own warnings go.
  ///   - onRunning: Called once the server listens, with the port it got.
  func application(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void) -> any Service
}

extension BoardServing {
  public var scheme: String { "http" }

  /// The address a browser opens when the server listens on `port`.
  public func url(port: Int) -> String {
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    return "\(scheme)://\(host):\(port)"
  }

  /// `router` served on ``address`` by `server` (HTTP/1.1, or over TLS) as a service that
  /// serves once run, until its graceful shutdown; the server's warnings go to `logger`.
  func application<Context: RequestContext>(
    serving router: Router<Context>, over server: HTTPServerBuilder = .http1(), logger: Logger,
    onRunning: @escaping @Sendable (Int) async -> Void
  ) -> any Service where Context.Source == ApplicationRequestContextSource {
    var logger = logger
    logger.logLevel = .warning
    return Application(
      router: router, server: server,
      configuration: .init(address: .hostname(address.host, port: address.port), serverName: "lane"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }
}
