import DeskAccess
import Hummingbird

/// A request to the desk's server: the client's address (for throttling sign-ins) and,
/// once ``DeskGuard`` let it through, who is signed in.
public struct DeskRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The client's IP address, or `unknown`.
  public let clientAddress: String
  /// The session and its user, set by ``DeskGuard`` on the routes it guards.
  public var signedIn: (session: DeskSessions.Session, user: DeskUser)?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
  }

  /// The signed-in user; a route behind ``DeskGuard`` always has one.
  func user() throws -> DeskUser {
    guard let user = signedIn?.user else { throw HTTPError(.unauthorized) }
    return user
  }
}
