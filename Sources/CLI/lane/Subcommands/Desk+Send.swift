import ArgumentParser
import LaneBridge
import LaneCLI
import LaneOptions

extension Lane.Desk {
  /// `lane desk send LANE ACTION [VALUE]`: one request to a lane, and its reply.
  struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Send one lane a correction or a change of session, and print its reply.",
      discussion: """
        correct pins:1,2,4|foul|no-foul|dead-ball|undo corrects the lane's last throw; \
        end-session ends its session (the next opens with one unnamed bowler); \
        start-session "Ana,Ben" starts one for these bowlers, which the lane refuses while \
        its session has deliveries (end it first); league "move 12 to Ana" --why "bowled \
        out of turn" corrects the league night a pair bowls (either lane of the pair; the \
        commands are in docs/league.md); start-league NIGHT.toml starts that league night on \
        the pair in open play the lane is one of, which ends both lanes' sessions and is \
        refused while either has deliveries (end-session on a night started so ends it). \
        The lane journals the request with its id (author \
        desk/ID) and answers a repeated id from the journal.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .unavailable, .noPermission, .badConfiguration)
    )

    @OptionGroup var connection: BrokerOptions

    @Argument(help: "The lane's name on the broker.")
    var lane: String

    @Argument(help: "correct, end-session, start-session, league or start-league.")
    var action: DeskRequestArguments.Action

    @Argument(
      help: """
        For correct: pins:1,2,4, foul, no-foul, dead-ball or undo; for start-session: the bowlers, \
        "Ana,Ben"; for league: the league command, "move 12 to Ana"; for start-league: the night \
        file.
        """)
    var value: String?

    @Option(help: "Why, for league: kept in the night's journal with the correction.")
    var why: String?

    @Option(
      name: .customLong("request-id"),
      help: "The request's id, 1-64 of a-z A-Z 0-9 - _ (default: a new one); a lane runs an id once.")
    var requestID: String?

    private func request(night: String? = nil) -> DeskRequestArguments {
      DeskRequestArguments(action: action, value: value, requestID: requestID, why: why, night: night)
    }

    func validate() throws {
      try connection.require()
      try validated(try OptionValues.lane(lane, option: "LANE"))
      // A night file is read and checked when run, where its exit statuses are a file's.
      guard action == .startLeague, value != nil, why == nil else { return _ = try request().command() }
    }

    func run() async throws {
      let night = action == .startLeague ? try value.map(DeskRequestArguments.night(at:)) : nil
      try await DeskCommand.send(
        try request(night: night).command(), to: try validated(try OptionValues.lane(lane, option: "LANE")),
        settings: try connection.requiredSettings())
    }
  }
}
