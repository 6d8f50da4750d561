import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain HTTP/1.1 client on a loopback TCP socket, for reading the server's responses
/// (Server-Sent Events included) as bytes with a deadline.
///
/// Used from one test at a time, its blocking reads on a thread of their own (`offPool`).
public final class LoopbackClient: @unchecked Sendable {
  public enum Failure: Error { case socket(String), timedOut(String) }

  private var descriptor: Int32
  public private(set) var received = ""

  public init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure.socket("socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw Failure.socket("connect to port \(port): errno \(errno)")
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Sends a GET request with extra header lines.
  public func get(_ path: String, headers: [String] = []) throws {
    let request = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
    let bytes = Array(request.utf8)
    let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == bytes.count else { throw Failure.socket("send: errno \(errno)") }
  }

  /// Reads until `done` holds for what was received, or fails after `seconds`.
  @discardableResult
  public func read(within seconds: Double = 30, until done: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var bytes = Array(received.utf8)
    while !done(received) {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { throw Failure.timedOut("waited \(seconds)s; received:\n\(received)") }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(min(left, 1) * 1_000)) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { throw Failure.socket("connection closed; received:\n\(received)") }
      bytes += buffer[0..<count]
      received = String(decoding: bytes, as: UTF8.self)
    }
    return received
  }

  /// The whole response of a request whose body has a Content-Length.
  public func response(within seconds: Double = 30) throws -> (head: String, body: String) {
    let text = try read(within: seconds) { text in
      guard let split = text.range(of: "\r\n\r\n") else { return false }
      let head = text[..<split.lowerBound].lowercased()
      guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
        let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
      else { return false }
      return text.utf8.count - text[..<split.upperBound].utf8.count >= length
    }
    let split = text.range(of: "\r\n\r\n")!
    return (String(text[..<split.lowerBound]), String(text[split.upperBound...]))
  }

  /// Closes the connection, as a browser that goes away does.
  public func hangUp() {
    close(descriptor)
    descriptor = -1
  }
}
