import ArgumentParser
import LaneRuntime
import LaneBridge
import LaneCLI

extension Lane {
  /// `lane session end|start`: ends a lane's session, or starts one for bowlers, on a
  /// running or stopped lane.
  struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "session",
      abstract: "End the lane's session, or start one for named bowlers.",
      discussion: """
        end closes the open session: it is kept as JOURNAL.sessions/<session id>.journal \
        and the lane opens a new one with one unnamed bowler. start --bowlers "Ana,Ben" \
        opens a session for them; it is refused while the open session has deliveries (end \
        it first). A running lane does it itself, asked over its control socket; otherwise \
        this command does; a running lane has 10 s to answer. See docs/operations.md.
        """ + ExitStatus.help(.dataError, .noInput, .unavailable, .ioError, .temporaryFailure, .protocolError)
    )

    @Option(help: "The lane's journal, as given to lane run --journal.")
    var journal: String

    @Option(help: "Who ends or starts the session, for the journal.")
    var by = "operator"

    @Option(help: "For start: the bowlers in bowling order, separated by commas (\"Ana,Ben\").")
    var bowlers: String?

    @Argument(help: "end or start.")
    var action: SessionAction

    func validate() throws { try action.validate(bowlers: bowlers, by: by) }

    func run() async throws {
      let done = try await JournalRequest.changeSession(
        action.request(bowlers: bowlers), by: by, journal: journal, logger: Report.logger)
      var output = StandardOutput()
      print(done, to: &output)
    }
  }
}
