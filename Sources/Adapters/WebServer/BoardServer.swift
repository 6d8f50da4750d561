import Foundation
import Hummingbird
import Logging
import League
import ServiceLifecycle
import WebBoard

/// The web boards' HTTP server: the overhead board, the desk, the finished games, their
/// JSON and the Server-Sent Events that keep the pages live. Read-only; no login.
///
/// | path | what |
/// | --- | --- |
/// | `/` | the desk: every lane |
/// | `/lanes/<lane>` | the overhead board of a lane; of a pair's league night for a lane bowling one |
/// | `/lanes/<lane>/games` | a lane's finished games with their statistics |
/// | `/api/lanes`, `/api/lanes/<lane>`, `/api/lanes/<lane>/games` | the same as JSON |
/// | `/events`, `/lanes/<lane>/events` | every lane's or one lane's boards as Server-Sent Events |
/// | `/league` | a league night's board as JSON, when one is served |
/// | `/league/events` | its boards as Server-Sent Events, the current one first |
/// | `/league/left`, `/league/right` | the overhead board of that lane of the pair |
/// | `/records`, `/records/sheet?lane=L&session=S`, `/records/bowler?id=ID`, `/records/roster?league=NAME` | the desk's store: averages, standings, high scores, each sheet, each bowler's games, a league's next night file (with `--store`) |
/// | `/assets/<name>` | the pages' styles and scripts (``Asset``) |
public struct BoardServer: BoardServing {
  public let hub: BoardHub
  public let address: HTTPAddress
  /// The league night on the pair, or `nil` when none is served (`/league` is then a 404).
  public let league: LeagueHub?
  /// The desk's store's pages, or `nil` when none is served (`/records` is then a 404).
  public let records: (any RecordsPages)?
  public let limits: ServerLimits

  public init(
    hub: BoardHub, address: HTTPAddress, league: LeagueHub? = nil, records: (any RecordsPages)? = nil,
    limits: ServerLimits = ServerLimits()
  ) {
    self.hub = hub
    self.address = address
    self.league = league
    self.records = records
    self.limits = limits
  }

  public func application(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void) throws -> any Service {
    try application(serving: router(), logger: logger, onRunning: onRunning)
  }

  /// The routes, on a router of their own (the tests drive it without a socket too).
  public func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: SecurityHeaders(strictTransport: false))
    let desk = BoardPages.desk(linkingLeague: league != nil)
    router.get("/") { _, _ in Self.html(desk) }
    Self.addAssetRoutes(to: router)
    Self.addOverheadRoutes(to: router, hub: hub, maxStreams: limits.maxStreams)
    Self.addCentreRoutes(to: router, hub: hub, maxStreams: limits.maxStreams)
    if let league { Self.addLeagueRoutes(to: router, league: league) }
    if let records { Self.addRecordsRoutes(to: router, records: records) }
    return router
  }

  /// The pages' styles and scripts, `/assets/<name>`, open to anyone (``Asset``).
  static func addAssetRoutes<Routes: RouterMethods>(to router: Routes) {
    router.get("/assets/:name") { request, context in
      guard let asset = Asset.named[try context.parameters.require("name")] else {
        throw HTTPError(.notFound, message: "No such asset; each page names its own.\n")
      }
      return asset.response(to: request)
    }
  }

  /// What an overhead board reads: its page, its JSON and its event stream, per lane.
  ///
  /// - Parameter maxStreams: The most public streams the hub serves at once; one beyond is
  ///   answered 503 with `Retry-After`.
  static func addOverheadRoutes<Routes: RouterMethods>(to router: Routes, hub: BoardHub, maxStreams: Int) {
    router.get("/lanes/:lane") { _, context in
      // A lane bowling a league night on a pair (lane display) shows the night's board.
      let board = try Self.board(of: context, in: hub)
      return Self.html(board.night == nil ? BoardPages.overhead : BoardPages.centreLeagueOverhead)
    }
    router.get("/api/lanes/:lane") { _, context in try Self.json(try Self.board(of: context, in: hub)) }
    router.get("/lanes/:lane/events") { request, context in
      let lane = try Self.board(of: context, in: hub).lane
      let updates = hub.listenPublicly(to: lane, lastEventID: Self.lastEventID(of: request), limit: maxStreams)
      return Self.events(try Self.publicStream(updates))
    }
  }

  /// A public stream the hub gave, or 503 with `Retry-After` when it serves as many as it
  /// may: a page reconnects on its own a moment later.
  static func publicStream(_ stream: AsyncStream<BoardUpdate>?) throws -> AsyncStream<BoardUpdate> {
    guard let stream else {
      throw HTTPError(
        .serviceUnavailable, headers: [.retryAfter: "5"],
        message: "The boards are serving as many pages as they may; this page tries again by itself.\n")
    }
    return stream
  }

  /// What the desk reads besides the overhead boards: every lane's boards and stream, and
  /// each lane's finished games.
  ///
  /// - Parameters:
  ///   - streamAllowed: For a request to `/events`, whether its stream may still send,
  ///     asked before each update (the signed-in desk's: while the session lasts); once it
  ///     says no, the stream ends.
  ///   - maxStreams: The most public streams, for a server whose `/events` is public;
  ///     `nil` for one behind a sign-in.
  static func addCentreRoutes<Routes: RouterMethods>(
    to router: Routes, hub: BoardHub, maxStreams: Int? = nil,
    streamAllowed: @escaping @Sendable (Request) -> @Sendable () -> Bool = { _ in { true } }
  ) {
    router.get("/lanes/:lane/games") { _, context in
      _ = try Self.board(of: context, in: hub)
      return Self.html(BoardPages.games)
    }
    router.get("/api/lanes") { _, _ in try Self.json(hub.boards) }
    router.get("/api/lanes/:lane/games") { _, context in
      let lane = try Self.board(of: context, in: hub).lane
      guard let games = hub.games(lane) else { throw HTTPError(.notFound) }
      return try Self.json(games)
    }
    router.get("/events") { request, _ in
      let lastEventID = Self.lastEventID(of: request)
      let updates =
        if let maxStreams {
          try Self.publicStream(hub.listenPublicly(to: nil, lastEventID: lastEventID, limit: maxStreams))
        } else {
          hub.listen(to: nil, lastEventID: lastEventID)
        }
      return Self.events(updates, while: streamAllowed(request))
    }
  }

  /// A league night's board on the pair `lane run` or `lane simulate --league` serves.
  static func addLeagueRoutes<Routes: RouterMethods>(to router: Routes, league: LeagueHub) {
    router.get("/league") { _, _ in try Self.json(league.board) }
    router.get("/league/events") { _, _ in Self.leagueEvents(league.listen()) }
    router.get("/league/:side") { _, context in
      let side = try context.parameters.require("side")
      guard PairSide(rawValue: side) != nil else {
        throw HTTPError(.notFound, message: "No lane \"\(side)\" in the pair; the league's are /league/left and /league/right.\n")
      }
      return Self.html(BoardPages.leagueOverhead)
    }
  }

  /// The desk's store's pages.
  static func addRecordsRoutes<Routes: RouterMethods>(to router: Routes, records: any RecordsPages) {
    let styles = Dictionary(uniqueKeysWithValues: records.stylesheets.map { ($0.key, Asset($0.key, $0.value)) })
    router.get("/records/styles/:name") { request, context in
      guard let style = styles[try context.parameters.require("name")] else {
        throw HTTPError(.notFound, message: "No such style; each records page names its own.\n")
      }
      return style.response(to: request)
    }
    router.get("/records") { _, _ in Self.html(try answering { try records.index() }, policy: recordsPolicy) }
    router.get("/records/sheet") { request, _ in
      let query = request.uri.queryParameters
      guard let lane = query["lane"].map(String.init), let session = query["session"].map(String.init) else {
        throw HTTPError(.badRequest, message: "Give the sheet's lane and session: /records/sheet?lane=LANE&session=SESSION.\n")
      }
      guard let page = try answering({ try records.sheet(lane: lane, session: session) }) else {
        throw HTTPError(.notFound, message: "No session \(session) of lane \(lane) in the store; /records lists them.\n")
      }
      return Self.html(page, policy: recordsPolicy)
    }
    router.get("/records/roster") { request, _ in try roster(request, records: records) }
    router.get("/records/bowler") { request, _ in
      guard let id = request.uri.queryParameters["id"].map(String.init) else {
        throw HTTPError(.badRequest, message: "Give the bowler's id: /records/bowler?id=ID.\n")
      }
      guard let page = try answering({ try records.bowler(id: id) }) else {
        throw HTTPError(.notFound, message: "No game of the bowler \(id) in the store; /records lists the bowlers.\n")
      }
      return Self.html(page, policy: recordsPolicy)
    }
  }

  /// What a records page gives, or the HTTP status its ``RecordsPageError`` is answered with.
  static func answering<Page>(_ page: () throws -> Page) throws -> Page {
    do {
      return try page()
    } catch let error as RecordsPageError {
      throw HTTPError(error.kind == .unavailable ? .serviceUnavailable : .internalServerError, message: error.message + "\n")
    }
  }

  /// A league's next night file from the store's roster (`?league=NAME`), as a download.
  static func roster(_ request: Request, records: any RecordsPages) throws -> Response {
    guard let league = request.uri.queryParameters["league"].map(String.init) else {
      throw HTTPError(.badRequest, message: "Give the league: /records/roster?league=NAME.\n")
    }
    guard let text = try answering({ try records.roster(league: league) }) else {
      throw HTTPError(.notFound, message: "No night of the league \(league) in the store; /records lists the leagues.\n")
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/toml; charset=utf-8", .cacheControl: "no-store",
        .contentDisposition: "attachment; filename=\"next-night.toml\"",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  private static func board(of context: some RequestContext, in hub: BoardHub) throws -> LaneBoard {
    let lane = try context.parameters.require("lane")
    guard let board = hub.board(lane) else {
      throw HTTPError(.notFound, message: "No lane \"\(lane)\" here; the desk at / lists the lanes.\n")
    }
    return board
  }

  /// The `Last-Event-ID` a reconnecting `EventSource` sends: the sequence it had shown.
  static func lastEventID(of request: Request) -> Int? {
    let field = request.headers.first { $0.name.canonicalName == "last-event-id" }
    return field.flatMap { Int($0.value) }
  }

  /// What a page may load: its scripts and styles only from the server's own files
  /// (`/assets`), never inline, and nothing from elsewhere; no plugins, no other base
  /// address, forms sent only here; framed by no page, the server's own neither.
  /// ``SecurityHeaders`` gives it to every answer that has no policy of its own.
  static let pagePolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; "
    + "form-action 'self'; frame-ancestors 'none'"

  /// What a records page may load: its styles from `/records/styles` (``RecordsPages/stylesheets``),
  /// no script at all (none has one), no form.
  static let recordsPolicy =
    "default-src 'self'; style-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; "
    + "form-action 'none'; frame-ancestors 'none'"

  /// `page` as HTML under the Content-Security-Policy `policy`.
  static func html(_ page: String, policy: String = pagePolicy) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: policy],
      body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
  }

  static func json(_ value: some Encodable) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Response(
      status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
  }

  /// A league night's boards as Server-Sent Events (`event: league`), the current one first.
  private static func leagueEvents(_ boards: AsyncStream<(Int, LeagueBoard)>) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
      body: ResponseBody { writer in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
        for await (version, board) in boards {
          // A board of strings, numbers and booleans always encodes, on one line.
          let json = String(decoding: (try? encoder.encode(board)) ?? Data(), as: UTF8.self)
          try await writer.write(ByteBuffer(string: "id: \(version)\nevent: league\ndata: \(json)\n\n"))
        }
        try await writer.finish(nil)
      })
  }

  /// A stream of boards as Server-Sent Events; it ends when the hub drops the page.
  ///
  /// The stream begins with the current boards, so a page reconnecting with any
  /// `Last-Event-ID` is right at once.
  /// `updates` as Server-Sent Events, each sent only while `allowed` says so.
  static func events(
    _ updates: AsyncStream<BoardUpdate>, while allowed: @escaping @Sendable () -> Bool = { true }
  ) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
      body: ResponseBody { writer in
        try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
        for await update in updates {
          guard allowed() else { break }
          try await writer.write(ByteBuffer(string: update.serverSentEvent))
        }
        try await writer.finish(nil)
      })
  }
}
