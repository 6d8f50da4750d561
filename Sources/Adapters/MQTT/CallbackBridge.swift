import CMosquitto
import Synchronization

/// What the ``NetworkThread`` shares with Swift: the callbacks'
/// context, reached through `mosquitto_new`'s `obj` pointer as an
/// unretained reference that ``MQTTClient`` keeps alive.
///
/// Callbacks only lock the state, take out what they complete, and resume
/// continuations or yield to streams after unlocking; they never block.
final class CallbackBridge: Sendable {
  /// What a caller waits for.
  enum Key: Hashable, Sendable {
    case connect
    case publish(mid: Int32)
    case subscribe(mid: Int32)
  }

  /// How a wait ended.
  enum Completion: Sendable, Equatable {
    /// The broker answered with this reason code (CONNACK, PUBACK, SUBACK).
    case answered(ReasonCode)
    case connectionLost
    case timedOut
    /// The network loop failed with this `MOSQ_ERR_*` code before an answer.
    case failed(Mosquitto.Failure)
  }

  private struct State: ~Copyable {
    var waiters: [Key: CheckedContinuation<Completion, Never>] = [:]
    /// Answers that arrived before their caller registered (a PUBACK can
    /// beat `mosquitto_publish_v5`'s return to the caller).
    var early: [Key: Completion] = [:]
    /// Filters to subscribe again after libmosquitto reconnects.
    var subscriptions: [String] = []
    var connected = false
    /// The client disconnected: no answer can come until it connects again.
    var closed = false
  }

  private let state = Mutex(State())
  let messages: AsyncStream<MQTTClient.Message>.Continuation
  let events: AsyncStream<MQTTClient.ConnectionEvent>.Continuation

  init(
    messages: AsyncStream<MQTTClient.Message>.Continuation,
    events: AsyncStream<MQTTClient.ConnectionEvent>.Continuation
  ) {
    self.messages = messages
    self.events = events
  }

  var isConnected: Bool { state.withLock { $0.connected } }

  /// How many calls wait for their answer now.
  var waitingCount: Int { state.withLock { $0.waiters.count } }

  /// Waits for `key`'s completion, registered now; an answer already here
  /// completes it at once, and so does a closed connection.
  func register(_ key: Key, _ continuation: CheckedContinuation<Completion, Never>) {
    let early = state.withLock { state -> Completion? in
      if let early = state.early.removeValue(forKey: key) { return early }
      if state.closed { return .connectionLost }
      state.waiters[key] = continuation
      return nil
    }
    if let early { continuation.resume(returning: early) }
  }

  /// Completes `key`'s wait; the first completion wins.
  func complete(_ key: Key, _ completion: Completion) {
    let waiter = state.withLock { state -> CheckedContinuation<Completion, Never>? in
      if let waiter = state.waiters.removeValue(forKey: key) { return waiter }
      if state.early[key] == nil { state.early[key] = completion }
      return nil
    }
    waiter?.resume(returning: completion)
  }

  /// Forgets an answer nobody will wait for any more (the caller gave up).
  func forget(_ key: Key) {
    _ = state.withLock { $0.early.removeValue(forKey: key) }
  }

  /// The client is connecting: answers may come again.
  func open() {
    state.withLock { $0.closed = false }
  }

  /// The client disconnected and its network thread ended: every wait, now and until
  /// ``open()``, ends as ``Completion/connectionLost`` instead of at its timeout.
  func close() {
    let waiting = state.withLock { state in
      state.connected = false
      state.closed = true
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiting { waiter.resume(returning: .connectionLost) }
  }

  func remember(subscription filter: String) {
    state.withLock { state in
      if !state.subscriptions.contains(filter) { state.subscriptions.append(filter) }
    }
  }

  // MARK: Called on the network thread

  func connected(_ handle: Mosquitto.Handle, reason: ReasonCode) {
    let resubscribe = state.withLock { state -> [String] in
      state.connected = !reason.isFailure
      return reason.isFailure ? [] : state.subscriptions
    }
    // After an automatic reconnect with a clean start the broker has
    // forgotten the subscriptions; ask again (the SUBACK completes nothing).
    for filter in resubscribe {
      _ = try? Mosquitto.subscribe(handle, filter: filter, qos: 1)
    }
    complete(.connect, .answered(reason))
    if !reason.isFailure { events.yield(.connected) }
  }

  func disconnected(code: Int32) {
    let waiting = state.withLock { state in
      state.connected = false
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiting { waiter.resume(returning: .connectionLost) }
    events.yield(.disconnected(code: code))
  }

  /// The loop lost or could not set up the connection (TLS, a closed
  /// socket); a connect still waiting fails with the cause.
  func loopFailed(_ failure: Mosquitto.Failure) {
    complete(.connect, .failed(failure))
  }

  func received(_ message: MQTTClient.Message) {
    messages.yield(message)
  }

  func finish() {
    messages.finish()
    events.finish()
  }
}

// The C callbacks: non-capturing, they find the bridge through `obj`.

private func bridge(_ context: UnsafeMutableRawPointer?) -> CallbackBridge? {
  context.map { Unmanaged<CallbackBridge>.fromOpaque($0).takeUnretainedValue() }
}

let connectCallback: Mosquitto.ConnectCallback = { handle, context, reason, _, _ in
  // Only a loaded library calls back.
  guard let handle, case .success(let library) = Mosquitto.library else { return }
  bridge(context)?.connected(
    Mosquitto.Handle(pointer: handle, library: library),
    reason: ReasonCode(rawValue: UInt8(truncatingIfNeeded: reason)))
}

let disconnectCallback: Mosquitto.DisconnectCallback = { _, context, code, _ in
  bridge(context)?.disconnected(code: code)
}

let publishCallback: Mosquitto.PublishCallback = { _, context, mid, reason, _ in
  bridge(context)?.complete(
    .publish(mid: mid), .answered(ReasonCode(rawValue: UInt8(truncatingIfNeeded: reason))))
}

let subscribeCallback: Mosquitto.SubscribeCallback = { _, context, mid, count, granted, _ in
  // One filter per SUBSCRIBE: its granted QoS, or a failure reason code.
  let first = count > 0 ? granted?.pointee ?? 0x80 : 0x80
  bridge(context)?.complete(
    .subscribe(mid: mid), .answered(ReasonCode(rawValue: UInt8(truncatingIfNeeded: first))))
}

let messageCallback: Mosquitto.MessageCallback = { _, context, message, _ in
  guard let message = message?.pointee else { return }
  let topic = message.topic.map { String(cString: $0) } ?? ""
  let payload =
    message.payload.map {
      Array(UnsafeRawBufferPointer(start: $0, count: Int(max(message.payloadlen, 0))))
    } ?? []
  bridge(context)?.received(
    MQTTClient.Message(
      topic: topic, payload: payload, qos: Int(message.qos), retain: message.retain))
}
