import HTTPTypes
import Hummingbird

/// The headers on every answer of the boards and the desk, an error's too, before any route:
///
/// - `X-Content-Type-Options: nosniff`: a browser takes an answer only as the type it is
///   given, never a JSON answer or an error's text as a script or a style.
/// - `Referrer-Policy: same-origin`: another site never learns a page's address (a lane, a
///   bowler's id); the desk's own requests keep their `Referer` and, what matters more,
///   their `Origin`, which ``SameSitePosts`` checks (under `no-referrer` a browser sends
///   `Origin: null` with a same-site POST, and every sign-in would be refused).
/// - `X-Frame-Options: DENY` and, for an answer with no policy of its own, the pages'
///   Content-Security-Policy (``BoardServer/pagePolicy``, `frame-ancestors 'none'`): no
///   page is framed, another site's or the server's own (clickjacking). A kiosk shows its
///   board as the browser's own page.
/// - Over HTTPS, `Strict-Transport-Security: max-age=31536000`: a browser that reached the
///   desk over HTTPS comes back only over HTTPS, for a year, so a network that rewrites a
///   later `http://` link cannot take the clerk's password in clear.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
  /// Whether the server is served over HTTPS.
  let strictTransport: Bool

  static var frameOptions: HTTPField.Name { HTTPField.Name("X-Frame-Options")! }
  static var contentTypeOptions: HTTPField.Name { HTTPField.Name("X-Content-Type-Options")! }
  static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    try await withHeaders(add(to:)) { try await next(request, context) }
  }

  private func add(to headers: inout HTTPFields) {
    headers[Self.contentTypeOptions] = "nosniff"
    headers[Self.referrerPolicy] = "same-origin"
    headers[Self.frameOptions] = "DENY"
    if headers[.contentSecurityPolicy] == nil { headers[.contentSecurityPolicy] = BoardServer.pagePolicy }
    if strictTransport { headers[.strictTransportSecurity] = "max-age=31536000" }
  }
}

/// `answer`'s response with `add` done to its headers, or its ``HTTPError`` with them: a
/// middleware's headers on every answer, a refusal's too.
func withHeaders(_ add: (inout HTTPFields) -> Void, on answer: () async throws -> Response) async throws -> Response {
  do {
    var response = try await answer()
    add(&response.headers)
    return response
  } catch var error as HTTPError {
    add(&error.headers)
    throw error
  }
}
