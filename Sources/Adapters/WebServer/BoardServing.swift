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
  /// How many connections and streams it serves, and how long a client may idle.
  var limits: ServerLimits { get }

  /// The server as a service that serves once run, until its graceful shutdown.
  ///
  /// - Parameters:
  ///   - logger: Where the server's own warnings go.
  ///   - onRunning: Called once the server listens, with the port it got.
  /// - Throws: When its TLS cannot make a server.
  func application(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void) throws -> any Service
}

extension BoardServing {
  public var scheme: String { "http" }

  /// The address a browser opens when the server listens on `port`.
  public func url(port: Int) -> String {
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    return "\(scheme)://\(host):\(port)"
  }

  /// `router` served on ``address`` over HTTP/1.1 (over `tls`, if given) within
  /// ``limits``, as a service that serves once run, until its graceful shutdown; the
  /// server's warnings go to `logger`.
  func application<Context: RequestContext>(
    serving router: Router<Context>, tls: DeskTLS? = nil, logger: Logger,
    onRunning: @escaping @Sendable (Int) async -> Void
  ) throws -> any Service where Context.Source == ApplicationRequestContextSource {
    var logger = logger
    logger.logLevel = .warning
    let http1 = HTTPServerBuilder.http1(configuration: limits.http1(counting: OpenConnections(limit: limits.maxConnections)))
    let server = try tls?.server(over: http1) ?? http1
    return Application(
      router: router, server: server,
      // The kernel's queue of connections not yet accepted as long as the cap, and never
      // shorter than hummingbird's 256: a burst up to the cap waits for its turn, not for a
      // SYN resent a second later.
      configuration: .init(
        address: .hostname(address.host, port: address.port), serverName: "lane",
        backlog: max(limits.maxConnections, 256)),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }
}
