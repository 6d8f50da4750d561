import Centre
import CentreLink
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
  ///   - report: Told where the boards are served, and of the link's warnings.
  /// - Throws: ``LaneFailure``: 78 for settings the link refuses, 69 when the address cannot
  ///   be bound, the broker's failure (``ExitStatus/init(brokerFailure:)``).
  public static func serveBoards(
    settings: BrokerSettings, broker: String, address: HTTPAddress, report: @escaping @Sendable (String) -> Void,
    until stop: @escaping @Sendable () async -> Void
  ) async throws(LaneFailure) {
    let centre = CentreDisplay(hub: BoardHub(), report: report)
    let link: DisplayLink
    do {
      link = try DisplayLink(
        settings: settings, handlers: .init(event: centre.show, status: centre.show, report: report))
    } catch {
      throw LaneFailure(.badConfiguration, "\(error)")
    }
    let server: RunningBoardServer
    do {
      server = try await RunningBoardServer.start(BoardServer(hub: centre.hub, address: address))
    } catch {
      throw LaneFailure(.unavailable, "\(error)")
    }
    report("serving the boards on \(server.url)/ from \(broker)")
    do throws(MQTTError) {
      try await link.run(until: stop)
    } catch {
      await server.stop()
      throw LaneFailure(ExitStatus(brokerFailure: error), "\(error)")
    }
    await server.stop()
  }

  /// Runs the front desk until `stop` returns: every lane's events exactly once, acknowledged,
  /// written by `write` as JSON lines or as the overview.
  ///
  /// - Throws: ``LaneFailure``: 78 for settings the link refuses, the broker's failure.
  public static func runDesk(
    settings: BrokerSettings, output: DeskLink.Output, write: @escaping @Sendable (String) -> Void,
    report: @escaping @Sendable (String) -> Void, until stop: @escaping @Sendable () async -> Void
  ) async throws(LaneFailure) {
    let desk: DeskLink
    do {
      desk = try DeskLink(settings: settings, output: output, write: write, report: report)
    } catch {
      throw LaneFailure(.badConfiguration, "\(error)")
    }
    do throws(MQTTError) {
      try await desk.run(until: stop)
    } catch {
      throw LaneFailure(ExitStatus(brokerFailure: error), "\(error)")
    }
  }

  /// Shows `lane`'s detail board, redrawn in place by `write`, until `stop` returns: a
  /// read-only follower like `lane display` (it never acknowledges, so it runs beside the
  /// desk).
  public static func showDetail(
    of lane: LaneID, settings: BrokerSettings, write: @escaping @Sendable (String) -> Void,
    report: @escaping @Sendable (String) -> Void, until stop: @escaping @Sendable () async -> Void
  ) async throws(LaneFailure) {
    let screen = DeskDetailScreen(lane: lane, write: write)
    let link: DisplayLink
    do {
      link = try DisplayLink(
        settings: settings, handlers: .init(event: screen.take, status: screen.take, report: report),
        lane: lane)
    } catch {
      throw LaneFailure(.badConfiguration, "\(error)")
    }
    let drawer = Task {
      while !Task.isCancelled {
        screen.draw()
        try? await Task.sleep(for: .milliseconds(200))
      }
    }
    defer { drawer.cancel() }
    do throws(MQTTError) {
      try await link.run(until: stop)
    } catch {
      throw LaneFailure(ExitStatus(brokerFailure: error), "\(error)")
    }
  }
}
