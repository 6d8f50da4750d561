import HTTPTypes
import Hummingbird

/// Tells a browser that reached the desk over HTTPS to come back only over HTTPS, for a
/// year (`Strict-Transport-Security`): a network that rewrites a later `http://` link cannot
/// take the clerk's password in clear. On every answer, an error's too.
struct StrictTransport<Context: RequestContext>: RouterMiddleware {
  static var field: HTTPField { HTTPField(name: .strictTransportSecurity, value: "max-age=31536000") }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      var response = try await next(request, context)
      response.headers.append(Self.field)
      return response
    } catch var error as HTTPError {
      error.headers.append(Self.field)
      throw error
    }
  }
}
