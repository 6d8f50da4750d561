import ArgumentParser
import CentreLink
import LaneApplication
import LaneBridge
import LaneCommandLine
import LaneOptions
import MQTT

extension Lane.Desk {
  /// `lane desk [serve]`: every lane's events exactly once, acknowledged.
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show every lane of the centre from its MQTT broker (the front desk).",
      discussion: """
        Subscribes to every lane's events, status and board; takes each journal record once, \
        in seq order per lane, asks a lane to publish again when a seq is missing, and \
        acknowledges what it has (retained, so a restarted desk carries on where it was). \
        On a terminal one line per lane is redrawn in place; with --json one JSON object \
        per event. SIGINT, SIGTERM or SIGHUP stops it. The old spellings --lane ID \
        (now lane desk show ID) and --lane ID with --correct, --end-session or \
        --start-session (now lane desk send ID ...) still work, with a warning.
        """ + ExitStatus.help(.usage, .noInput, .unavailable, .noPermission, .badConfiguration)
    )

    @OptionGroup var connection: BrokerClientOptions

    @Flag(help: "Print one JSON object per event received, exactly once, in seq order per lane.")
    var json = false

    @OptionGroup var deprecated: DeprecatedDeskOptions

    func validate() throws {
      if deprecated.lane != nil && deprecated.request == nil && json {
        throw ValidationError("--lane alone shows that lane's board on the terminal; it and --json do not go together")
      }
      if deprecated.request != nil && json {
        throw ValidationError("a request and --json do not go together")
      }
    }

    func run() async throws {
      let settings = try connection.settings()
      if let lane = deprecated.lane {
        let laneID = try validated(try OptionValues.lane(lane))
        if let request = deprecated.request {
          Report.line("--lane with --\(request.action.rawValue) is deprecated; use lane desk send \(lane) \(request.spelling)")
          return try await Send.send(try request.command(), to: laneID, settings: settings)
        }
        Report.line("--lane alone is deprecated; use lane desk show \(lane)")
        return try await Show.show(laneID, settings: settings)
      }
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
  }
}

/// `lane desk`'s one-shot spellings before `show` and `send`, kept for a release.
struct DeprecatedDeskOptions: ParsableArguments {
  @Option(help: .hidden) var lane: String?
  @Option(help: .hidden) var correct: String?
  @Flag(name: .customLong("end-session"), help: .hidden) var endSession = false
  @Option(name: .customLong("start-session"), help: .hidden) var startSession: String?
  @Option(name: .customLong("request-id"), help: .hidden) var requestID: String?

  /// The request the old options ask for, as `lane desk send` takes it.
  var request: Lane.Desk.Send.Request? {
    if let correct { return .init(action: .correct, value: correct, requestID: requestID) }
    if endSession { return .init(action: .endSession, value: nil, requestID: requestID) }
    if let startSession { return .init(action: .startSession, value: startSession, requestID: requestID) }
    return nil
  }

  func validate() throws {
    if [correct != nil, endSession, startSession != nil].filter({ $0 }).count > 1 {
      throw ValidationError("give one of --correct, --end-session and --start-session")
    }
    if requestID != nil && request == nil {
      throw ValidationError("--request-id goes with --correct, --end-session or --start-session")
    }
    if let lane { try validated(try OptionValues.lane(lane)) }
    if let request {
      guard lane != nil else {
        throw ValidationError("a request needs --lane NAME, the lane's name on the broker")
      }
      _ = try request.command()
    }
  }
}
