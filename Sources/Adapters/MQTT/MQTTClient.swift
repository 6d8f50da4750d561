import Synchronization

/// An MQTT v5 client over libmosquitto: clean start, QoS 1 publishes that
/// wait for the broker's PUBACK, subscriptions, a last will, TLS and
/// username/password.
///
/// A ``NetworkThread`` runs libmosquitto's loop: I/O, keepalive and
/// reconnects; its callbacks complete the waiting `async` calls and feed
/// ``messages`` and ``connectionEvents``. After an automatic reconnect the
/// client subscribes again; publishes that were waiting fail with
/// ``MQTTError/Problem/connectionLost`` (the caller's outbox resends them).
public final class MQTTClient: Sendable {
  /// Where and as whom to connect.
  public struct Configuration: Sendable {
    public var host: String
    public var port: Int
    /// Must be unique on the broker: two clients with one id disconnect each
    /// other in a loop. See ``uniqueClientID(prefix:)``.
    public var clientID: String
    public var credentials: Credentials?
    public var will: Will?
    /// Set for `mqtts://`: the broker's certificate is verified against this CA.
    public var tls: TLS?
    /// Seconds between keepalive pings; the broker fires the will after about
    /// 1.5 times this without a word from a hung client.
    public var keepAliveSeconds: Int
    /// How long ``connect()``, ``publish(_:to:retain:)`` and
    /// ``subscribe(to:)`` wait for the broker's answer.
    public var timeout: Duration
    /// How long ``connect()`` waits for the broker's host to open a TCP connection: a
    /// broker on the centre's network answers in milliseconds, and a host that drops
    /// packets would otherwise hold the attempt for the kernel's two minutes.
    public var connectTimeout: Duration

    public init(
      host: String, port: Int, clientID: String, credentials: Credentials? = nil,
      will: Will? = nil, tls: TLS? = nil, keepAliveSeconds: Int = 10,
      timeout: Duration = .seconds(10), connectTimeout: Duration = .seconds(3)
    ) {
      self.host = host
      self.port = port
      self.clientID = clientID
      self.credentials = credentials
      self.will = will
      self.tls = tls
      self.keepAliveSeconds = keepAliveSeconds
      self.timeout = timeout
      self.connectTimeout = connectTimeout
    }

    /// `prefix`, a dash and 16 random hexadecimal digits.
    public static func uniqueClientID(prefix: String) -> String {
      let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
      return prefix + "-" + String(repeating: "0", count: 16 - suffix.count) + suffix
    }
  }

  /// A broker user name and password.
  public struct Credentials: Sendable, Equatable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
      self.username = username
      self.password = password
    }
  }

  /// The message the broker publishes when the client vanishes without a
  /// DISCONNECT (or disconnects asking for it). Always QoS 1.
  public struct Will: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    public var retain: Bool

    public init(topic: String, payload: [UInt8], retain: Bool) {
      self.topic = topic
      self.payload = payload
      self.retain = retain
    }
  }

  /// TLS settings: the CA that signed the broker's certificate and, for a
  /// broker that requires client certificates, the client's certificate and key.
  public struct TLS: Sendable, Equatable {
    public var caFile: String
    /// The client's certificate (PEM), signed by a CA the broker trusts.
    public var certFile: String?
    /// The private key of ``certFile`` (PEM, unencrypted).
    public var keyFile: String?

    public init(caFile: String, certFile: String? = nil, keyFile: String? = nil) {
      self.caFile = caFile
      self.certFile = certFile
      self.keyFile = keyFile
    }
  }

  /// A message received on a subscription.
  public struct Message: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    public var qos: Int
    /// True for a retained message the broker held before we subscribed.
    public var retain: Bool

    public init(topic: String, payload: [UInt8], qos: Int, retain: Bool) {
      self.topic = topic
      self.payload = payload
      self.qos = qos
      self.retain = retain
    }
  }

  /// The connection came up or went down (libmosquitto then reconnects).
  public enum ConnectionEvent: Sendable, Equatable {
    case connected
    /// `code` is 0 after ``disconnect(sendingWill:)``, else why it was lost.
    case disconnected(code: Int32)
  }

  public let configuration: Configuration
  /// Every message received on the client's subscriptions, in arrival order.
  public let messages: AsyncStream<Message>
  public let connectionEvents: AsyncStream<ConnectionEvent>

  private let handle: Mosquitto.Handle
  private let bridge: CallbackBridge
  /// The thread running libmosquitto's loop, while connected or reconnecting.
  private let network = Mutex<NetworkThread?>(nil)

  /// A configured client, not yet connected.
  ///
  /// - Throws: ``MQTTError`` with ``MQTTError/Operation/load(library:)`` when
  ///   libmosquitto cannot be loaded (not installed, too old), with
  ///   ``MQTTError/Operation/configure(_:)`` when it refuses a setting (an
  ///   unreadable CA file, a will topic that is not valid UTF-8).
  public init(_ configuration: Configuration) throws(MQTTError) {
    self.configuration = configuration
    let (messages, messageSink) = AsyncStream.makeStream(
      of: Message.self, bufferingPolicy: .unbounded)
    let (events, eventSink) = AsyncStream.makeStream(
      of: ConnectionEvent.self, bufferingPolicy: .unbounded)
    self.messages = messages
    self.connectionEvents = events
    let bridge = CallbackBridge(messages: messageSink, events: eventSink)
    self.bridge = bridge
    let library: Mosquitto.Library
    do {
      library = try Mosquitto.library.get()
    } catch {
      throw MQTTError(.load(library: Mosquitto.libraryName), .libraryUnavailable(error.reason))
    }
    let handle: Mosquitto.Handle
    do {
      handle = try Mosquitto.new(
        library, clientID: configuration.clientID,
        context: Unmanaged.passUnretained(bridge).toOpaque())
    } catch {
      throw MQTTError(.configure("client id \(configuration.clientID)"), error)
    }
    self.handle = handle
    // Every stored property is set: if configuring throws, deinit runs and
    // destroys the handle (destroying it here too was a double free).
    try Self.configure(handle, configuration)
    Mosquitto.setCallbacks(
      handle, connect: connectCallback, disconnect: disconnectCallback,
      publish: publishCallback, subscribe: subscribeCallback, message: messageCallback)
  }

  private static func configure(
    _ handle: Mosquitto.Handle, _ configuration: Configuration
  ) throws(MQTTError) {
    func attempt(_ what: String, _ body: () throws(Mosquitto.Failure) -> Void) throws(MQTTError) {
      do { try body() } catch { throw MQTTError(.configure(what), error) }
    }
    try attempt("MQTT v5") { () throws(Mosquitto.Failure) in
      try Mosquitto.useProtocolVersion5(handle)
    }
    try attempt("TCP_NODELAY") { () throws(Mosquitto.Failure) in
      try Mosquitto.sendWithoutDelay(handle)
    }
    try attempt("reconnect delay") { () throws(Mosquitto.Failure) in
      try Mosquitto.setReconnectDelay(handle, seconds: 1, maximum: 30)
    }
    if let credentials = configuration.credentials {
      try attempt("user \(credentials.username)") { () throws(Mosquitto.Failure) in
        try Mosquitto.setCredentials(
          handle, username: credentials.username, password: credentials.password)
      }
    }
    if let will = configuration.will {
      try attempt("last will on \(will.topic)") { () throws(Mosquitto.Failure) in
        try Mosquitto.setWill(
          handle, topic: will.topic, payload: will.payload, qos: 1, retain: will.retain)
      }
    }
    if let tls = configuration.tls {
      let files =
        "CA file \(tls.caFile)"
        + (tls.certFile.map { ", certificate \($0), key \(tls.keyFile ?? "missing")" } ?? "")
      try attempt("TLS with \(files)") { () throws(Mosquitto.Failure) in
        try Mosquitto.setTLS(
          handle, caFile: tls.caFile, certFile: tls.certFile, keyFile: tls.keyFile)
      }
    }
  }

  deinit {
    stop(reason: 0)
    Mosquitto.destroy(handle)
    bridge.finish()
  }

  /// Whether the broker has accepted the connection and it has not been lost.
  public var isConnected: Bool { bridge.isConnected }

  /// How many calls (connect, publish, subscribe) wait for the broker's answer now: what a
  /// status line or a test reads to know a publish is in flight.
  public var waitingForAnswers: Int { bridge.waitingCount }

  /// Connects, starts the network thread and waits for the broker's CONNACK.
  ///
  /// - Throws: ``MQTTError`` with ``MQTTError/Operation/connect(host:port:)``:
  ///   `.library` when nothing listens or TLS fails, `.refused` with the
  ///   CONNACK's reason code (134 for bad credentials), `.timedOut` without
  ///   an answer. The network thread is stopped again on failure.
  public func connect() async throws(MQTTError) {
    let operation = MQTTError.Operation.connect(
      host: configuration.host, port: configuration.port)
    if TCPReachability.isSilent(
      host: configuration.host, port: configuration.port, within: configuration.connectTimeout)
    {
      throw MQTTError(operation, .timedOut(after: configuration.connectTimeout))
    }
    bridge.forget(.connect)
    bridge.open()
    do {
      try Mosquitto.connect(
        handle, host: configuration.host, port: Int32(clamping: configuration.port),
        keepAlive: Int32(clamping: configuration.keepAliveSeconds))
      try network.withLock { (network: inout NetworkThread?) throws(Mosquitto.Failure) in
        if network == nil { network = try NetworkThread.start(handle, reportingTo: bridge) }
      }
    } catch {
      if configuration.tls != nil && error.isConnectionBrokenOff {
        throw MQTTError(operation, .tlsClosedByBroker)
      }
      throw MQTTError(operation, error)
    }
    let completion = await wait(for: .connect)
    switch completion {
    case .answered(let reason) where !reason.isFailure:
      return
    case .connectionLost where configuration.tls != nil:
      // TLS 1.3 ends the client's handshake before the broker has checked its certificate;
      // the broker's refusal then closes the connection: lost, EPROTO or a protocol error,
      // depending on when the alert arrives.
      stop(reason: 0)
      throw MQTTError(operation, .tlsClosedByBroker)
    case .failed(let failure) where configuration.tls != nil && failure.isConnectionBrokenOff:
      stop(reason: 0)
      throw MQTTError(operation, .tlsClosedByBroker)
    case .answered(let reason):
      stop(reason: 0)
      throw MQTTError(operation, .refused(reason))
    case .connectionLost:
      stop(reason: 0)
      throw MQTTError(operation, .connectionLost)
    case .failed(let failure):
      stop(reason: 0)
      throw MQTTError(operation, failure)
    case .timedOut:
      stop(reason: 0)
      throw MQTTError(operation, .timedOut(after: configuration.timeout))
    }
  }

  /// Publishes `payload` on `topic` with QoS 1 and waits for the PUBACK.
  ///
  /// - Returns: The PUBACK's reason code: ``ReasonCode/success`` or
  ///   ``ReasonCode/noMatchingSubscribers``.
  /// - Throws: ``MQTTError`` with ``MQTTError/Operation/publish(topic:)``:
  ///   `.refused(135)` for a topic outside the user's ACL (a fault to report),
  ///   `.connectionLost` or `.timedOut` when it was not acknowledged,
  ///   `.notConnected` before ``connect()``.
  @discardableResult
  public func publish(
    _ payload: [UInt8], to topic: String, retain: Bool = false
  ) async throws(MQTTError) -> ReasonCode {
    let operation = MQTTError.Operation.publish(topic: topic)
    guard isConnected else { throw MQTTError(operation, .notConnected) }
    let mid: Int32
    do {
      mid = try Mosquitto.publish(handle, topic: topic, payload: payload, qos: 1, retain: retain)
    } catch {
      throw MQTTError(operation, error)
    }
    return try answer(to: await wait(for: .publish(mid: mid)), operation)
  }

  /// Subscribes to `filter` with QoS 1 and waits for the SUBACK; the
  /// subscription is renewed after every reconnect.
  ///
  /// Mosquitto grants a subscription outside the ACL and then delivers
  /// nothing on it, so a granted SUBACK does not prove the ACL allows it.
  public func subscribe(to filter: String) async throws(MQTTError) {
    let operation = MQTTError.Operation.subscribe(filter: filter)
    guard isConnected else { throw MQTTError(operation, .notConnected) }
    bridge.remember(subscription: filter)
    let mid: Int32
    do {
      mid = try Mosquitto.subscribe(handle, filter: filter, qos: 1)
    } catch {
      throw MQTTError(operation, error)
    }
    _ = try answer(to: await wait(for: .subscribe(mid: mid)), operation)
  }

  /// Disconnects and stops the network thread; with `sendingWill` the
  /// broker publishes the will as if the client had vanished (MQTT v5
  /// reason 0x04). Calls still waiting for the broker's answer (a PUBACK
  /// from a broker that hangs) fail at once with
  /// ``MQTTError/Problem/connectionLost``, not at their timeout.
  public func disconnect(sendingWill: Bool = false) {
    stop(reason: sendingWill ? 0x04 : 0x00)
  }

  private func stop(reason: UInt8) {
    let running = network.withLock { network in
      defer { network = nil }
      return network
    }
    running?.stop(reason: reason)
    bridge.close()
  }

  private func answer(
    to completion: CallbackBridge.Completion, _ operation: MQTTError.Operation
  ) throws(MQTTError) -> ReasonCode {
    switch completion {
    case .answered(let reason) where reason.isFailure:
      throw MQTTError(operation, .refused(reason))
    case .answered(let reason): return reason
    case .connectionLost, .failed: throw MQTTError(operation, .connectionLost)
    case .timedOut: throw MQTTError(operation, .timedOut(after: configuration.timeout))
    }
  }

  /// Waits for the network thread to complete `key`, at most the configured
  /// timeout.
  private func wait(for key: CallbackBridge.Key) async -> CallbackBridge.Completion {
    let bridge = self.bridge
    let timeout = configuration.timeout
    let timer = Task {
      try? await Task.sleep(for: timeout)
      if !Task.isCancelled { bridge.complete(key, .timedOut) }
    }
    let completion = await withCheckedContinuation { continuation in
      bridge.register(key, continuation)
    }
    timer.cancel()
    if completion == .timedOut { bridge.forget(key) }
    return completion
  }
}
