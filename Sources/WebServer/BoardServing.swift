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
}
