/// Whether a request that changes something comes from the desk's own pages: a browser
/// names the page's site in `Origin` (or, older ones, in `Referer`) on every POST, and
/// another site's page must not sign a clerk in, fail their sign-ins until they are locked
/// out, or send commands with their cookie.
///
/// A request with neither header is not a browser's and is let through: it carries no
/// clerk's cookie for it, and the CSRF token still guards what a session may do.
public enum RequestOrigin {
  /// Whether `origin` (or, without it, `referer`) is the site `scheme://host` the request
  /// was sent to; `host` as the request's `Host` (with its port, if any).
  public static func isSameSite(origin: String?, referer: String?, scheme: String, host: String?) -> Bool {
    guard let given = origin ?? referer.map(Self.origin(ofURL:)) else { return true }
    guard let host, !host.isEmpty else { return false }
    return given.lowercased() == "\(scheme)://\(host)".lowercased()
  }

  /// `scheme://host[:port]` of a URL: what comes before its path.
  static func origin(ofURL url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let rest = url[schemeEnd.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return String(url[..<schemeEnd.upperBound]) + authority
  }
}
