import Foundation
import MQTT
import SafeFiles
import POSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Where the centre's broker is and how to log in: `--broker`, `--mqtt-credentials`,
/// `--cafile` and, for mutual TLS, `--certfile` and `--keyfile`, checked before anything
/// connects.
public struct BrokerSettings: Sendable, Equatable {
  public var host: String
  public var port: Int
  /// Set for `mqtts://`.
  public var caFile: String?
  /// The client's certificate and key, for a broker that requires client certificates
  /// (its common name is then the broker user name).
  public var certFile: String?
  public var keyFile: String?
  public var credentials: MQTTClient.Credentials?

  /// What is wrong with the settings, said so the user can fix it.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    /// Whether a file could not be read (exit 66) rather than being wrong (64).
    public var isUnreadableFile: Bool
  }

  /// Settings from the command line's values.
  ///
  /// - Parameters:
  ///   - url: `mqtt://HOST[:PORT]` (default port 1883) or `mqtts://HOST[:PORT]` (8883).
  ///   - credentialsFile: A file of `user=NAME` and `password=SECRET` lines, not readable by
  ///     others (mode 600 or 640).
  ///   - caFile: The CA that signed the broker's certificate; needed for `mqtts://`.
  ///   - certFile: The client's certificate, for mutual TLS; goes with `keyFile`.
  ///   - keyFile: The certificate's private key, not readable by others (mode 600 or 640).
  /// - Throws: ``Problem`` saying what is wrong.
  public init(
    url: String, credentialsFile: String?, caFile: String?, certFile: String? = nil,
    keyFile: String? = nil
  ) throws(Problem) {
    let schemes = ["mqtt://": 1883, "mqtts://": 8883]
    guard let scheme = schemes.keys.first(where: url.hasPrefix), let defaultPort = schemes[scheme]
    else {
      throw Problem(
        description: "--broker '\(url)' is not mqtt://HOST:PORT or mqtts://HOST:PORT,"
          + " e.g. mqtt://127.0.0.1:1883", isUnreadableFile: false)
    }
    let rest = url.dropFirst(scheme.count)
    let hostAndPort = rest.hasSuffix("/") ? rest.dropLast() : rest
    var host = String(hostAndPort)
    var port = defaultPort
    if let colon = hostAndPort.lastIndex(of: ":"), !hostAndPort.hasSuffix("]") {
      guard let number = Int(hostAndPort[hostAndPort.index(after: colon)...]),
        (1...65535).contains(number)
      else {
        throw Problem(
          description: "--broker '\(url)': the port must be a number from 1 to 65535",
          isUnreadableFile: false)
      }
      port = number
      host = String(hostAndPort[..<colon])
    }
    guard !host.isEmpty, !host.contains("/"), !host.contains("@") else {
      throw Problem(
        description: "--broker '\(url)' names no host; e.g. mqtt://desk-pc.local:1883",
        isUnreadableFile: false)
    }
    self.host = host
    self.port = port
    if scheme == "mqtts://" {
      guard let caFile else {
        throw Problem(
          description: "--broker \(url) uses TLS: give the centre's CA certificate with --cafile"
            + " (deploy/centre/make-certs.sh makes it)", isUnreadableFile: false)
      }
      try Self.checkReadable(caFile, option: "--cafile")
      self.caFile = caFile
    } else if caFile != nil {
      throw Problem(
        description: "--cafile goes with an mqtts:// broker; \(url) is plain MQTT",
        isUnreadableFile: false)
    }
    (self.certFile, self.keyFile) = try Self.checkClientCertificate(
      certFile: certFile, keyFile: keyFile, url: url, tls: scheme == "mqtts://")
    credentials = try credentialsFile.map(Self.readCredentials)
  }

  /// Checks `--certfile` and `--keyfile`: both or neither, only for `mqtts://`, readable,
  /// and the key not readable by every user.
  static func checkClientCertificate(
    certFile: String?, keyFile: String?, url: String, tls: Bool
  ) throws(Problem) -> (String?, String?) {
    guard let certFile, let keyFile else {
      if certFile == nil && keyFile == nil { return (nil, nil) }
      throw Problem(
        description: "--certfile and --keyfile go together: the client's certificate and its"
          + " private key (deploy/centre/make-certs.sh --client makes both)",
        isUnreadableFile: false)
    }
    guard tls else {
      throw Problem(
        description: "--certfile and --keyfile go with an mqtts:// broker; \(url) is plain MQTT",
        isUnreadableFile: false)
    }
    try checkReadable(certFile, option: "--certfile")
    let status = try checkReadable(keyFile, option: "--keyfile")
    guard status.st_mode & S_IROTH == 0 else {
      throw Problem(
        description: "--keyfile '\(keyFile)' is readable by every user of this machine;"
          + " it is the lane's private key: chmod 600 '\(keyFile)'",
        isUnreadableFile: false)
    }
    return (certFile, keyFile)
  }

  /// Checks that `path` is a regular file this process may read (a link is followed: CA
  /// certificates are often links), so TLS never opens a FIFO, which would hang, or a device.
  ///
  /// - Returns: The file's status.
  @discardableResult
  static func checkReadable(_ path: String, option: String) throws(Problem) -> stat {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw Problem(
        description: "\(option) '\(path)' cannot be read: \(String(cString: strerror(errno)))",
        isUnreadableFile: true)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw Problem(
        description: "\(option) '\(path)' is not a regular file (a FIFO, a device or a folder); give the certificate or key file itself",
        isUnreadableFile: true)
    }
    do {
      try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec]).close()
    } catch {
      let code = Errno(of: error).rawValue
      throw Problem(
        description: "\(option) '\(path)' cannot be read: \(String(cString: strerror(code)))",
        isUnreadableFile: true)
    }
    return status
  }

  /// The largest credentials file read: two short lines.
  static let maximumCredentialsSize = 4096

  /// Reads `user=` and `password=` from `path`, a regular file (a link is not followed)
  /// that others may not read.
  static func readCredentials(_ path: String) throws(Problem) -> MQTTClient.Credentials {
    let text: String
    let permissions: mode_t
    do {
      let secret = try FileContents.readSecret(path, maximumSize: maximumCredentialsSize, kind: "a credentials file")
      (text, permissions) = (secret.text, secret.permissions)
    } catch {
      throw Problem(
        description: "--mqtt-credentials '\(path)' cannot be read: \(error.reason)", isUnreadableFile: true)
    }
    guard permissions & S_IROTH == 0 else {
      throw Problem(
        description: "--mqtt-credentials '\(path)' is readable by every user of this machine;"
          + " it holds the lane's broker password: chmod 600 '\(path)'",
        isUnreadableFile: false)
    }
    var fields: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1] }
    }
    guard let user = fields["user"], !user.isEmpty, let password = fields["password"],
      !password.isEmpty
    else {
      throw Problem(
        description: "--mqtt-credentials '\(path)' needs a user=NAME and a password=SECRET line"
          + " (deploy/centre/add-user.sh writes one)", isUnreadableFile: false)
    }
    return MQTTClient.Credentials(username: user, password: password)
  }

  /// A client configuration for these settings.
  public func configuration(clientPrefix: String, will: MQTTClient.Will?) -> MQTTClient.Configuration {
    MQTTClient.Configuration(
      host: host, port: port,
      clientID: MQTTClient.Configuration.uniqueClientID(prefix: clientPrefix),
      credentials: credentials, will: will, tls: caFile.map { MQTTClient.TLS(caFile: $0, certFile: certFile, keyFile: keyFile) },
      keepAliveSeconds: 10, timeout: .seconds(10))
  }
}
