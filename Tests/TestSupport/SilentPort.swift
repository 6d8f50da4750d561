import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A 127.0.0.1 port that never answers a connection attempt, as a broker's host that drops
/// packets does: a listener with a backlog of 0 whose accept queue is kept full by
/// connections nobody accepts, so the kernel drops every further SYN and a connect waits
/// (about two minutes, the kernel's limit). Closed, with its fillers, when released.
public final class SilentPort: @unchecked Sendable {
  public let port: Int
  private var descriptors: [Int32] = []

  public init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw FreePortFailure(description: "socket: errno \(errno)") }
    descriptors.append(listener)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(listener, socketAddress, length) == 0 && listen(listener, 0) == 0
          && getsockname(listener, socketAddress, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw FreePortFailure(description: "cannot listen on a free port: errno \(errno)")
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    // Three connections fill the queue of a backlog of 0 (and the SYN queue's first
    // retries); nobody accepts them.
    for _ in 0..<3 {
      let filler = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard filler >= 0 else { continue }
      descriptors.append(filler)
      _ = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
  }

  deinit {
    for descriptor in descriptors { close(descriptor) }
  }
}
