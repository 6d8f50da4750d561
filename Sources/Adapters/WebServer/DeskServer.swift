import Centre
import DeskAccess
import Foundation
import HTTPTypes
import Hummingbird
import LaneBridge
import Logging
import ServiceLifecycle
import Synchronization

/// The desk's signed-in web server (`lane desk --http --users`): the clerk's page, its
/// JSON API and the records, behind a sign-in; the overhead boards stay open for kiosks.
///
/// | path | who | what |
/// | --- | --- | --- |
/// | `/lanes/<lane>`, `/api/lanes/<lane>`, `/lanes/<lane>/events` | anyone | a lane's overhead board |
/// | `/assets/<name>` | anyone | the pages' styles and scripts, the same for everyone (``Asset``) |
/// | `GET /login`, `POST /login` | anyone | the sign-in page; `user` and `password` as form fields |
/// | `/` | signed in | the clerk's page: every lane, and what can be done to it |
/// | `GET /api/session` | signed in | `{"user", "role", "csrf"}` |
/// | `POST /logout` | signed in, CSRF | ends the session |
/// | `/api/lanes`, `/events`, `/lanes/<lane>/games`, `/api/lanes/<lane>/games` | signed in | every lane's boards, its stream (ended once the session is), finished games |
/// | `POST /api/lanes/<lane>/commands` | signed in, CSRF, the command's permission | the lane's reply |
/// | `GET /api/faults` | signed in | the acknowledgements of the lanes' current faults |
/// | `POST /api/lanes/<lane>/faults/acknowledge` | signed in, CSRF, faults | `{"fault"}` acknowledged |
/// | `/records`, `/records/sheet`, `/records/bowler` | manager | the desk's store |
/// | `GET /api/leagues/next-night?league=NAME` | signed in, sessions (a clerk) | the league's next night file from the store's roster, for a pair's start-league |
///
/// Every request but GET and HEAD from another site's page (its `Origin`, or `Referer`, not
/// this server's) is refused 403 before any route (``SameSitePosts``).
public struct DeskServer: BoardServing {
  public let hub: BoardHub
  public let address: HTTPAddress
  public let gate: DeskGate
  public let commander: any LaneCommander
  public let records: (any RecordsPages)?
  /// HTTPS, or `nil` for plain HTTP.
  public let tls: DeskTLS?
  public let limits: ServerLimits
  /// Who signed in, what was sent: the desk's own lines for the operator (`part` desk).
  public let logger: Logger
  public var league: LeagueHub? { nil }
  /// The faults the clerks acknowledged, kept while the desk runs (and in its store).
  private let acknowledged: Acknowledged
  public var scheme: String { tls == nil ? "http" : "https" }

  /// - Parameter acknowledgements: Where the acknowledgements of faults are kept across the
  ///   desk's restarts (its store); read here, written at each change.
  public init(
    hub: BoardHub, address: HTTPAddress, gate: DeskGate, commander: any LaneCommander,
    records: (any RecordsPages)? = nil, acknowledgements: (any AcknowledgementKeeping)? = nil,
    tls: DeskTLS? = nil, limits: ServerLimits = ServerLimits(), logger: Logger
  ) {
    var logger = logger
    logger[metadataKey: LogKey.part] = "desk"
    acknowledged = Acknowledged(keeper: acknowledgements, logger: logger)
    self.hub = hub
    self.address = address
    self.gate = gate
    self.commander = commander
    self.records = records
    self.tls = tls
    self.limits = limits
    self.logger = logger
  }

  /// The largest body the desk reads: a sign-in form or a command.
  static let maximumBody = 16 * 1024

  public func application(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void) throws -> any Service {
    try application(serving: router(), tls: tls, logger: logger, onRunning: onRunning)
  }


  public func router() -> Router<DeskRequestContext> {
    let router = Router(context: DeskRequestContext.self)
    router.add(middleware: SecurityHeaders(strictTransport: tls != nil))
    router.add(middleware: SameSitePosts(scheme: scheme))
    BoardServer.addOverheadRoutes(to: router, hub: hub, maxStreams: limits.maxStreams)
    BoardServer.addAssetRoutes(to: router)
    router.get("/login") { _, _ in Self.page(DeskPages.signIn(error: nil)) }
    router.post("/login") { request, context in try await self.signIn(request, context) }

    let signedIn = router.group().add(middleware: DeskGuard(gate: gate, permission: nil, logger: logger))
    signedIn.get("/") { _, _ in Self.page(DeskPages.clerk) }
    signedIn.get("/api/session") { _, context in
      guard let (session, user) = context.signedIn else { throw HTTPError(.unauthorized) }
      return try BoardServer.json(SessionReply(user: user.name, role: user.role.rawValue, csrf: session.csrf))
    }
    signedIn.post("/logout") { _, context in
      if let session = context.signedIn?.session { gate.signOut(token: session.token) }
      var response = Response(status: .noContent)
      response.setCookie(cookie(value: "", maxAge: 0))
      return response
    }
    // A stream sends only while its session lasts: signed out, expired, idle or the user
    // removed, it ends at its next update. Its updates are not the clerk's use: a page left
    // open is signed out once idle.
    BoardServer.addCentreRoutes(to: signedIn, hub: hub) { [gate] request in
      let token = request.cookies[DeskGate.cookieName]?.value
      return { (try? token.flatMap { try gate.signedIn(token: $0, using: false) }) != nil }
    }
    signedIn.post("/api/lanes/:lane/commands") { request, context in try await self.command(request, context) }
    signedIn.get("/api/faults") { _, _ in
      try BoardServer.json(acknowledged.update { $0.current { hub.board($0)?.faults } })
    }
    router.group().add(middleware: DeskGuard(gate: gate, permission: .faults, logger: logger))
      .post("/api/lanes/:lane/faults/acknowledge") { request, context in try await self.acknowledge(request, context) }

    if let records {
      let managers = router.group().add(middleware: DeskGuard(gate: gate, permission: .records, logger: logger))
      BoardServer.addRecordsRoutes(to: managers, records: records)
      // The roster's next night, for whoever starts nights on the pairs.
      router.group().add(middleware: DeskGuard(gate: gate, permission: .sessions, logger: logger))
        .get("/api/leagues/next-night") { request, _ in try BoardServer.roster(request, records: records) }
    }
    return router
  }

  /// `GET /api/session`'s answer.
  struct SessionReply: Encodable {
    var user: String
    var role: String
    var csrf: String
  }

  /// `POST /login`: 303 to the clerk's page with the session cookie; 401 with the sign-in
  /// page again; 429 once sign-ins are refused for a while; 503 when too many are being
  /// checked at once.
  private func signIn(_ request: Request, _ context: DeskRequestContext) async throws -> Response {
    let body = try await request.body.collect(upTo: Self.maximumBody)
    let fields = FormFields(String(buffer: body))
    let name = fields["user"] ?? ""
    let outcome: DeskGate.SignIn
    do {
      outcome = try await gate.signIn(name: name, password: fields["password"] ?? "", from: context.client)
    } catch {
      logger.notice("cannot check a sign-in: \(error)")
      throw HTTPError(.serviceUnavailable, message: "The desk's users file cannot be read; the desk's operator is told why.\n")
    }
    switch outcome {
    case .signedIn(let session):
      logger.notice("\(name) signed in from \(context.clientAddress)")
      var response = Response(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"])
      response.setCookie(cookie(value: session.token, maxAge: Int(DeskSessions.lifetime)))
      return response
    case .wrong:
      // A name typed at the form is not echoed to the operator unless it could be a user's:
      // it may hold a terminal's escape sequences.
      let who = DeskUser.problem(withName: name) == nil ? "'\(name)'" : "a name that cannot be a user's"
      logger.notice("a wrong password for \(who) from \(context.clientAddress)")
      return Self.page(DeskPages.signIn(error: "Wrong name or password."), status: .unauthorized)
    case .refused(let retryAfter):
      let minutes = Int((retryAfter / 60).rounded(.up))
      var response = Self.page(
        DeskPages.signIn(error: "Too many failed sign-ins: try again in \(minutes) minute\(minutes == 1 ? "" : "s")."),
        status: .tooManyRequests)
      response.headers[.retryAfter] = String(Int(retryAfter.rounded(.up)))
      return response
    case .busy:
      logger.notice("a sign-in refused from \(context.clientAddress): \(gate.checking)")
      var response = Self.page(
        DeskPages.signIn(error: "The desk is checking too many sign-ins: try again in a moment."),
        status: .serviceUnavailable)
      response.headers[.retryAfter] = "1"
      return response
    }
  }

  /// `POST /api/lanes/<lane>/commands`: the command checked as a lane checks it, in the
  /// signed-in user's name, sent, and the lane's reply.
  private func command(_ request: Request, _ context: DeskRequestContext) async throws -> Response {
    let user = try context.user()
    let laneName = try context.parameters.require("lane")
    guard hub.board(laneName) != nil, let lane = try? LaneID(laneName) else {
      throw HTTPError(.notFound, message: "No lane \"\(laneName)\" at the desk; / lists the lanes.\n")
    }
    // A start-league carries a night file: the commands topic's limit.
    let body = try await request.body.collect(upTo: CentreMessage.sizeLimit(for: .commands(lane)))
    let command: Payload.Command
    do {
      command = try DeskCommandBody.command(from: Array(buffer: body), user: user.name, lane: lane)
    } catch {
      throw HTTPError(.badRequest, message: "\(error)\n")
    }
    guard let permission = DeskRole.Permission(for: command) else {
      throw HTTPError(.forbidden, message: "A \(command.action.rawValue) is the desk's own, never a user's.\n")
    }
    guard user.role.may(permission) else {
      throw HTTPError(.forbidden, message: "\(user.name) is a \(user.role.rawValue); \(permission.rawValue) need a manager.\n")
    }
    switch await commander.send(command, to: lane) {
    case .replied(let reply):
      logger.notice("\(user.name) sent \(lane) \(command.action.rawValue) \(command.id): \(reply.ok ? "done" : "refused"): \(reply.message)")
      return try BoardServer.json(reply)
    case .noReply(let why):
      throw HTTPError(.gatewayTimeout, message: "\(why)\n")
    case .brokerFailed(let why):
      throw HTTPError(.badGateway, message: "\(why)\n")
    }
  }

  /// `POST /api/lanes/<lane>/faults/acknowledge` with `{"fault": TEXT}`: the fault, one of
  /// the lane's current ones, acknowledged as the signed-in user's (or as whoever did first).
  private func acknowledge(_ request: Request, _ context: DeskRequestContext) async throws -> Response {
    let user = try context.user()
    let laneName = try context.parameters.require("lane")
    guard let board = hub.board(laneName) else {
      throw HTTPError(.notFound, message: "No lane \"\(laneName)\" at the desk; / lists the lanes.\n")
    }
    let body = try await request.body.collect(upTo: Self.maximumBody)
    struct Body: Decodable { var fault: String }
    guard let fault = try? JSONDecoder().decode(Body.self, from: Data(buffer: body)).fault else {
      throw HTTPError(.badRequest, message: "Send {\"fault\": TEXT}, the fault as the lane reports it.\n")
    }
    let at = ISO8601DateFormatter().string(from: Date())
    let done = acknowledged.update {
      $0.acknowledge(fault, of: laneName, current: board.faults, by: user.name, at: at)
    }
    guard let done else {
      throw HTTPError(.conflict, message: "Lane \(laneName) does not report that fault now.\n")
    }
    logger.notice("\(user.name) acknowledged lane \(laneName)'s fault: \(fault)")
    return try BoardServer.json(done)
  }

  /// The session cookie: not readable by scripts, never sent from another site, `Secure`
  /// over HTTPS, ending with the session.
  private func cookie(value: String, maxAge: Int) -> Cookie {
    Cookie(
      name: DeskGate.cookieName, value: value, maxAge: maxAge, path: "/", secure: tls != nil, httpOnly: true,
      sameSite: .strict)
  }

  /// The sign-in page: never kept by the browser, as no signed-in page is (``DeskGuard``).
  private static func page(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
    var response = BoardServer.html(html)
    response.status = status
    response.headers[.cacheControl] = "no-store"
    return response
  }
}

/// Where the desk keeps the faults its clerks acknowledged, across its restarts: its store.
public protocol AcknowledgementKeeping: Sendable {
  /// The acknowledgements kept.
  func load() throws -> [FaultAcknowledgement]
  /// Keeps `all` as the whole set, replacing what was kept.
  func keep(_ all: [FaultAcknowledgement]) throws
}

/// The faults the clerks acknowledged, shared by the server's requests, and kept by the
/// keeper (when there is one) after each change.
private final class Acknowledged: Sendable {
  private let state: Mutex<FaultAcknowledgements>
  private let keeper: (any AcknowledgementKeeping)?
  private let logger: Logger

  init(keeper: (any AcknowledgementKeeping)?, logger: Logger) {
    var kept = FaultAcknowledgements()
    do {
      kept = FaultAcknowledgements(try keeper?.load() ?? [])
    } catch {
      logger.notice("the faults acknowledged before cannot be read, so none is shown acknowledged: \(error)")
    }
    state = Mutex(kept)
    self.keeper = keeper
    self.logger = logger
  }

  /// Runs `change` on the acknowledgements and, when they changed, keeps them (in the lock,
  /// so the last change is the one kept). A keeper that fails is reported; the change holds
  /// while the desk runs.
  func update<Result: Sendable>(_ change: (inout FaultAcknowledgements) -> Result) -> Result {
    state.withLock { acknowledgements in
      let before = acknowledgements
      let result = change(&acknowledgements)
      if let keeper, acknowledgements != before {
        do {
          try keeper.keep(acknowledgements.all)
        } catch {
          logger.notice("an acknowledgement of a fault is kept only while the desk runs: \(error)")
        }
      }
      return result
    }
  }
}
