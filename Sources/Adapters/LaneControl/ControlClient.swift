import Foundation
import LaneBridge
import POSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// `lane correct`'s side of a running lane's ``ControlSocket``: one request, one reply.
public enum ControlClient {
  /// Why no reply of ours came back.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing accepts connections at the path (no lane serves it, or it is gone).
    case refused(path: String, errno: Int32)
    /// The lane did not answer within the time allowed.
    case timedOut(path: String, seconds: Int)
    /// What came back is not a reply to this request (another program, another version).
    case notOurs(path: String, excerpt: String)
    /// The connection failed while talking.
    case broken(path: String, errno: Int32)

    public var description: String {
      switch self {
      case .refused(let path, let errno):
        "the lane holds the journal but its control socket '\(path)' refused the connection "
          + "(\(String(cString: strerror(errno)))); check that the lane runs this version and try again"
      case .timedOut(let path, let seconds):
        "the lane did not answer on '\(path)' within \(seconds) s; the correction may or may "
          + "not have been made: check the lane's board before trying again"
      case .notOurs(let path, let excerpt):
        "the answer on '\(path)' is not a reply to this correction: '\(excerpt)'; "
          + "is something other than a lane listening there?"
      case .broken(let path, let errno):
        "the connection to '\(path)' failed: \(String(cString: strerror(errno))); "
          + "the correction may or may not have been made: check the lane's board"
      }
    }

    /// The exit status `lane correct` ends with (docs/running.md, ExitStatus).
    public var exitStatus: ExitStatus {
      switch self {
      case .refused: .unavailable
      case .timedOut: .temporaryFailure
      case .notOurs: .protocolError
      case .broken: .ioError
      }
    }
  }

  /// Sends `request` to the socket at `path` and waits at most `timeout` seconds for its
  /// reply, which must carry the request's id.
  public static func send(
    _ request: ControlRequest, to path: String, timeout: Int = 10
  ) throws(Failure) -> ControlReply {
    var address: UnixSocketAddress
    do {
      address = try UnixSocketAddress(path: path)
    } catch {
      throw .refused(path: path, errno: error.code)
    }
    let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard client >= 0 else { throw .broken(path: path, errno: errno) }
    defer { close(client) }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    let connected = address.withSocketAddress { connect(client, $0, $1) }
    guard connected == 0 else { throw .refused(path: path, errno: errno) }

    let line = Array(request.line.utf8)
    var sent = 0
    do {
      try line.withUnsafeBytes { buffer in
        Result { () throws(Errno) in
          try writeAll(buffer, written: &sent) { rest in
            Glibc.send(client, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
          }
        }
      }.get()
    } catch {
      throw .broken(path: path, errno: error.rawValue)
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 512)
    while !received.contains(UInt8(ascii: "\n")) {
      guard received.count < 4 * ControlRequest.maximumLength else { break }
      let count: Int
      do {
        count = try buffer.withUnsafeMutableBytes { bytes in
          Result { () throws(Errno) in
            try retryOnInterrupt { recv(client, bytes.baseAddress, bytes.count, 0) }
          }
        }.get()
      } catch .resourceTemporarilyUnavailable, .wouldBlock {
        throw .timedOut(path: path, seconds: timeout)
      } catch {
        throw .broken(path: path, errno: error.rawValue)
      }
      if count == 0 { break }
      received += buffer[..<count]
    }
    let reply = received.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
    guard let parsed = ControlReply.parse(reply), parsed.id == request.id else {
      throw .notOurs(path: path, excerpt: String(decoding: reply.prefix(80), as: UTF8.self))
    }
    return parsed
  }
}
