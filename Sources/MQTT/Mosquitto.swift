import CMosquitto
import Glibc

/// The one place that calls libmosquitto: each `mosquitto_*` function is
/// wrapped here exactly once, and nothing else in the package sees its
/// pointers or its `MOSQ_ERR_*` results.
enum Mosquitto {
  /// A libmosquitto call returned this `MOSQ_ERR_*` code; callers add what
  /// they were doing. `errno` is set when the code is `MOSQ_ERR_ERRNO`.
  struct Failure: Error, Equatable, Sendable {
    var code: Int32
    var errno: Int32

    /// The peer broke off the connection: a protocol error, `EPROTO`, `ECONNRESET` or a
    /// lost connection (a TLS peer's alert arrives as any of them).
    var isConnectionBrokenOff: Bool {
      code == Int32(MOSQ_ERR_PROTOCOL.rawValue) || code == Int32(MOSQ_ERR_CONN_LOST.rawValue)
        || (code == Int32(MOSQ_ERR_ERRNO.rawValue) && (errno == EPROTO || errno == ECONNRESET))
    }
  }

  /// A client handle, as libmosquitto hands it out.
  ///
  /// Sendable because libmosquitto's client calls are thread safe once its
  /// network thread runs (`mosquitto_loop_start` sets threaded mode), and
  /// ``MQTTClient`` owns the handle and destroys it after stopping that thread.
  struct Handle: @unchecked Sendable {
    var pointer: OpaquePointer
  }

  /// The C callbacks' signatures; they reach Swift through the `obj` pointer.
  typealias ConnectCallback = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, Int32, Int32, OpaquePointer?
  ) -> Void
  typealias DisconnectCallback = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, Int32, OpaquePointer?
  ) -> Void
  typealias PublishCallback = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, Int32, Int32, OpaquePointer?
  ) -> Void
  typealias SubscribeCallback = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<Int32>?,
    OpaquePointer?
  ) -> Void
  typealias MessageCallback = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?,
    OpaquePointer?
  ) -> Void

  static let success = Int32(MOSQ_ERR_SUCCESS.rawValue)
  static let errnoCode = Int32(MOSQ_ERR_ERRNO.rawValue)

  /// Turns a `MOSQ_ERR_*` result into a ``Failure``, reading `errno` at once.
  static func check(_ code: Int32) throws(Failure) {
    guard code != success else { return }
    let error = code == Int32(MOSQ_ERR_ERRNO.rawValue) ? Glibc.errno : 0
    throw Failure(code: code, errno: error)
  }

  // MARK: Library

  /// Initialises the library once per process, on first use. The
  /// corresponding C function is `mosquitto_lib_init`.
  private static let initialised: Int32 = mosquitto_lib_init()

  /// The corresponding C function is `mosquitto_lib_version`.
  static var libraryVersion: String {
    var major: Int32 = 0
    var minor: Int32 = 0
    var revision: Int32 = 0
    _ = mosquitto_lib_version(&major, &minor, &revision)
    return "\(major).\(minor).\(revision)"
  }

  /// The corresponding C function is `mosquitto_strerror`.
  static func errorString(_ code: Int32) -> String {
    String(cString: mosquitto_strerror(code))
  }

  /// The corresponding C function is `mosquitto_reason_string`.
  static func reasonString(_ reason: UInt8) -> String {
    String(cString: mosquitto_reason_string(Int32(reason)))
  }

  // MARK: Clients

  /// A new client with a clean start whose callbacks receive `context`. The
  /// corresponding C function is `mosquitto_new`.
  static func new(clientID: String, context: UnsafeMutableRawPointer) throws(Failure) -> Handle {
    try check(initialised)
    guard let pointer = mosquitto_new(clientID, true, context) else {
      throw Failure(code: Int32(MOSQ_ERR_ERRNO.rawValue), errno: Glibc.errno)
    }
    return Handle(pointer: pointer)
  }

  /// The corresponding C function is `mosquitto_destroy`.
  static func destroy(_ handle: Handle) {
    mosquitto_destroy(handle.pointer)
  }

  /// Speaks MQTT v5 on this client. The corresponding C function is
  /// `mosquitto_int_option` with `MOSQ_OPT_PROTOCOL_VERSION`.
  static func useProtocolVersion5(_ handle: Handle) throws(Failure) {
    try check(mosquitto_int_option(handle.pointer, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5))
  }

  /// The corresponding C function is `mosquitto_username_pw_set`.
  static func setCredentials(_ handle: Handle, username: String, password: String) throws(Failure) {
    try check(mosquitto_username_pw_set(handle.pointer, username, password))
  }

  /// The corresponding C function is `mosquitto_will_set_v5`.
  static func setWill(
    _ handle: Handle, topic: String, payload: [UInt8], qos: Int32, retain: Bool
  ) throws(Failure) {
    let code = payload.withUnsafeBytes { bytes in
      mosquitto_will_set_v5(
        handle.pointer, topic, Int32(bytes.count), bytes.baseAddress, qos, retain, nil)
    }
    try check(code)
  }

  /// Verifies the broker's certificate against the CA in `caFile` and, with
  /// `certFile` and `keyFile`, shows the broker the client's own certificate
  /// (mutual TLS). The corresponding C function is `mosquitto_tls_set`.
  static func setTLS(
    _ handle: Handle, caFile: String, certFile: String?, keyFile: String?
  ) throws(Failure) {
    try check(mosquitto_tls_set(handle.pointer, caFile, nil, certFile, keyFile, nil))
  }

  /// The corresponding C function is `mosquitto_reconnect_delay_set`.
  static func setReconnectDelay(_ handle: Handle, seconds: UInt32, maximum: UInt32) throws(Failure) {
    try check(mosquitto_reconnect_delay_set(handle.pointer, seconds, maximum, true))
  }

  /// Sets every callback the client uses. The corresponding C functions are
  /// `mosquitto_connect_v5_callback_set`, `mosquitto_disconnect_v5_callback_set`,
  /// `mosquitto_publish_v5_callback_set`, `mosquitto_subscribe_v5_callback_set`
  /// and `mosquitto_message_v5_callback_set`.
  static func setCallbacks(
    _ handle: Handle,
    connect: ConnectCallback, disconnect: DisconnectCallback, publish: PublishCallback,
    subscribe: SubscribeCallback, message: MessageCallback
  ) {
    mosquitto_connect_v5_callback_set(handle.pointer, connect)
    mosquitto_disconnect_v5_callback_set(handle.pointer, disconnect)
    mosquitto_publish_v5_callback_set(handle.pointer, publish)
    mosquitto_subscribe_v5_callback_set(handle.pointer, subscribe)
    mosquitto_message_v5_callback_set(handle.pointer, message)
  }

  /// Opens the TCP (and TLS) connection and sends CONNECT; blocks until the
  /// socket is connected. The corresponding C function is
  /// `mosquitto_connect_bind_v5`.
  static func connect(
    _ handle: Handle, host: String, port: Int32, keepAlive: Int32
  ) throws(Failure) {
    try check(mosquitto_connect_bind_v5(handle.pointer, host, port, keepAlive, nil, nil))
  }

  /// Tells libmosquitto another thread runs its loop, so a publish from any
  /// thread queues its packet and wakes that loop instead of writing itself.
  /// The corresponding C function is `mosquitto_threaded_set`.
  static func setThreaded(_ handle: Handle) throws(Failure) {
    try check(mosquitto_threaded_set(handle.pointer, true))
  }

  /// Waits up to `milliseconds` for the socket, then reads, writes and keeps
  /// alive; returns the `MOSQ_ERR_*` code (not success once the connection
  /// is lost, as a ``Failure``). The corresponding C function is `mosquitto_loop`.
  static func loop(_ handle: Handle, milliseconds: Int32) throws(Failure) {
    try check(mosquitto_loop(handle.pointer, milliseconds, 1))
  }

  /// Connects again with the same settings; blocks until the socket is
  /// connected. The corresponding C function is `mosquitto_reconnect`.
  static func reconnect(_ handle: Handle) throws(Failure) {
    try check(mosquitto_reconnect(handle.pointer))
  }

  /// Sends DISCONNECT with this v5 reason code (4 asks the broker to publish
  /// the will). The corresponding C function is `mosquitto_disconnect_v5`.
  static func disconnect(_ handle: Handle, reason: UInt8) {
    _ = mosquitto_disconnect_v5(handle.pointer, Int32(reason), nil)
  }

  /// Queues a publish and returns its message id. The corresponding C
  /// function is `mosquitto_publish_v5`.
  static func publish(
    _ handle: Handle, topic: String, payload: [UInt8], qos: Int32, retain: Bool
  ) throws(Failure) -> Int32 {
    var mid: Int32 = 0
    let code = payload.withUnsafeBytes { bytes in
      mosquitto_publish_v5(
        handle.pointer, &mid, topic, Int32(bytes.count), bytes.baseAddress, qos, retain, nil)
    }
    try check(code)
    return mid
  }

  /// Queues a subscription and returns its message id. The corresponding C
  /// function is `mosquitto_subscribe_v5`.
  static func subscribe(_ handle: Handle, filter: String, qos: Int32) throws(Failure) -> Int32 {
    var mid: Int32 = 0
    try check(mosquitto_subscribe_v5(handle.pointer, &mid, filter, qos, 0, nil))
    return mid
  }
}
