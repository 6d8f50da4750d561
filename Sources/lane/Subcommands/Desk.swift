import ArgumentParser
import Centre
import CentreLink
import LaneBridge
import LaneOptions
import MQTT

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
        per event. SIGINT, SIGTERM or SIGHUP stops it (exit 0). Exit status 64 for bad \
        options, 66 when a file cannot be read, 69 when the broker cannot be reached, 77 \
        when it refuses the credentials, 78 when TLS (a missing client certificate included) or \
        the host name fails. With --lane ID \
        and --correct WHAT, --end-session or --start-session NAMES it sends that one request \
        and prints the lane's reply: exit 0 when done, 65 when the lane refused it, 69 \
        without a reply. See docs/centre.md.
        """
    )

    @OptionGroup var connection: BrokerClientOptions

    @Flag(help: "Print one JSON object per event received, exactly once, in seq order per lane.")
    var json = false

    @Option(help: "With --correct, --end-session or --start-session: the lane to send it to.")
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
      if (lane != nil || requestID != nil) && requestsAsked == 0 {
        throw ValidationError("--lane and --request-id go with --correct, --end-session or --start-session")
      }
      if requestsAsked == 1 {
        guard let lane, (try? LaneID(lane)) != nil else {
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
      var warnings = StandardError()
      let id = requestID ?? "desk-" + String(UInt64.random(in: .min ... .max), radix: 36)
      guard let lane, let laneID = try? LaneID(lane), let command = try? self.command(id: id)
      else { throw ExitCode(.usage) }
      let reply: Payload.Reply
      do throws(DeskRequest.Failure) {
        reply = try await DeskRequest(lane: laneID, command: command).send(over: settings)
      } catch {
        print("lane desk: \(error)", to: &warnings)
        if case .broker(let error) = error {
          if case .refused = error.problem { throw ExitCode(.noPermission) }
          throw ExitCode(error.isSettingsProblem ? .badConfiguration : .unavailable)
        }
        throw ExitCode(.unavailable)
      }
      var output = StandardOutput()
      print("\(lane) \(reply.id): \(reply.message)", to: &output)
      if !reply.ok { throw ExitCode(.dataError) }
    }

    func run() async throws {
      var warnings = StandardError()
      let settings = try connection.settings(command: "desk")
      if requestsAsked > 0 { return try await sendRequest(settings: settings) }
      let desk: DeskLink
      do {
        desk = try DeskLink(
          settings: settings, output: json ? .jsonLines : .overview,
          write: { line in
            var output = StandardOutput()
            print(line, to: &output)
          },
          report: { message in
            var warnings = StandardError()
            print("lane desk: \(message)", to: &warnings)
          })
      } catch {
        print("lane desk: \(error)", to: &warnings)
        throw ExitCode(.badConfiguration)
      }
      StopSignal.install()
      do throws(MQTTError) {
        try await desk.run(until: { StopSignal.isRequested })
      } catch {
        print("lane desk: \(error)", to: &warnings)
        if case .refused = error.problem { throw ExitCode(.noPermission) }
        throw ExitCode(error.isSettingsProblem ? .badConfiguration : .unavailable)
      }
    }
  }
}
