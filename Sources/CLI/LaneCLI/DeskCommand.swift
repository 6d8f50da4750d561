import Centre
import CentreLink
import CentreStore
import DeskAccess
import LaneBridge
import LaneOptions
import LaneRuntime
import WebServer

/// `lane desk` and `lane display` as the command line asks for them: the desk's services
/// (``CentreServices``) with its store opened once for the process, one request sent to a
/// lane, one lane's detail board; `lane` only declares the options.
public enum DeskCommand {
  /// What `lane desk [serve]` asks for.
  public struct Serve {
    public var settings: BrokerSettings
    public var json: Bool
    /// `--store`, committed to before each acknowledgement.
    public var store: String?
    /// `--http`, the signed-in page's address, with `users`.
    public var http: String?
    public var users: String?
    public var tlsCert: String?
    public var tlsKey: String?
    public var limits: ServerLimits
    /// `--session-idle`: how long a signed-in session lasts unused, in seconds.
    public var sessionIdle: Double

    public init(
      settings: BrokerSettings, json: Bool, store: String?, http: String?, users: String?, tlsCert: String?,
      tlsKey: String?, limits: ServerLimits, sessionIdle: Double = DeskSessions.defaultIdle
    ) {
      self.settings = settings
      self.json = json
      self.store = store
      self.http = http
      self.users = users
      self.tlsCert = tlsCert
      self.tlsKey = tlsKey
      self.limits = limits
      self.sessionIdle = sessionIdle
    }
  }

  /// Runs the desk until a stop signal, its store checked whole once at the start.
  public static func serve(_ desk: Serve) async throws {
    // Opened once for the process, the whole file checked once here, not at each read.
    let recordStore = try desk.store.map { path throws(LaneFailure) in
      try StoreOpening.open(path, access: .createIfMissing, checkingIntegrity: true)
    }
    // A redraw on a terminal; a line per change in a log (under systemd, to a file).
    let output: DeskLink.Output = desk.json ? .jsonLines : StandardOutput.isTerminal ? .overview : .lines
    var page: CentreServices.DeskPage?
    if let http = desk.http, let users = desk.users {
      var tls: DeskTLS?
      if let tlsCert = desk.tlsCert, let tlsKey = desk.tlsKey {
        tls = try DeskTLS.loading(certificate: tlsCert, key: tlsKey)
      }
      page = CentreServices.DeskPage(
        address: try HTTPAddress(parsing: http, allowPublic: true), users: users, tls: tls, limits: desk.limits,
        sessionIdle: desk.sessionIdle)
    }
    try await CentreServices.runDesk(
      settings: desk.settings, output: output, store: recordStore, page: page, write: printLine, logger: Report.logger)
    // Closing checkpoints the WAL into the file; a desk killed instead leaves it for the next.
    if let recordStore { try StoreOpening.close(recordStore) }
  }

  /// `lane display`: every lane's boards served on `address` until a stop signal, with the
  /// records under /records when `store` is given (opened once, refused now with its status).
  public static func display(
    settings: BrokerSettings, broker: String, address: HTTPAddress, store: String?, limits: ServerLimits
  ) async throws {
    let records = try store.map { path throws(LaneFailure) in try StoreOpening.open(path, access: .existing) }
    try await CentreServices.serveBoards(
      settings: settings, broker: broker, address: address, records: records, limits: limits, logger: Report.logger)
    if let records { try StoreOpening.close(records) }
  }

  /// `lane desk --lane LANE` with an old request option, or alone: what `lane desk send` or
  /// `lane desk show` does now, with a warning naming it.
  public static func deprecated(
    lane: String, request: DeskRequestArguments?, settings: BrokerSettings
  ) async throws {
    let laneID = try validated(try OptionValues.lane(lane))
    if let request {
      Report.line("--lane with --\(request.action.rawValue) is deprecated; use lane desk send \(lane) \(request.spelling)")
      return try await send(try request.command(), to: laneID, settings: settings)
    }
    Report.line("--lane alone is deprecated; use lane desk show \(lane)")
    try await show(laneID, settings: settings)
  }

  /// Sends `command` to `lane` and prints the reply: a failure (65) when the lane refused
  /// it, 69 without a reply.
  public static func send(_ command: Payload.Command, to lane: LaneID, settings: BrokerSettings) async throws {
    let reply: Payload.Reply
    do throws(DeskRequest.Failure) {
      reply = try await DeskRequest(lane: lane, command: command).send(over: settings)
    } catch {
      if case .broker(let mqtt) = error { throw LaneFailure(ExitStatus(brokerFailure: mqtt), "\(error)") }
      throw LaneFailure(.unavailable, "\(error)")
    }
    printLine("\(lane) \(reply.id): \(reply.message)")
    // The reply, printed above, says why.
    if !reply.ok { throw LaneFailure(.dataError, "") }
  }

  /// Shows `lane`'s detail board, redrawn in place, until a stop signal.
  public static func show(_ lane: LaneID, settings: BrokerSettings) async throws {
    try await CentreServices.showDetail(of: lane, settings: settings, write: printLine, logger: Report.logger)
  }

  @Sendable private static func printLine(_ line: String) {
    var output = StandardOutput()
    print(line, to: &output)
  }
}
