import ArgumentParser
import Centre
import CentreLink
import Foundation
import LaneBridge
import LaneOptions
import MQTT
import Synchronization
import WebBoard

extension Lane {
  /// `lane desk`: the front desk's view of every lane over the centre's broker.
  struct Desk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show every lane of the centre from its MQTT broker (the front desk).",
      discussion: """
        Subscribes to every lane's events, status and board; takes each journal record once, \
        in seq order per lane, asks a lane to publish again when a seq is missing, and \
        acknowledges what it has (retained, so a restarted desk carries on where it was). \
        On a terminal one line per lane is redrawn in place; with --json one JSON object \
        per event. With --lane ID alone: that lane's detail board (status, faults, every \
        bowler's game as the lane's console shows it), redrawn in place; it only reads (it \
        asks the lane to publish its session again from seq 1, like lane display) and never \
        acknowledges, so it runs beside the desk. SIGINT, SIGTERM or SIGHUP stops it \
        (exit 0). Exit status 64 for bad options, 66 when a file cannot be read, 69 when the \
        broker cannot be reached, 77 when it refuses the credentials, 78 when TLS (a missing \
        client certificate included) or the host name fails. With --lane ID \
        and --correct WHAT, --end-session or --start-session NAMES it sends that one request \
        and prints the lane's reply: exit 0 when done, 65 when the lane refused it, 69 \
        without a reply. See docs/centre.md.
        """
    )

    @OptionGroup var connection: BrokerClientOptions

    @Flag(help: "Print one JSON object per event received, exactly once, in seq order per lane.")
    var json = false

    @Option(help: "The lane to send --correct, --end-session or --start-session to; alone, the lane whose detail board to show.")
    var lane: String?

    @Option(help: """
      Correct the last throw of --lane: pins:1,2,4 (the pins it knocked down), foul, \
      no-foul, dead-ball or undo. Prints the lane's reply.
      """)
    var correct: String?

    @Flag(
      name: .customLong("end-session"),
      help: "End the session of --lane; it opens the next with one unnamed bowler. Prints the lane's reply.")
    var endSession = false

    @Option(
      name: .customLong("start-session"),
      help: """
        Start a session on --lane for these bowlers, separated by commas ("Ana,Ben"); the lane \
        refuses while its session has deliveries (end it first). Prints the lane's reply.
        """)
    var startSession: String?

    @Option(
      name: .customLong("request-id"),
      help: "The request's id, 1-64 of a-z A-Z 0-9 - _ (default: a new one); a lane runs an id once.")
    var requestID: String?

    /// How many requests the options ask to send (at most one is allowed).
    private var requestsAsked: Int {
      [correct != nil, endSession, startSession != nil].filter { $0 }.count
    }

    func validate() throws {
      if requestsAsked > 1 {
        throw ValidationError("give one of --correct, --end-session and --start-session")
      }
      if requestID != nil && requestsAsked == 0 {
        throw ValidationError("--request-id goes with --correct, --end-session or --start-session")
      }
      if let lane, (try? LaneID(lane)) == nil {
        throw ValidationError("--lane: \(lane.debugDescription) is not a lane's name on the broker (1-32 of a-z A-Z 0-9 - _)")
      }
      if lane != nil && requestsAsked == 0 && json {
        throw ValidationError("--lane alone shows that lane's board on the terminal; it and --json do not go together")
      }
      if requestsAsked == 1 {
        guard lane != nil else {
          throw ValidationError("a request needs --lane NAME, the lane's name on the broker")
        }
        if json { throw ValidationError("a request and --json do not go together") }
      }
      if let requestID { try validated(try OptionValues.requestID(requestID)) }
      _ = try command(id: "x")
    }

    /// The request the options ask for with id `id`, if one; checked as the lane checks it.
    ///
    /// - Throws: `ValidationError` saying what is wrong with it.
    private func command(id: String) throws -> Payload.Command? {
      if let correct { return try validated(try OptionValues.deskCorrection(correct, id: id)) }
      let command: Payload.Command
      if endSession {
        command = Payload.Command(id: id, action: .endSession)
      } else if let startSession {
        command = Payload.Command(
          id: id, action: .startSession, bowlers: OptionValues.bowlerNames(startSession))
      } else {
        return nil
      }
      // The lane's own check (names' number, length and characters), before anything is sent.
      do {
        _ = try CentreMessage.decode(
          topic: Topic.commands(try LaneID(lane ?? "x")).name, payload: CentreMessage.encode(command))
      } catch let invalid as CentreMessage.Invalid {
        throw ValidationError("--start-session: \(invalid)")
      }
      return command
    }

    /// Sends the request the options ask for and prints the reply: exit 0 when done, 65 when
    /// the lane refused it, 69 without a reply.
    private func sendRequest(settings: BrokerSettings) async throws {
      let id = requestID ?? "desk-" + String(UInt64.random(in: .min ... .max), radix: 36)
      guard let lane, let laneID = try? LaneID(lane), let command = try? self.command(id: id)
      else { throw LaneFailure(.software, "the options were checked before the request was made") }
      let reply: Payload.Reply
      do throws(DeskRequest.Failure) {
        reply = try await DeskRequest(lane: laneID, command: command).send(over: settings)
      } catch {
        if case .broker(let mqtt) = error { throw LaneFailure(ExitStatus(brokerFailure: mqtt), "\(error)") }
        throw LaneFailure(.unavailable, "\(error)")
      }
      var output = StandardOutput()
      print("\(lane) \(reply.id): \(reply.message)", to: &output)
      // The reply, printed above, says why.
      if !reply.ok { throw LaneFailure(.dataError, "") }
    }

    func run() async throws {
      let settings = try connection.settings()
      if requestsAsked > 0 { return try await sendRequest(settings: settings) }
      if let lane, let laneID = try? LaneID(lane) { return try await showDetail(of: laneID, settings: settings) }
      let desk: DeskLink
      do {
        desk = try DeskLink(
          settings: settings, output: json ? .jsonLines : .overview,
          write: { line in
            var output = StandardOutput()
            print(line, to: &output)
          },
          report: { message in Report.line(message) })
      } catch {
        throw LaneFailure(.badConfiguration, "\(error)")
      }
      StopSignal.install()
      do throws(MQTTError) {
        try await desk.run(until: { StopSignal.isRequested })
      } catch {
        throw LaneFailure(ExitStatus(brokerFailure: error), "\(error)")
      }
    }

    /// Shows `lane`'s detail board, redrawn in place, until a stop signal: a read-only
    /// follower like `lane display` (it never acknowledges, so it runs beside the desk).
    private func showDetail(of lane: LaneID, settings: BrokerSettings) async throws {
      let screen = DetailScreen(lane: lane)
      let report: @Sendable (String) -> Void = { message in Report.line(message) }
      let link: DisplayLink
      do {
        link = try DisplayLink(
          settings: settings, handlers: .init(event: screen.take, status: screen.take, report: report),
          lane: lane)
      } catch {
        throw LaneFailure(.badConfiguration, "\(error)")
      }
      StopSignal.install()
      let drawer = Task {
        while !Task.isCancelled {
          screen.draw()
          try? await Task.sleep(for: .milliseconds(200))
        }
      }
      defer { drawer.cancel() }
      do throws(MQTTError) {
        try await link.run(until: { StopSignal.isRequested })
      } catch {
        throw LaneFailure(ExitStatus(brokerFailure: error), "\(error)")
      }
    }
  }
}

/// The detail board's state between the link's handlers and the drawing task: drawn after
/// a change, and every second for the last throw's age.
private final class DetailScreen: Sendable {
  private struct State {
    var detail: DeskDetail
    var changed = true
    var drawnAt = 0.0
  }

  private let state: Mutex<State>

  init(lane: LaneID) {
    state = Mutex(State(detail: DeskDetail(lane: lane)))
  }

  private static var now: Double { Date().timeIntervalSince1970 * 1000 }

  @Sendable func take(_ event: Payload.Event) {
    state.withLock { state in
      state.detail.receive(event, arrivedAt: Self.now)
      state.changed = true
    }
  }

  @Sendable func take(_ status: Payload.Status) {
    state.withLock { state in
      state.detail.receive(status)
      state.changed = true
    }
  }

  func draw() {
    let now = Self.now
    let screen: String? = state.withLock { state in
      guard state.changed || now - state.drawnAt >= 1000 else { return nil }
      (state.changed, state.drawnAt) = (false, now)
      return state.detail.render(now: now)
    }
    guard let screen else { return }
    var output = StandardOutput()
    print(screen, to: &output)
  }
}
