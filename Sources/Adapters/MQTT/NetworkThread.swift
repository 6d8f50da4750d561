import Glibc
import Synchronization

/// The thread that runs libmosquitto's loop for one client: reads, writes,
/// keepalive, and reconnects with exponential backoff (1 s to 30 s).
///
/// Our own thread rather than `mosquitto_loop_start`: libmosquitto's thread
/// can be reconnecting at the moment `mosquitto_disconnect` is called, which
/// undoes the disconnect and leaves `mosquitto_loop_stop` waiting forever.
/// Here only this thread connects again, and only while ``isRunning``; when
/// told to stop it sends DISCONNECT itself and ends within about 100 ms
/// (plus a reconnect in progress).
final class NetworkThread: Sendable {
  private let handle: Mosquitto.Handle
  private let bridge: CallbackBridge
  private let running = Atomic(true)
  /// The DISCONNECT reason to send when stopping (4 publishes the will).
  private let disconnectReason = Atomic<UInt8>(0)
  private let thread = Mutex<pthread_t?>(nil)

  /// How long one `mosquitto_loop` call waits for the socket.
  static let pollMilliseconds: Int32 = 100

  private init(handle: Mosquitto.Handle, bridge: CallbackBridge) {
    self.handle = handle
    self.bridge = bridge
  }

  /// Starts a thread looping on `handle`, which must already be connected.
  static func start(
    _ handle: Mosquitto.Handle, reportingTo bridge: CallbackBridge
  ) throws(Mosquitto.Failure) -> NetworkThread {
    try Mosquitto.setThreaded(handle)
    let loop = NetworkThread(handle: handle, bridge: bridge)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(loop).toOpaque()
    let result = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<NetworkThread>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<NetworkThread>.fromOpaque(context).release()
      throw Mosquitto.Failure(code: Mosquitto.errnoCode, errno: result)
    }
    loop.thread.withLock { $0 = thread }
    return loop
  }

  /// Sends DISCONNECT with `reason` and waits for the thread to end.
  func stop(reason: UInt8) {
    disconnectReason.store(reason, ordering: .relaxed)
    running.store(false, ordering: .sequentiallyConsistent)
    let thread = self.thread.withLock { thread in
      defer { thread = nil }
      return thread
    }
    if let thread { pthread_join(thread, nil) }
  }

  private var isRunning: Bool { running.load(ordering: .sequentiallyConsistent) }

  private func run() {
    var backoffSeconds = 1
    while isRunning {
      do {
        try Mosquitto.loop(handle, milliseconds: Self.pollMilliseconds)
        continue
      } catch {
        bridge.loopFailed(error)
      }
      // Lost (or refused): wait, watching for a stop, then connect again.
      var waited = 0
      while isRunning && waited < backoffSeconds * 1000 {
        usleep(UInt32(Self.pollMilliseconds) * 1000)
        waited += Int(Self.pollMilliseconds)
      }
      guard isRunning else { break }
      do {
        try Mosquitto.reconnect(handle)
        backoffSeconds = 1
      } catch {
        backoffSeconds = min(backoffSeconds * 2, 30)
      }
    }
    // Say goodbye (a no-op without a connection) and let the packet out.
    Mosquitto.disconnect(handle, reason: disconnectReason.load(ordering: .relaxed))
    for _ in 0..<10 {
      do { try Mosquitto.loop(handle, milliseconds: Self.pollMilliseconds) } catch { break }
    }
  }
}
