import CMosquitto
import Glibc

/// An MQTT operation failed: what was being done, why, and what the user can
/// do about it.
///
/// The ``description`` is meant for people at the lane or the desk;
/// ``problem`` is for code that reacts to a specific case (a publish refused
/// with ``ReasonCode/notAuthorized`` is a fault to report, a lost connection
/// is a reason to resend).
public struct MQTTError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the client was doing.
  public enum Operation: Hashable, Sendable {
    /// Loading libmosquitto, when the first client is made.
    case load(library: String)
    /// Creating and configuring the client (credentials, will, TLS).
    case configure(String)
    /// Connecting to a broker and waiting for its CONNACK.
    case connect(host: String, port: Int)
    /// Publishing one message and waiting for its PUBACK.
    case publish(topic: String)
    /// Subscribing and waiting for the SUBACK.
    case subscribe(filter: String)
  }

  /// Why it failed.
  public enum Problem: Hashable, Sendable {
    /// The library is not installed, or lacks a function the client calls:
    /// the dynamic loader's message, or the function's name.
    case libraryUnavailable(String)
    /// A libmosquitto call returned this `MOSQ_ERR_*` code (and `errno`
    /// when the code is `MOSQ_ERR_ERRNO`).
    case library(code: Int32, errno: Int32)
    /// The broker answered with a failure reason code (0x80 and above).
    case refused(ReasonCode)
    /// No answer from the broker in time.
    case timedOut(after: Duration)
    /// The connection closed before the broker answered.
    case connectionLost
    /// The broker closed a TLS connection before answering CONNECT: it requires a client
    /// certificate, or refused the one shown.
    case tlsClosedByBroker
    /// The client is not connected (never connected, or disconnected).
    case notConnected
  }

  public var operation: Operation
  public var problem: Problem

  public init(_ operation: Operation, _ problem: Problem) {
    self.operation = operation
    self.problem = problem
  }

  init(_ operation: Operation, _ failure: Mosquitto.Failure) {
    self.init(operation, .library(code: failure.code, errno: failure.errno))
  }

  /// Whether connecting failed on settings the user must fix (the broker refused the
  /// credentials or the client id, or TLS failed, a client certificate included), not on a
  /// broker that is away.
  public var isSettingsProblem: Bool {
    switch (operation, problem) {
    case (.configure, _), (.connect, .refused), (.connect, .tlsClosedByBroker): true
    case (.connect, .library(let code, _)):
      code == Int32(MOSQ_ERR_TLS.rawValue) || code == Int32(MOSQ_ERR_TLS_HANDSHAKE.rawValue)
        || code == Int32(MOSQ_ERR_EAI.rawValue)
    default: false
    }
  }

  public var description: String {
    "\(doing) failed: \(reason)\(advice.map { ". " + $0 } ?? "")"
  }

  private var doing: String {
    switch operation {
    case .load(let library): "loading the MQTT library \(library)"
    case .configure(let what): "configuring the MQTT client (\(what))"
    case .connect(let host, let port): "connecting to the MQTT broker at \(host):\(port)"
    case .publish(let topic): "publishing to \(topic)"
    case .subscribe(let filter): "subscribing to \(filter)"
    }
  }

  private var reason: String {
    switch problem {
    case .library(let code, let number) where code == Int32(MOSQ_ERR_ERRNO.rawValue):
      String(cString: strerror(number))
    case .library(let code, _):
      String(Mosquitto.errorString(code).reversed().drop { $0 == "." }.reversed())
    case .libraryUnavailable(let reason): reason
    case .refused(let reason): "the broker answered \(reason)"
    case .timedOut(let after): "no answer from the broker within \(after)"
    case .connectionLost: "the connection closed before the broker answered"
    case .tlsClosedByBroker: "the broker closed the TLS connection before answering"
    case .notConnected: "the client is not connected"
    }
  }

  /// What the user can do about it, where the package knows.
  private var advice: String? {
    switch (operation, problem) {
    case (.load, _):
      "Install libmosquitto 2.0 or later (apt-get install libmosquitto1): lane needs it to reach"
        + " the centre's broker (--broker, lane desk, lane display), and nothing else does"
    case (.connect, .library(let code, let number))
    where code == Int32(MOSQ_ERR_ERRNO.rawValue) && number == ECONNREFUSED:
      "Nothing listens there: is the broker running, and are the host and port right?"
    case (.connect, .library(let code, _))
    where code == Int32(MOSQ_ERR_TLS.rawValue) || code == Int32(MOSQ_ERR_TLS_HANDSHAKE.rawValue):
      "Check that the CA file signed the broker's certificate and that the host name matches"
        + " it; a broker that requires client certificates refuses a client without one"
        + " (--certfile and --keyfile, made by deploy/centre/make-certs.sh --client)"
    case (.connect, .library(let code, _)) where code == Int32(MOSQ_ERR_EAI.rawValue):
      "The host name does not resolve; check it"
    case (.connect, .timedOut):
      "Is the broker's host on and on this network, is mosquitto running there, and does no"
        + " firewall drop the port?"
    case (.connect, .refused(.badUserNameOrPassword)), (.connect, .refused(.notAuthorized)):
      // mosquitto 2.0 answers a wrong password with 135, not 134.
      "Check the user name and password in the lane's credentials file against the broker's"
        + " password file (deploy/centre/add-user.sh creates both)"
    case (.connect, .tlsClosedByBroker):
      "It requires a client certificate signed by the centre's CA, or refused the one shown:"
        + " give the client's with --certfile and --keyfile (deploy/centre/make-certs.sh"
        + " --client FOLDER NAME makes them)"
    case (.connect, .connectionLost):
      "The broker closed the connection: with TLS, check the CA file and that the broker's"
        + " listener speaks TLS (and, if it requires client certificates, give the client's"
        + " with --certfile and --keyfile); without, that it does not"
    case (.publish, .refused(.notAuthorized)):
      "The broker's ACL does not let this user write that topic: a lane writes only its own"
        + " topics, a display only display-requests (deploy/centre/acl); the message was dropped"
    case (.subscribe, .refused(.notAuthorized)):
      "The broker's ACL does not let this user read that topic"
    case (_, .timedOut):
      "Is the broker overloaded, or the network cut?"
    case (.publish, .connectionLost):
      "It was not acknowledged and must be sent again after reconnecting"
    case (_, .notConnected):
      "Connect first, or wait for the client to reconnect"
    default: nil
    }
  }
}
