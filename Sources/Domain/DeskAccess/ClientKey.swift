/// Who a sign-in attempt is counted against, by the address it came from: an IPv4 address
/// as itself; an IPv6 address by its /64, the block one site or household is given (a
/// single client is free to change the rest); loopback as one client, whatever its address
/// (127.0.0.0/8 and ::1 are one machine); an IPv4-mapped IPv6 address as its IPv4 address.
public struct ClientKey: Hashable, Sendable, CustomStringConvertible {
  /// The key its attempts are counted under.
  public let key: String

  /// Loopback, any address of it.
  public static let loopback = ClientKey(key: "loopback")
  /// A connection without an IP address (a Unix socket).
  public static let unknown = ClientKey(key: "unknown")

  private init(key: String) { self.key = key }

  /// The client of the IPv4 address `bytes` (four, network order).
  public init(ipv4 bytes: [UInt8]) {
    precondition(bytes.count == 4, "an IPv4 address is 4 bytes")
    self = bytes[0] == 127 ? .loopback : ClientKey(key: bytes.map(String.init).joined(separator: "."))
  }

  /// The client of the IPv6 address `bytes` (sixteen, network order).
  public init(ipv6 bytes: [UInt8]) {
    precondition(bytes.count == 16, "an IPv6 address is 16 bytes")
    if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 {
      self = .loopback
    } else if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
      self.init(ipv4: Array(bytes[12..<16]))
    } else {
      let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
      self.init(key: groups.joined(separator: ":") + "::/64")
    }
  }

  public var description: String { key }
}
