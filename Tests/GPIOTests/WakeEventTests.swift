import Glibc
import Synchronization
import Testing

@testable import GPIO
import POSIX

/// The descriptor the SIGUSR2 handler of these tests signals.
private let handlerWakeDescriptor = Atomic<Int32>(-1)

/// The wait `GPIOPinSensor` blocks in (`cgpiod_wait_fds_until` through `Shim.wait`), proved with a
/// pipe standing in for a line request's edge queue: it returns for an edge, a wake-up or
/// its deadline, and for nothing else. No assertion depends on how long anything took; the
/// generous deadlines only turn a broken wake-up into a failure instead of a hang.
@Suite("Waiting for edges or a wake-up")
struct WakeEventTests {
  /// A pipe whose read end plays the request's edge descriptor.
  final class EdgePipe {
    let read: Int32
    let write: Int32

    init() throws {
      var ends: [Int32] = [-1, -1]
      try #require(pipe(&ends) == 0)
      read = ends[0]
      write = ends[1]
    }

    deinit {
      close(read)
      close(write)
    }

    /// Makes the edge descriptor readable, as a pending edge event does.
    func edge() {
      var byte: UInt8 = 1
      _ = Glibc.write(write, &byte, 1)
    }
  }

  let edges: EdgePipe
  let wake: WakeEvent
  /// Long enough never to run out on a loaded machine; the tests expect no timeout.
  let patience = Duration.seconds(60)

  init() throws {
    edges = try EdgePipe()
    wake = try WakeEvent()
  }

  @Test("When the wake event is signalled, then the wait returns at once with the wake-up")
  func wakeUp() throws {
    wake.signal()
    #expect(try Shim.wait([edges.read, wake.descriptor], until: Self.deadline(after: patience)) == [false, true])
  }

  @Test("When a signal arrives, then its handler's wake-up ends the wait")
  func signalWakes() throws {
    // Given a SIGUSR2 handler that signals the wake event, as StopSignal's does.
    handlerWakeDescriptor.store(wake.signalDescriptor, ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      WakeEvent.signal(descriptor: handlerWakeDescriptor.load(ordering: .relaxed))
    }
    sigemptyset(&action.sa_mask)
    var previous = sigaction()
    try #require(sigaction(SIGUSR2, &action, &previous) == 0)
    defer { sigaction(SIGUSR2, &previous, nil) }

    // When the signal is delivered to this thread (test threads may block signals, so it is
    // unblocked here; raise then runs the handler before it returns).
    var usr2 = sigset_t()
    sigemptyset(&usr2)
    sigaddset(&usr2, SIGUSR2)
    var mask = sigset_t()
    try #require(pthread_sigmask(SIG_UNBLOCK, &usr2, &mask) == 0)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    try #require(raise(SIGUSR2) == 0)

    // Then the wait returns with the wake-up, not at its deadline.
    #expect(try Shim.wait([edges.read, wake.descriptor], until: Self.deadline(after: patience)) == [false, true])
  }

  @Test("When an edge is pending, then the wait returns with the edge descriptor ready")
  func edgeWakes() throws {
    edges.edge()
    #expect(try Shim.wait([edges.read, wake.descriptor], until: Self.deadline(after: patience)) == [true, false])
  }

  @Test("When nothing happens, then the wait returns at its deadline with nothing ready")
  func deadline() throws {
    #expect(try Shim.wait([edges.read, wake.descriptor], until: Self.deadline(after: .milliseconds(5)))
      == [false, false])
  }

  @Test("When nothing happens, then the wait does not return before its deadline")
  func notBeforeDeadline() throws {
    let deadline = Self.deadline(after: .milliseconds(20))

    #expect(try Shim.wait([edges.read, wake.descriptor], until: deadline) == [false, false])

    #expect(Self.now() >= deadline)
  }

  @Test("When the deadline has already passed, then the wait only looks at what is ready")
  func passedDeadline() throws {
    edges.edge()

    #expect(try Shim.wait([edges.read, wake.descriptor], until: Self.now() - 1_000_000_000)
      == [true, false])
    #expect(try Shim.wait([wake.descriptor], until: 0) == [false])
  }

  @Test("When waits time out many times, then they leave no descriptor open")
  func noDescriptorLeft() throws {
    let before = try Self.openDescriptors()

    for _ in 0..<256 {
      _ = try Shim.wait([edges.read, wake.descriptor], until: Self.deadline(after: .nanoseconds(1)))
    }

    // Other tests running meanwhile may hold a few; one left per wait would be 256.
    #expect(try Self.openDescriptors() - before < 64)
  }

  /// The instant on `CLOCK_MONOTONIC`, in nanoseconds, as the wait's deadline counts.
  private static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// The instant `duration` from now, in nanoseconds on `CLOCK_MONOTONIC`.
  private static func deadline(after duration: Duration) -> Int64 {
    now() + Shim.nanoseconds(duration)
  }

  /// How many descriptors this process has open.
  private static func openDescriptors() throws -> Int {
    guard let folder = opendir("/proc/self/fd") else { throw Shim.Failure(errno: errno) }
    defer { closedir(folder) }
    var count = 0
    while readdir(folder) != nil { count += 1 }
    return count
  }

  @Test("When a wake-up is reset, then the next wait blocks again until its deadline")
  func reset() throws {
    wake.signal()
    wake.signal()
    #expect(wake.reset())
    #expect(!wake.reset())
    #expect(try Shim.wait([edges.read, wake.descriptor], until: Self.now()) == [false, false])
  }
}
