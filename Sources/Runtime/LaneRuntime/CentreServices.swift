import Centre
import CentreLink
import CentreStore
import DeskAccess
import LaneBridge
import Logging
import MQTT
import ServiceLifecycle
import WebServer

/// What `lane desk`, `lane display` and `lane desk show` run over the centre's broker: each a
/// group of services (``Lifecycle``) until a stop, or until a link fails.
public enum CentreServices {
  /// `lane display`: every lane's boards served to browsers on `address`, fed from the
  /// broker.
  ///
  /// - Parameters:
  ///   - broker: The broker's address as the user gave it, for the log.
  ///   - records: The desk's store whose pages are served under `/records`, if any, opened
  ///     once by the command.
  /// - Throws: ``LinkStartError/settingsRefused(_:)`` for settings the link refuses; what a
  ///   service fails with (``RunFailure/service(_:)``): the address that cannot be bound,
  ///   the broker's failure.
  public static func serveBoards(
    settings: BrokerSettings, broker: String, address: HTTPAddress, records: RecordStore? = nil,
    limits: ServerLimits = ServerLimits(), logger: Logger
  ) async throws {
    let centre = CentreDisplay(hub: BoardHub(), logger: logger)
    let link = try made {
      try DisplayLink(settings: settings, handlers: .init(event: centre.show, status: centre.show), logger: logger)
    }
    let server = BoardServer(
      hub: centre.hub, address: address, records: records.map(StoreRecordsPages.init(store:)), limits: limits)
    try await run(
      [
        .init(service: Following(link: link)),
        .init(
          service: BoardServerService(server, logger: logger) { url in
            logger.notice("serving the boards on \(url)/ from \(broker)")
          }),
      ], logger: logger)
  }

  /// `lane desk`: every lane's events exactly once, acknowledged, written by `write` as JSON
  /// lines or as the overview, and kept in `store` first when one is given (`--store`); with
  /// `page`, its signed-in page (``DeskServer``) too: every lane's boards, followed as
  /// `lane display` follows them, and the commands the clerks send from the page, over the
  /// broker in their names.
  ///
  /// - Throws: The users file's ``DeskUsers/Failure``; ``LinkStartError/settingsRefused(_:)``
  ///   for settings the link refuses; what a service fails with (``RunFailure/service(_:)``):
  ///   the address that cannot be bound, the broker's failure.
  public static func runDesk(
    settings: BrokerSettings, output: DeskLink.Output, store: RecordStore?, page: DeskPage?,
    write: @escaping @Sendable (String) -> Void, logger: Logger
  ) async throws {
    let desk = try made {
      try DeskLink(settings: settings, output: output, write: write, logger: logger, store: store)
    }
    var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: Following(link: desk))]
    if let page {
      if try DeskUsers.read(page.users).users.isEmpty {
        logger.notice(
          "the users file \(page.users) has no users yet: add one with lane desk users add NAME --role manager --users \(page.users)"
        )
      }
      if page.tls == nil, !HTTPAddress.isLoopback(page.address.host) {
        logger.warning(
          "the desk's page on \(page.address) is plain HTTP: passwords and session cookies cross the network in clear; give --tls-cert and --tls-key (docs/desk.md)"
        )
      }
      let centre = CentreDisplay(hub: BoardHub(), logger: logger)
      let display = try made {
        try DisplayLink(settings: settings, handlers: .init(event: centre.show, status: centre.show), logger: logger)
      }
      let users = page.users
      let server = DeskServer(
        hub: centre.hub, address: page.address, gate: DeskGate(users: { try DeskUsers.read(users) }, sessionIdle: page.sessionIdle),
        commander: BrokerLaneCommander(settings: settings),
        records: store.map(StoreRecordsPages.init(store:)),
        acknowledgements: store.map(StoreAcknowledgements.init), tls: page.tls, limits: page.limits, logger: logger)
      services += [
        .init(service: Following(link: display)),
        .init(
          service: BoardServerService(server, logger: logger) { url in
            logger.notice("serving the desk on \(url)/ (sign in at \(url)/login)")
          }),
      ]
    }
    try await run(services, logger: logger)
  }

  /// The desk's signed-in page (`--http ADDR --users FILE`).
  public struct DeskPage: Sendable {
    public var address: HTTPAddress
    /// The users file, read now (refused with its status) and at each sign-in.
    public var users: String
    /// HTTPS, or plain HTTP (then only for loopback or a trusted network: the passwords
    /// and cookies cross it in clear, which is logged).
    public var tls: DeskTLS?
    public var limits: ServerLimits
    /// How long a signed-in session lasts unused, in seconds (`--session-idle`).
    public var sessionIdle: Double

    public init(
      address: HTTPAddress, users: String, tls: DeskTLS?, limits: ServerLimits = ServerLimits(),
      sessionIdle: Double = DeskSessions.defaultIdle
    ) {
      self.address = address
      self.users = users
      self.tls = tls
      self.limits = limits
      self.sessionIdle = sessionIdle
    }
  }

  /// `lane desk show`: `lane`'s detail board, redrawn in place by `write`: a read-only
  /// follower like `lane display` (it never acknowledges, so it runs beside the desk).
  ///
  /// - Throws: ``LinkStartError/settingsRefused(_:)`` for settings the link refuses; the
  ///   broker's failure (``RunFailure/service(_:)``).
  public static func showDetail(
    of lane: LaneID, settings: BrokerSettings, write: @escaping @Sendable (String) -> Void, logger: Logger
  ) async throws {
    let screen = DeskDetailScreen(lane: lane, write: write)
    let link = try made {
      try DisplayLink(
        settings: settings, handlers: .init(event: screen.take, status: screen.take), lane: lane, logger: logger)
    }
    try await run([.init(service: Following(link: link)), .init(service: Drawing(screen: screen))], logger: logger)
  }

  /// Runs `services`; the first failure of one (a link's, the broker's; an address that
  /// cannot be bound) is the command's.
  private static func run(
    _ services: [ServiceGroupConfiguration.ServiceConfiguration], logger: Logger
  ) async throws(RunFailure) {
    do {
      try await Lifecycle.run(services, logger: logger)
    } catch {
      throw .service(error)
    }
  }

  /// A link made from the broker's settings, or the failure: settings the client refuses
  /// are the configuration's.
  private static func made<Link>(_ make: () throws -> Link) throws(LinkStartError) -> Link {
    do { return try make() } catch { throw .settingsRefused(error) }
  }

  /// A desk's or a display's link as a service: it follows the broker until it is stopped,
  /// then goes offline; it fails when the broker cannot be reached or refuses it.
  private struct Following: Service {
    let link: any FollowingLink

    func run() async throws {
      try await link.run(until: { try? await gracefulShutdown() })
    }
  }

  /// `lane desk show`'s drawing: the board after a change, and every second for the last
  /// throw's age, until stopped.
  private struct Drawing: Service {
    let screen: DeskDetailScreen

    func run() async {
      while (try? await Task.sleep(for: .milliseconds(200))) != nil, !Task.isShuttingDownGracefully {
        screen.draw()
      }
    }
  }
}

/// A link that follows the broker until told to stop: the desk's and the displays'.
protocol FollowingLink: Sendable {
  func run(until stop: @escaping @Sendable () async -> Void) async throws(MQTTError)
}

extension DeskLink: FollowingLink {}
extension DisplayLink: FollowingLink {}
