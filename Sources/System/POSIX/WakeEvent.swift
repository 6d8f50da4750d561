import Glibc
import SystemPackage

/// A wake-up a blocking wait for edges also watches: a signal handler or another thread
/// calls ``signal()`` and the wait returns at once, with no periodic wake-up to poll for it.
///
/// It is a self-pipe: ``signal()`` writes one byte (one `write`, safe in a signal handler;
/// use ``signal(descriptor:)`` there, with ``signalDescriptor`` kept in an atomic), the wait
/// watches ``descriptor``, and the event stays readable until ``reset()`` drains it.
public final class WakeEvent: Sendable {
  /// A self-pipe that could not be created.
  public struct CreationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var errno: Int32

    public var description: String {
      "cannot create the wake-up pipe: \(String(cString: strerror(errno))) "
        + "(errno \(errno)); the process may have too many open files"
    }
  }

  /// The read end, readable while the event is signalled.
  public let descriptor: Int32
  /// The write end, which ``signal(descriptor:)`` writes to.
  public let signalDescriptor: Int32

  /// Creates an unsignalled event.
  ///
  /// - Throws: `CreationError` with the `errno` of the failed `pipe`.
  public init() throws(CreationError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw CreationError(errno: errno) }
    // Neither end blocks (a full pipe must not block a signal handler) nor leaks into a
    // child process; fcntl on a fresh descriptor cannot fail.
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    descriptor = ends[0]
    signalDescriptor = ends[1]
  }

  deinit {
    Glibc.close(descriptor)
    Glibc.close(signalDescriptor)
  }

  /// Signals the event: a wait watching it returns.
  public func signal() {
    Self.signal(descriptor: signalDescriptor)
  }

  /// Signals the event whose write end is `descriptor`; async-signal-safe (one `write`, no
  /// locks, no allocation), for signal handlers.
  public static func signal(descriptor: Int32) {
    var byte: UInt8 = 1
    // A full pipe is already signalled, and a closed one has no waiter: nothing to do.
    _ = Glibc.write(descriptor, &byte, 1)
  }

  /// Blocks the calling thread until the event is signalled (it stays signalled: call
  /// ``reset()`` to wait again).
  ///
  /// - Throws: `Errno` when `poll` fails other than by a signal (which it waits on through).
  public func wait() throws(Errno) {
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    _ = try retryOnInterrupt { poll(&watched, 1, -1) }
  }

  /// Clears the event, so a wait blocks again; returns whether it was signalled.
  @discardableResult
  public func reset() -> Bool {
    var drained = false
    var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    while withUnsafeMutableBytes(of: &buffer, { Glibc.read(descriptor, $0.baseAddress, $0.count) }) > 0 {
      drained = true
    }
    return drained
  }
}
