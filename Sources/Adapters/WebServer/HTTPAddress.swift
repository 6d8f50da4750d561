/// Where the web boards listen, from `--http HOST:PORT`: loopback unless a public bind is
/// asked for explicitly.
public struct HTTPAddress: Hashable, Sendable, CustomStringConvertible {
  /// Why an address was refused; the message says what to type instead.
  public enum Problem: Error, Hashable, CustomStringConvertible {
    case malformed(String)
    case badPort(String)
    case notLoopback(String)

    public var description: String {
      switch self {
      case .malformed(let text):
        "--http \(text) is not HOST:PORT; use e.g. 127.0.0.1:8080, localhost:8080 or [::1]:8080"
      case .badPort(let text):
        "--http \(text): the port must be a number from 0 to 65535 (0 picks a free one)"
      case .notLoopback(let text):
        "--http \(text) would serve the boards beyond this machine; add --http-public to allow"
          + " it, or bind 127.0.0.1"
      }
    }
  }

  /// The default: loopback, port 8080.
  public static let loopbackDefault = HTTPAddress(host: "127.0.0.1", port: 8080)

  public let host: String
  public let port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// Parses `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` and `PORT` (loopback).
  ///
  /// - Parameter allowPublic: Whether a host other than loopback may be bound.
  /// - Throws: ``Problem`` for text that is not an address, a bad port, or a host beyond
  ///   loopback without `allowPublic`.
  public init(parsing text: String, allowPublic: Bool = false) throws(Problem) {
    let host: String
    let portText: Substring
    if !text.isEmpty, text.allSatisfy(\.isWholeNumber) {
      host = "127.0.0.1"
      portText = Substring(text)
    } else if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"),
        text[text.index(after: close)...].hasPrefix(":")
      else { throw .malformed(text) }
      host = String(text[text.index(after: text.startIndex)..<close])
      portText = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
        throw .malformed(text)
      }
      host = text[..<colon].isEmpty ? "127.0.0.1" : String(text[..<colon])
      portText = text[text.index(after: colon)...]
    }
    guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { throw .malformed(text) }
    guard portText.allSatisfy(\.isASCII), let port = Int(portText), (0...65_535).contains(port) else {
      throw .badPort(text)
    }
    guard allowPublic || Self.isLoopback(host) else { throw .notLoopback(text) }
    self.host = host
    self.port = port
  }

  /// Whether a host names this machine only: `localhost`, 127.0.0.0/8 or `::1`.
  public static func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host == "::1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
