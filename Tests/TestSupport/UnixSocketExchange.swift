import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Sends `text` to the Unix stream socket at `path` and returns the first `count` lines it
/// answers (fewer if it closes first), without their newlines: a raw client for tests that
/// speak to a socket as any program could.
///
/// - Parameter timeout: Seconds each read may wait.
public func exchangeLines(
  _ text: String, at path: String, expecting count: Int, timeout: Int = 10
) throws -> [String] {
  let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(client) }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
  }
  try #require(connected == 0)
  var limit = timeval(tv_sec: timeout, tv_usec: 0)
  setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  let bytes = Array(text.utf8)
  try #require(send(client, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count)
  var received: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 512)
  while received.count(where: { $0 == UInt8(ascii: "\n") }) < count {
    let read = recv(client, &buffer, buffer.count, 0)
    guard read > 0 else { break }
    received += buffer[..<read]
  }
  return received.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
}
