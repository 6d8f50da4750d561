import CMosquitto
import Glibc

/// The one place that calls libmosquitto: each `mosquitto_*` function is
/// wrapped here exactly once, and nothing else in the package sees its
/// pointers or its `MOSQ_ERR_*` results.
///
/// The library is loaded when the first client is made (``library``), not
/// linked: a lane without a broker never maps it, nor OpenSSL.
enum Mosquitto {
  /// libmosquitto could not be loaded: not installed, or too old to have a
  /// function lane calls. `reason` is the loader's message or names the function.
  struct Unavailable: Error, Equatable, Sendable {
    var reason: String
  }

  /// libmosquitto's functions, from a library loaded and initialised once.
  struct Library: @unchecked Sendable {
    /// The functions: valid for the rest of the process once loaded.
    let functions: UnsafePointer<lane_mosquitto>
    /// What `mosquitto_lib_init` returned.
    let initialised: Int32
  }

  /// The library's name the loader searches for (`libmosquitto1` installs it).
  static let libraryName = LANE_MOSQUITTO_LIBRARY

  /// libmosquitto, loaded and initialised on first use (`mosquitto_lib_init`).
  static let library: Result<Library, Unavailable> = load(libraryName)

  /// Loads the library `name` (a soname or a path) and finds every function
  /// lane calls in it.
  static func load(_ name: String) -> Result<Library, Unavailable> {
    var why = [CChar](repeating: 0, count: 512)
    guard let functions = lane_mosquitto_load(name, &why, why.count) else {
      let reason = why.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      return .failure(Unavailable(reason: reason))
    }
    let initialised = functions.pointee.mosquitto_lib_init()
    return .success(Library(functions: functions, initialised: initialised))
  }

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
    /// The library that made it.
    var library: Library

    /// Its library's functions.
    var call: lane_mosquitto { library.functions.pointee }
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

  /// The corresponding C function is `mosquitto_strerror`; a `MOSQ_ERR_*`
  /// code reaches Swift only from a loaded library.
  static func errorString(_ code: Int32) -> String {
    guard case .success(let library) = library,
      let text = library.functions.pointee.mosquitto_strerror(code)
    else { return "libmosquitto error \(code)" }
    return String(cString: text)
  }

  /// The corresponding C function is `mosquitto_reason_string`; its name
  /// without the library (a reason code made in Swift, the library missing).
  static func reasonString(_ reason: UInt8) -> String {
    guard case .success(let library) = library,
      let text = library.functions.pointee.mosquitto_reason_string(Int32(reason))
    else { return "reason code \(reason)" }
    return String(cString: text)
  }

  // MARK: Clients

  /// A new client with a clean start whose callbacks receive `context`. The
  /// corresponding C function is `mosquitto_new`.
  static func new(
    _ library: Library, clientID: String, context: UnsafeMutableRawPointer
  ) throws(Failure) -> Handle {
    try check(library.initialised)
    guard let pointer = library.functions.pointee.mosquitto_new(clientID, true, context) else {
      throw Failure(code: Int32(MOSQ_ERR_ERRNO.rawValue), errno: Glibc.errno)
    }
    return Handle(pointer: pointer, library: library)
  }

  /// The corresponding C function is `mosquitto_destroy`.
  static func destroy(_ handle: Handle) {
    handle.call.mosquitto_destroy(handle.pointer)
  }

  /// Speaks MQTT v5 on this client. The corresponding C function is
  /// `mosquitto_int_option` with `MOSQ_OPT_PROTOCOL_VERSION`.
  static func useProtocolVersion5(_ handle: Handle) throws(Failure) {
    try check(handle.call.mosquitto_int_option(handle.pointer, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5))
  }

  /// Sends each packet at once, without Nagle's algorithm: a small packet written while
  /// the last is unacknowledged would otherwise wait for the peer's delayed ACK, up to
  /// 40 ms on Linux (a desk's acknowledgement behind its PUBACK). The corresponding C
  /// function is `mosquitto_int_option` with `MOSQ_OPT_TCP_NODELAY`.
  static func sendWithoutDelay(_ handle: Handle) throws(Failure) {
    try check(handle.call.mosquitto_int_option(handle.pointer, MOSQ_OPT_TCP_NODELAY, 1))
  }

  /// The corresponding C function is `mosquitto_username_pw_set`.
  static func setCredentials(_ handle: Handle, username: String, password: String) throws(Failure) {
    try check(handle.call.mosquitto_username_pw_set(handle.pointer, username, password))
  }

  /// The corresponding C function is `mosquitto_will_set_v5`.
  static func setWill(
    _ handle: Handle, topic: String, payload: [UInt8], qos: Int32, retain: Bool
  ) throws(Failure) {
    let code = payload.withUnsafeBytes { bytes in
      handle.call.mosquitto_will_set_v5(
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
    try check(handle.call.mosquitto_tls_set(handle.pointer, caFile, nil, certFile, keyFile, nil))
  }

  /// The corresponding C function is `mosquitto_reconnect_delay_set`.
  static func setReconnectDelay(_ handle: Handle, seconds: UInt32, maximum: UInt32) throws(Failure) {
    try check(handle.call.mosquitto_reconnect_delay_set(handle.pointer, seconds, maximum, true))
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
    handle.call.mosquitto_connect_v5_callback_set(handle.pointer, connect)
    handle.call.mosquitto_disconnect_v5_callback_set(handle.pointer, disconnect)
    handle.call.mosquitto_publish_v5_callback_set(handle.pointer, publish)
    handle.call.mosquitto_subscribe_v5_callback_set(handle.pointer, subscribe)
    handle.call.mosquitto_message_v5_callback_set(handle.pointer, message)
  }

  /// Opens the TCP (and TLS) connection and sends CONNECT; blocks until the
  /// socket is connected. The corresponding C function is
  /// `mosquitto_connect_bind_v5`.
  static func connect(
    _ handle: Handle, host: String, port: Int32, keepAlive: Int32
  ) throws(Failure) {
    try check(handle.call.mosquitto_connect_bind_v5(handle.pointer, host, port, keepAlive, nil, nil))
  }

  /// Tells libmosquitto another thread runs its loop, so a publish from any
  /// thread queues its packet and wakes that loop instead of writing itself.
  /// The corresponding C function is `mosquitto_threaded_set`.
  static func setThreaded(_ handle: Handle) throws(Failure) {
    try check(handle.call.mosquitto_threaded_set(handle.pointer, true))
  }

  /// Waits up to `milliseconds` for the socket, then reads, writes and keeps
  /// alive; returns the `MOSQ_ERR_*` code (not success once the connection
  /// is lost, as a ``Failure``). The corresponding C function is `mosquitto_loop`.
  static func loop(_ handle: Handle, milliseconds: Int32) throws(Failure) {
    try check(handle.call.mosquitto_loop(handle.pointer, milliseconds, 1))
  }

  /// Connects again with the same settings; blocks until the socket is
  /// connected. The corresponding C function is `mosquitto_reconnect`.
  static func reconnect(_ handle: Handle) throws(Failure) {
    try check(handle.call.mosquitto_reconnect(handle.pointer))
  }

  /// Sends DISCONNECT with this v5 reason code (4 asks the broker to publish
  /// the will). The corresponding C function is `mosquitto_disconnect_v5`.
  static func disconnect(_ handle: Handle, reason: UInt8) {
    _ = handle.call.mosquitto_disconnect_v5(handle.pointer, Int32(reason), nil)
  }

  /// Queues a publish and returns its message id. The corresponding C
  /// function is `mosquitto_publish_v5`.
  static func publish(
    _ handle: Handle, topic: String, payload: [UInt8], qos: Int32, retain: Bool
  ) throws(Failure) -> Int32 {
    var mid: Int32 = 0
    let code = payload.withUnsafeBytes { bytes in
      handle.call.mosquitto_publish_v5(
        handle.pointer, &mid, topic, Int32(bytes.count), bytes.baseAddress, qos, retain, nil)
    }
    try check(code)
    return mid
  }

  /// Queues a subscription and returns its message id. The corresponding C
  /// function is `mosquitto_subscribe_v5`.
  static func subscribe(_ handle: Handle, filter: String, qos: Int32) throws(Failure) -> Int32 {
    var mid: Int32 = 0
    try check(handle.call.mosquitto_subscribe_v5(handle.pointer, &mid, filter, qos, 0, nil))
    return mid
  }
}
