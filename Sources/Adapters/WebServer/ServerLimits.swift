import Hummingbird
import HummingbirdCore
import NIOCore
import Synchronization

/// How much a web server of boards lets its clients hold, so that neither many connections
/// nor slow ones lock the clerks out (issue 37): a client has ``idleTimeout`` to send a
/// request's head from its connection or its last answer (a kept-alive connection idle that
/// long is closed; a stream being answered is not idle), at most ``maxConnections`` are open
/// (one beyond is closed at once), and at most ``maxStreams`` public event streams are
/// served (one beyond is answered 503 with `Retry-After`).
public struct ServerLimits: Hashable, Sendable {
  public var maxConnections: Int
  public var maxStreams: Int
  public var idleTimeout: Duration

  public init(maxConnections: Int = 512, maxStreams: Int = 256, idleTimeout: Duration = .seconds(10)) {
    precondition(maxConnections > 0 && maxStreams > 0, "a server serves at least one of each")
    self.maxConnections = maxConnections
    self.maxStreams = maxStreams
    self.idleTimeout = idleTimeout
  }

  /// HTTP/1.1 with the idle timeout, each connection counted against `connections`.
  func http1(counting connections: OpenConnections) -> HTTP1Channel.Configuration {
    HTTP1Channel.Configuration(
      additionalChannelHandlers: [ConnectionCap(connections)], idleTimeout: TimeAmount(idleTimeout))
  }
}

/// The connections a server has open, against its limit.
final class OpenConnections: Sendable {
  let limit: Int
  private let count = Atomic<Int>(0)

  init(limit: Int) { self.limit = limit }

  /// Counts a connection opened; `false` (and not counted) when `limit` are open.
  func open() -> Bool {
    var current = count.load(ordering: .relaxed)
    while current < limit {
      let (exchanged, original) = count.compareExchange(
        expected: current, desired: current + 1, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
    return false
  }

  func close() { count.subtract(1, ordering: .relaxed) }
}

/// Closes a connection at once when its server has as many open as it may: the client is
/// told at once, rather than left waiting in the listen queue.
final class ConnectionCap: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = Any

  private let connections: OpenConnections
  /// Whether the connection was counted (`nil` until it is active), given back once.
  private var counted: Bool?

  init(_ connections: OpenConnections) { self.connections = connections }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { take(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    take(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    giveBack()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) { giveBack() }

  private func take(_ context: ChannelHandlerContext) {
    guard counted == nil else { return }
    counted = connections.open()
    if counted == false { context.close(promise: nil) }
  }

  private func giveBack() {
    if counted == true { connections.close() }
    counted = false
  }
}

@available(*, unavailable)
extension ConnectionCap: Sendable {}
