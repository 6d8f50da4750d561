import ArgumentParser
import LaneBridge
import LaneCLI
import LaneOptions
import WebServer

extension Lane {
  /// `lane display`: the web boards of every lane of the centre, from its MQTT broker.
  struct Display: AsyncParsableCommand, LoggingCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve every lane's web boards from the centre's MQTT broker (overhead screens, desk).",
      discussion: """
        Subscribes to every lane's events and status like lane desk (each journal record \
        once, in seq order per lane, a resend asked for when a seq is missing) and serves \
        / (the desk: every lane's status, bowlers, frame, score and faults), \
        /lanes/LANE (its overhead board) and /lanes/LANE/games; with --store, the \
        centre's records under /records. A display that starts \
        mid-session asks each lane to publish its session again from seq 1. It never \
        acknowledges: that is the desk's. Give it a display's broker credentials \
        (deploy/centre/add-user.sh PASSWORDS ACL display NAME FILE), not the desk's. \
        SIGINT, SIGTERM or SIGHUP stops it. See docs/display.md.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .unavailable, .ioError, .noPermission, .badConfiguration)
    )

    @OptionGroup var connection: BrokerOptions

    @Option(help: """
      Serve the boards on this address: HOST:PORT, or PORT for 127.0.0.1:PORT (port 0 \
      picks a free one).
      """)
    var http = "127.0.0.1:8080"

    @Flag(help: "Let --http bind an address beyond loopback (the pages need no login).")
    var httpPublic = false

    @Option(help: """
      Also serve the desk's store (lane desk --store) under /records: averages, standings, \
      high scores and every scoresheet, read from the store at each page.
      """)
    var store: String?

    @OptionGroup var limits: ServerLimitOptions
    @OptionGroup var logOptions: LogOptions

    func validate() throws {
      try connection.require()
      let address = try HTTPAddress.option(http, allowPublic: httpPublic)
      try validated(
        try OptionValues.checkDisplayRecords(store: store, http: http, loopback: HTTPAddress.isLoopback(address.host)))
    }

    func run() async throws {
      try await DeskCommand.display(
        settings: try connection.requiredSettings(), broker: connection.broker ?? "",
        address: try HTTPAddress.option(http, allowPublic: httpPublic), store: store, limits: try limits.checkedLimits())
    }
  }
}
