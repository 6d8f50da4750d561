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
  /// The server's port, named in each request's `Host` as a browser names it.
  private let port: Int

  public init(port: Int) throws {
    self.port = port
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

  /// Sends `text` as it is: part of a request, as a slow client sends it.
  public func transmit(_ text: String) throws {
    let bytes = Array(text.utf8)
    let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == bytes.count else { throw Failure.socket("send: errno \(errno)") }
  }

  /// Whether the server closes the connection within `seconds`, whatever it sends first.
  public func closedByServer(within seconds: Double) -> Bool {
    do {
      try read(within: seconds) { _ in false }
      return false
    } catch Failure.socket {
      return true
    } catch {
      return false
    }
  }

  /// When the server closed each of `clients` (the end of its stream, or a reset),
  /// whatever it sent first read and dropped: waited for on all of them at once, until
  /// `deadline` at most; `nil` for one still open then.
  public static func closedByServer(
    _ clients: [LoopbackClient], before deadline: ContinuousClock.Instant
  ) -> [ContinuousClock.Instant?] {
    var closed = [ContinuousClock.Instant?](repeating: nil, count: clients.count)
    var open = Array(clients.indices)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !open.isEmpty {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { break }
      var pollers = open.map { pollfd(fd: clients[$0].descriptor, events: Int16(POLLIN), revents: 0) }
      let wait = min(left, .seconds(1)).components
      let milliseconds = wait.seconds * 1_000 + wait.attoseconds / 1_000_000_000_000_000
      let ready = poll(&pollers, nfds_t(pollers.count), Int32(milliseconds))
      if ready < 0, errno != EINTR { break }
      guard ready > 0 else { continue }
      let now = ContinuousClock.now
      open = zip(open, pollers).compactMap { index, poller in
        guard poller.revents != 0 else { return index }
        let count = recv(clients[index].descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 || (count < 0 && (errno == EINTR || errno == EAGAIN)) { return index }
        closed[index] = now
        return nil
      }
    }
    return closed
  }

  /// Sends a GET request with extra header lines.
  public func get(_ path: String, headers: [String] = []) throws {
    let request = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
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

  /// One HTTP response, read whole.
  public struct Reply: Sendable, CustomStringConvertible {
    public var status: Int
    /// The header lines, names in lower case, in their order.
    public var headers: [(name: String, value: String)]
    public var body: String

    /// The values of header `name` (lower case).
    public func values(of name: String) -> [String] { headers.filter { $0.name == name }.map(\.value) }

    public var description: String { "\(status) \(headers.map { "\($0.name): \($0.value)" }) \(body)" }
  }

  /// Sends one request on a connection of its own (`Connection: close`) and reads the
  /// response until the server closes it.
  public static func exchange(
    port: Int, _ method: String, _ path: String, headers: [String] = [], body: String? = nil,
    within seconds: Double = 30
  ) throws -> Reply {
    let client = try LoopbackClient(port: port)
    let length = body.map { ["Content-Length: \($0.utf8.count)"] } ?? []
    let request =
      (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + length + headers)
      .joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    let bytes = Array(request.utf8)
    let sent = bytes.withUnsafeBytes { send(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == bytes.count else { throw Failure.socket("send: errno \(errno)") }
    let deadline = Date().addingTimeInterval(seconds)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { throw Failure.timedOut("waited \(seconds)s for \(method) \(path)") }
      var poller = pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(min(left, 1) * 1_000)) > 0 else { continue }
      let count = recv(client.descriptor, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[0..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n") else { throw Failure.socket("no response head: \(text)") }
    let lines = text[..<split.lowerBound].split(separator: "\r\n")
    guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
      throw Failure.socket("no status line: \(text)")
    }
    let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    var body = String(text[split.upperBound...])
    if headers.contains(where: { $0.name == "transfer-encoding" && $0.value == "chunked" }) { body = dechunked(body) }
    return Reply(status: status, headers: headers, body: body)
  }

  /// A chunked body's data.
  private static func dechunked(_ text: String) -> String {
    var rest = Substring(text)
    var body = ""
    while let end = rest.range(of: "\r\n"), let size = Int(rest[..<end.lowerBound], radix: 16), size > 0 {
      let start = end.upperBound
      let data = rest.utf8[start...].prefix(size)
      body += String(decoding: data, as: UTF8.self)
      rest = rest[rest.utf8.index(start, offsetBy: size)...].dropFirst(2)
    }
    return body
  }
}
