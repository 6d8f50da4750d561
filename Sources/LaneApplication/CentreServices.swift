import Centre
import CentreLink
import CentreStore
import LaneBridge
import MQTT
import WebServer

/// What `lane display` and `lane desk show` run over the centre's broker until stopped.
public enum CentreServices {
  /// Serves every lane's boards to browsers on `address`, fed from the broker, until
  /// `stop` returns.
  ///
  /// - Parameters:
  ///   - broker: The broker's address as the user gave it, for the report.
  ///   - records: The desk's store whose pages are served under `/records`, if any.
  ///   - report: Told where the boards are served, and of the link's warnings.
  /// - Throws: ``LaneFailure``: 78 for settings the link refuses, 69 when the address cannot
  ///   be bound, the broker's failure (``ExitStatus/init(brokerFailure:)``).
  public static func serveBoards(
    settings: BrokerSettings, broker: String, address: HTTPAddress, records: String? = nil,
    report: @escaping @Sendable (String) -> Void, until stop: @escaping @Sendable () async -> Void
  ) async throws(LaneFailure) {
    // The store is refused now, with its own exit status, rather than page by page.
    if let records { try RecordStore.reading(at: records) { try $0.refresh() } }
    let centre = CentreDisplay(hub: BoardHub(), report: report)
    let link = try made {
      try DisplayLink(
        settings: settings, handlers: .init(event: centre.show, status: centre.show, report: report))
    }
    let server: RunningBoardServer
    do {
      server = try await RunningBoardServer.start(
        BoardServer(hub: centre.hub, address: address, records: records.map(StoreRecordsPages.init(storeAt:))))
    } catch {
      throw LaneFailure(.unavailable, "\(error)")
    }
    report("serving the boards on \(server.url)/ from \(broker)")
    do {
      try await running { () async throws(MQTTError) in try await link.run(until: stop) }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// Runs the front desk until `stop` returns: every lane's events exactly once, acknowledged,
  /// written by `write` as JSON lines or as the overview, and kept in `store` first when
  /// one is given (`--store`).
  ///
  /// - Throws: ``LaneFailure``: 78 for settings the link refuses, the broker's failure.
  public static func runDesk(
    settings: BrokerSettings, output: DeskLink.Output, store: (any EventStore)? = nil,
    write: @escaping @Sendable (String) -> Void, report: @escaping @Sendable (String) -> Void,
    until stop: @escaping @Sendable () async -> Void
  ) async throws(LaneFailure) {
    let desk = try made {
      try DeskLink(settings: settings, output: output, write: write, report: report, store: store)
    }
    try await running { () async throws(MQTTError) in try await desk.run(until: stop) }
  }

  /// Runs the front desk (``runDesk(settings:output:store:write:report:until:)``) and
  /// serves its signed-in page on `address` (``DeskServer``) until `stop` returns: every
  /// lane's boards, followed as `lane display` follows them, and the commands the clerks
  /// send from the page, over the broker in their names.
  ///
  /// - Parameters:
  ///   - users: The users file, read now (refused with its status) and at each sign-in.
  ///   - storePath: The store's path, for `/records`, when `store` is given.
  ///   - tls: HTTPS, or plain HTTP (then only for loopback or a trusted network: the
  ///     passwords and cookies cross it in clear, which is said on stderr).
  /// - Throws: ``LaneFailure``: the users file's, 69 when the address cannot be bound, 78
  ///   for settings the link refuses, the broker's failure.
  public static func runDeskServer(
    settings: BrokerSettings, output: DeskLink.Output, store: RecordStore?, storePath: String?,
    address: HTTPAddress, users: String, tls: DeskTLS?, write: @escaping @Sendable (String) -> Void,
    report: @escaping @Sendable (String) -> Void, until stop: @escaping @Sendable () async -> Void
  ) async throws(LaneFailure) {
    if try DeskUsers.read(users).users.isEmpty {
      report("the users file \(users) has no users yet: add one with lane desk users add NAME --role manager --users \(users)")
    }
    if tls == nil, !HTTPAddress.isLoopback(address.host) {
      report(
        "warning: the desk's page on \(address) is plain HTTP: passwords and session cookies cross the network"
          + " in clear; give --tls-cert and --tls-key (docs/desk.md)")
    }
    let centre = CentreDisplay(hub: BoardHub(), report: report)
    let display = try made {
      try DisplayLink(settings: settings, handlers: .init(event: centre.show, status: centre.show, report: report))
    }
    let desk = try made {
      try DeskLink(settings: settings, output: output, write: write, report: report, store: store)
    }
    let gate = DeskGate(users: { try DeskUsers.read(users) })
    let server: RunningBoardServer
    do {
      server = try await RunningBoardServer.start(
        DeskServer(
          hub: centre.hub, address: address, gate: gate, commander: BrokerLaneCommander(settings: settings),
          records: store == nil ? nil : storePath.map(StoreRecordsPages.init(storeAt:)),
          acknowledgements: store.map(StoreAcknowledgements.init), tls: tls, report: report))
    } catch {
      throw LaneFailure(.unavailable, "\(error)")
    }
    report("serving the desk on \(server.url)/ (sign in at \(server.url)/login)")
    // Both links until a stop is asked for; the first to fail ends the other.
    let failure = await withTaskGroup(of: MQTTError?.self) { group -> MQTTError? in
      group.addTask { () async -> MQTTError? in
        do throws(MQTTError) { try await display.run(until: stop) } catch { return error }
        return nil
      }
      group.addTask { () async -> MQTTError? in
        do throws(MQTTError) { try await desk.run(until: stop) } catch { return error }
        return nil
      }
      for await outcome in group {
        if let outcome {
          group.cancelAll()
          return outcome
        }
      }
      return nil
    }
    await server.stop()
    if let failure { throw LaneFailure(ExitStatus(brokerFailure: failure), "\(failure)") }
  }

  /// Shows `lane`'s detail board, redrawn in place by `write`, until `stop` returns: a
  /// read-only follower like `lane display` (it never acknowledges, so it runs beside the
  /// desk).
  public static func showDetail(
    of lane: LaneID, settings: BrokerSettings, write: @escaping @Sendable (String) -> Void,
    report: @escaping @Sendable (String) -> Void, until stop: @escaping @Sendable () async -> Void
  ) async throws(LaneFailure) {
    let screen = DeskDetailScreen(lane: lane, write: write)
    let link = try made {
      try DisplayLink(
        settings: settings, handlers: .init(event: screen.take, status: screen.take, report: report),
        lane: lane)
    }
    let drawer = Task {
      while !Task.isCancelled {
        screen.draw()
        try? await Task.sleep(for: .milliseconds(200))
      }
    }
    defer { drawer.cancel() }
    try await running { () async throws(MQTTError) in try await link.run(until: stop) }
  }

  /// A link made from the broker's settings, or the failure: settings the client refuses
  /// are the configuration's (78).
  private static func made<Link>(_ make: () throws -> Link) throws(LaneFailure) -> Link {
    do { return try make() } catch { throw LaneFailure(.badConfiguration, "\(error)") }
  }

  /// Runs a link until it ends; its broker's failure is the command's
  /// (``ExitStatus/init(brokerFailure:)``).
  private static func running(_ run: () async throws(MQTTError) -> Void) async throws(LaneFailure) {
    do { try await run() } catch { throw LaneFailure(ExitStatus(brokerFailure: error), "\(error)") }
  }
}
