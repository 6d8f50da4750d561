import ArgumentParser
import LaneBridge
import LaneCLI
import LaneOptions

extension Lane.Desk {
  /// `lane desk show LANE`: one lane's detail board, read-only.
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one lane's detail board from the centre's broker.",
      discussion: """
        The lane's status, faults and every bowler's game as the lane's console shows it, \
        redrawn in place. It only reads (it asks the lane to publish its session again from \
        seq 1, like lane display) and never acknowledges, so it runs beside the desk. SIGINT, \
        SIGTERM or SIGHUP stops it.
        """ + ExitStatus.help(.usage, .noInput, .unavailable, .noPermission, .badConfiguration)
    )

    @OptionGroup var connection: BrokerOptions

    @Argument(help: "The lane's name on the broker.")
    var lane: String

    func validate() throws {
      try connection.require()
      try validated(try OptionValues.lane(lane, option: "LANE"))
    }

    func run() async throws {
      try await DeskCommand.show(
        try validated(try OptionValues.lane(lane, option: "LANE")), settings: try connection.requiredSettings())
    }
  }
}
