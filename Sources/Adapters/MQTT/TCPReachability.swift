import POSIX

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a TCP connection to the broker's host and port opens within a time limit.
///
/// `mosquitto_connect` blocks until the socket connects, with no limit of its own: a host
/// that drops packets (switched off behind a router, a firewall's DROP) holds it until the
/// kernel gives up, about two minutes, and a lane would not score meanwhile. So a
/// connection is tried first, non-blocking, and only a broker that answers is given to
/// libmosquitto; one that refuses or does not resolve fails there at once with its own
/// message.
enum TCPReachability {
  /// What one address did.
  private enum Answer {
    /// A connection opened (and was closed again).
    case answered
    /// It refused or failed at once.
    case failed
    /// It did not answer within the limit.
    case silent
  }

  /// Whether no address of `host` answered within `limit`, and one at least stayed silent:
  /// `false` when one answered, and when every one refused or the name did not resolve
  /// (libmosquitto's connect then says why, at once).
  static func isSilent(host: String, port: Int, within limit: Duration) -> Bool {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return false }
    defer { freeaddrinfo(first) }
    let deadline = ContinuousClock.now + limit
    var silent = false
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      switch connect(to: address.pointee, until: deadline) {
      case .answered: return false
      case .silent: silent = true
      case .failed: break
      }
    }
    return silent
  }

  private static func connect(to address: addrinfo, until deadline: ContinuousClock.Instant) -> Answer {
    let descriptor = socket(
      address.ai_family, address.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
      address.ai_protocol)
    guard descriptor >= 0 else { return .failed }
    defer { close(descriptor) }
    if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return .answered }
    guard errno == EINPROGRESS else { return .failed }
    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    // Each wait, the first or one after a signal, is for what is left until the deadline.
    let ready = try? retryOnInterrupt { () -> Int32 in
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return 0 }
      let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      return poll(&request, 1, milliseconds)
    }
    guard let ready else { return .failed }
    guard ready > 0 else { return .silent }
    var error: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { return .failed }
    return .answered
  }
}
