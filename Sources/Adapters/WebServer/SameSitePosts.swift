import DeskAccess
import HTTPTypes
import Hummingbird

/// Refuses (403) every request but GET and HEAD that a browser sent from another site's
/// page: one whose `Origin` (or, without it, `Referer`) is not this server's
/// (``RequestOrigin``). Before any route, the sign-in's too: another site's page can
/// neither sign a clerk in nor fail their sign-ins until they are locked out.
struct SameSitePosts<Context: RequestContext>: RouterMiddleware {
  /// `http` or `https`, as the server is served.
  let scheme: String

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    if request.method != .get, request.method != .head,
      !RequestOrigin.isSameSite(
        origin: request.headers[.origin], referer: request.headers[.referer], scheme: scheme,
        host: request.head.authority)
    {
      throw HTTPError(.forbidden, message: "A request from another site's page is refused: use the desk's own page.\n")
    }
    return try await next(request, context)
  }
}
