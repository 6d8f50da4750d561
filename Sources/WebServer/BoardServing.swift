import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// A web server of boards that ``RunningBoardServer`` runs: the read-only ``BoardServer``
/// or the signed-in ``DeskServer``.
public protocol BoardServing: Sendable {
  /// The boards it serves, closed when it stops so their pages' streams end.
  var hub: BoardHub { get }
  var address: HTTPAddress { get }
  /// A league night's boards it serves, closed when it stops, if any.
  var league: LeagueHub? { get }
  /// `http`, or `https` when it serves over TLS.
  var scheme: String { get }

  /// The server as a service group that serves once run, until its graceful shutdown is
  /// triggered.
  ///
  /// - Parameter onRunning: Called once the server listens, with the port it got.
  func serviceGroup(onRunning: @escaping @Sendable (Int) async -> Void) -> ServiceGroup
}

extension BoardServing {
  public var scheme: String { "http" }

  /// `router` served on ``address`` by `server` (HTTP/1.1, or over TLS) as a service group
  /// that serves once run, until its graceful shutdown is triggered; the server's warnings
  /// go to stderr under `label`.
  func serviceGroup<Context: RequestContext>(
    serving router: Router<Context>, over server: HTTPServerBuilder = .http1(), label: String,
    onRunning: @escaping @Sendable (Int) async -> Void
  ) -> ServiceGroup where Context.Source == ApplicationRequestContextSource {
    var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .warning
    let app = Application(
      router: router, server: server,
      configuration: .init(address: .hostname(address.host, port: address.port), serverName: "lane"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
    return ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
  }
}
