import DeskAccess
import HTTPTypes
import Hummingbird
import Logging

/// Lets a request through to the desk's routes only when signed in: a page asked for
/// without a session goes to the sign-in page, anything else is 401; a request that
/// changes something needs the session's CSRF token in `X-CSRF-Token` (403); a route that
/// needs a permission the user's role lacks is 403. Every answer it guards, an error's too,
/// is `Cache-Control: no-store`: a signed-in page or its data is never kept by a browser
/// or a proxy, for the next user of the desk PC to find.
struct DeskGuard: RouterMiddleware {
  typealias Context = DeskRequestContext

  let gate: DeskGate
  /// What the guarded routes need beyond a session, if anything.
  let permission: DeskRole.Permission?
  let logger: Logger

  /// The header a page sends its session's CSRF token in.
  static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    try await withHeaders({ $0[.cacheControl] = "no-store" }) { try await guarded(request, context: context, next: next) }
  }

  private func guarded(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let token = request.cookies[DeskGate.cookieName]?.value
    let found: (session: DeskSessions.Session, user: DeskUser)?
    do {
      found = try token.flatMap { try gate.signedIn(token: $0) }
    } catch {
      logger.notice("cannot check a desk session: \(error)")
      throw HTTPError(.serviceUnavailable, message: "The desk's users file cannot be read; the desk's operator is told why.\n")
    }
    guard let found else {
      if request.method == .get, !request.uri.path.hasPrefix("/api/"), !request.uri.path.hasSuffix("/events") {
        return Response(status: .seeOther, headers: [.location: "/login"])
      }
      throw HTTPError(.unauthorized, message: "Sign in first (POST /login with user and password).\n")
    }
    if request.method != .get, request.method != .head {
      guard let given = request.headers[Self.csrfHeader], found.session.accepts(csrf: given) else {
        throw HTTPError(
          .forbidden, message: "A missing or wrong X-CSRF-Token: send the csrf of GET /api/session with every change.\n")
      }
    }
    if let permission, !found.user.role.may(permission) {
      throw HTTPError(
        .forbidden, message: "\(found.user.name) is a \(found.user.role.rawValue); \(permission.rawValue) need a manager.\n")
    }
    var context = context
    context.signedIn = found
    return try await next(request, context)
  }
}
