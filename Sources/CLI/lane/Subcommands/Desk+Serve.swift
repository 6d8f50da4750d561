import ArgumentParser
import LaneBridge
import LaneCLI
import LaneOptions
import WebServer

extension Lane.Desk {
  /// `lane desk [serve]`: every lane's events exactly once, acknowledged.
  struct Serve: AsyncParsableCommand, LoggingCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show every lane of the centre from its MQTT broker (the front desk).",
      discussion: """
        Subscribes to every lane's events, status and board; takes each journal record once, \
        in seq order per lane, asks a lane to publish again when a seq is missing, and \
        acknowledges what it has (retained, so a restarted desk carries on where it was). \
        On a terminal one line per lane is redrawn in place; otherwise (a log, as under \
        systemd) a lane's line is printed each time it changes; with --json one JSON object \
        per event. With --store FILE each event is committed to the store (SQLite, created \
        when missing) before it is printed and acknowledged, so a desk killed at any moment \
        loses nothing and stores nothing twice; --json then prints an event when it is first \
        stored (lane records reads the store; docs/records.md). With --http ADDR and --users \
        FILE it also serves the desk's page, signed in: every lane at a glance, opening and \
        ending sessions, corrections, the records for managers; the overhead boards stay \
        open to kiosks (docs/desk.md). SIGINT, SIGTERM or SIGHUP \
        stops it. The old spellings --lane ID \
        (now lane desk show ID) and --lane ID with --correct, --end-session or \
        --start-session (now lane desk send ID ...) still work, with a warning.
        """
        + ExitStatus.help(
          .usage, .dataError, .noInput, .unavailable, .cannotCreate, .ioError, .noPermission, .badConfiguration)
    )

    @OptionGroup var connection: BrokerOptions

    @Flag(help: "Print one JSON object per event received, exactly once, in seq order per lane.")
    var json = false

    @Option(help: "Commit every event to this store (SQLite) before acknowledging it; created when missing.")
    var store: String?

    @Option(help: """
      Serve the desk's page on this address, signed in with --users: HOST:PORT, or PORT for \
      127.0.0.1:PORT (port 0 picks a free one).
      """)
    var http: String?

    @Option(help: "The desk's users file (lane desk users add), mode 600 the desk's user's or 640 root:its group: who may sign in at --http.")
    var users: String?

    @Option(help: "Serve --http over HTTPS with this PEM certificate (chain); with --tls-key.")
    var tlsCert: String?

    @Option(help: "The private key of --tls-cert, PEM, not readable by every user.")
    var tlsKey: String?

    @Flag(help: "Let --http beyond loopback be plain HTTP, without --tls-cert: only on a network you trust.")
    var allowPlainHTTP = false

    @OptionGroup var limits: ServerLimitOptions
    @OptionGroup var sessions: DeskSessionOptions
    @OptionGroup var deprecated: DeprecatedDeskOptions
    @OptionGroup var logOptions: LogOptions

    func validate() throws {
      try connection.require()
      try validated(
        try OptionValues.checkDeprecatedDesk(
          lane: deprecated.lane, requests: deprecated.requests, requestID: deprecated.requestID,
          json: json))
      try validated(
        try OptionValues.checkDeskPage(http: http, users: users, lane: deprecated.lane, tlsCert: tlsCert, tlsKey: tlsKey))
      let address = try http.map { http throws(ValidationError) in try HTTPAddress.option(http, allowPublic: true) }
      try validated(
        try OptionValues.checkPlainDeskPage(
          http: http, loopback: address.map { HTTPAddress.isLoopback($0.host) } ?? true, tls: tlsCert != nil,
          allowPlainHTTP: allowPlainHTTP))
    }

    func run() async throws {
      let settings = try connection.requiredSettings()
      if let lane = deprecated.lane {
        return try await DeskCommand.deprecated(lane: lane, request: deprecated.request, settings: settings)
      }
      try await DeskCommand.serve(
        .init(
          settings: settings, json: json, store: store, http: http, users: users, tlsCert: tlsCert, tlsKey: tlsKey,
          limits: try limits.checkedLimits(), sessionIdle: Double(sessions.sessionIdle)))
    }
  }
}
