import DeskAccess
import Hummingbird
import NIOCore

/// A request to the desk's server: the client's address (for throttling sign-ins) and,
/// once ``DeskGuard`` let it through, who is signed in.
public struct DeskRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The client's IP address, or `unknown`.
  public let clientAddress: String
  /// Who its sign-ins are counted against: the address, an IPv6 address's /64, loopback
  /// as one.
  public let client: ClientKey
  /// The session and its user, set by ``DeskGuard`` on the routes it guards.
  public var signedIn: (session: DeskSessions.Session, user: DeskUser)?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    let address = source.channel.remoteAddress
    clientAddress = address?.ipAddress ?? "unknown"
    client = address.map(Self.client(of:)) ?? .unknown
  }

  /// The client key of a peer's socket address.
  static func client(of address: SocketAddress) -> ClientKey {
    switch address {
    case .v4(let ipv4):
      return ClientKey(ipv4: withUnsafeBytes(of: ipv4.address.sin_addr) { Array($0) })
    case .v6(let ipv6):
      return ClientKey(ipv6: withUnsafeBytes(of: ipv6.address.sin6_addr) { Array($0) })
    case .unixDomainSocket:
      return .unknown
    }
  }

  /// The signed-in user; a route behind ``DeskGuard`` always has one.
  func user() throws -> DeskUser {
    guard let user = signedIn?.user else { throw HTTPError(.unauthorized) }
    return user
  }
}
