import LaneBridge
import POSIX
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The operator's console: the lines typed on the terminal, read on a thread of its own
/// (the terminal stays in line mode: a command is a letter and Enter) and handed to where
/// they go now (``route(to:)``), until standard input ends or the group stops.
///
/// One reader for a whole run: a pair going from open play to a league night and back
/// points it at each way's inboxes in turn; two readers of one terminal would each take half
/// its lines. Lines typed before it points anywhere (the scorer may type while the night
/// opens) wait for the first ``route(to:)``, up to ``heldLines`` of them.
public final class ConsoleService: Service, Sendable {
  /// Where lines go: nowhere yet (the lines held), or a taker.
  private enum Target {
    case nowhere(held: [String])
    case taker(@Sendable (String) -> Void)
  }

  /// How many lines typed before the first route are kept; later ones are dropped.
  public static let heldLines = 64

  private let target = Mutex(Target.nowhere(held: []))
  private let stop: StopRequest

  /// - Throws: ``WakeEvent/CreationError`` when its stop's wake event cannot be made.
  public init() throws(WakeEvent.CreationError) {
    stop = StopRequest(wake: try WakeEvent())
  }

  /// Hands each line from now on to `take`.
  public func route(to take: @escaping @Sendable (String) -> Void) {
    // Under the lock, so a line read meanwhile cannot pass the held ones.
    target.withLock { target in
      if case .nowhere(let held) = target { held.forEach(take) }
      target = .taker(take)
    }
  }

  /// Hands `line` to the taker, or holds it until there is one.
  private func deliver(_ line: String) {
    let take = target.withLock { target -> (@Sendable (String) -> Void)? in
      switch target {
      case .taker(let take): return take
      case .nowhere(var held):
        if held.count < Self.heldLines { held.append(line) }
        target = .nowhere(held: held)
        return nil
      }
    }
    take?(line)
  }

  /// Posts each line from now on to `inbox`.
  public func route(to inbox: LaneInbox) {
    route { inbox.post(.console($0)) }
  }

  public func run() async throws {
    let stop = stop
    try await withGracefulShutdownHandler {
      try await BlockingThread.run(named: "lane console", interrupt: stop.request) { [self] in read(until: stop) }
    } onGracefulShutdown: {
      stop.request()
    }
  }

  /// Reads whole lines from standard input until it ends or `stop` is requested.
  private func read(until stop: StopRequest) {
    guard let wake = stop.wake else { return }
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while !stop.isRequested {
      var polled = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
      ]
      guard (try? retryOnInterrupt { poll(&polled, 2, -1) }) != nil, polled[1].revents == 0 else { return }
      let count = buffer.withUnsafeMutableBytes { bytes in
        (try? retryOnInterrupt { Glibc.read(STDIN_FILENO, bytes.baseAddress, bytes.count) }) ?? -1
      }
      // The end of input or an error: stop asking.
      guard count > 0 else { return }
      pending += buffer[..<count]
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        deliver(line)
      }
    }
  }
}
