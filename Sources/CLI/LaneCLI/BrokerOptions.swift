import ArgumentParser
import CentreLink
import LaneRuntime
import LaneBridge
import LaneOptions
import MQTT

/// How a program reaches the centre's broker: its address, the credentials and the TLS
/// files. `lane run` and `lane simulate` take them for the centre link (optional), `lane
/// desk` and `lane display` to be the desk or a display (``require()``).
public struct BrokerOptions: ParsableArguments {
  public init() {}

  @Option(help: "The centre's MQTT broker, mqtt://HOST:PORT or mqtts://HOST:PORT.")
  public var broker: String?

  @Option(
    name: .customLong("mqtt-credentials"),
    help: """
      A file of user=NAME and password=SECRET lines, mode 600 (deploy/centre/add-user.sh): \
      the lane's user, or the desk's, which reads every lane and may send commands. A pair's \
      league replay takes it twice: the left lane's, then the right lane's.
      """)
  public var credentialsFiles: [String] = []

  /// `--mqtt-credentials`, given once (a pair's are ``pairSettings()``'s).
  public var credentials: String? {
    get { credentialsFiles.first }
    set { credentialsFiles = newValue.map { [$0] } ?? [] }
  }

  @Option(help: "The centre's CA certificate, for an mqtts:// broker.")
  public var cafile: String?

  @Option(help: "The client certificate, for a broker that requires one (mutual TLS).")
  public var certfile: String?

  @Option(help: "The private key of --certfile, mode 600.")
  public var keyfile: String?

  public func validate() throws {
    if credentialsFiles.count > 2 {
      try validated(
        OptionValueError("give --mqtt-credentials once, or twice for a pair (the left lane's, then the right's)"))
    }
    for credentials in credentialsFiles.isEmpty ? [String?.none] : credentialsFiles.map(Optional.some) {
      try validated(
        try OptionValues.checkBrokerFiles(
          broker: broker, credentials: credentials, cafile: cafile, certfile: certfile,
          keyfile: keyfile))
    }
  }

  /// For the desk and the displays, which have nothing to do without a broker.
  public func require() throws {
    _ = try validated(try OptionValues.requiredBroker(broker))
  }

  /// The settings of a desk or a display, which has ``require()``d a broker.
  public func requiredSettings() throws(LaneFailure) -> BrokerSettings {
    let url: String
    do { url = try OptionValues.requiredBroker(broker) } catch { throw LaneFailure(.usage, error.message) }
    return try settings(url: url, credentials: credentials)
  }

  /// The broker settings, `nil` without `--broker`; or a failure: 66 for a file that cannot
  /// be read, 64 for anything else wrong (two credentials files, which only a pair takes).
  public func settings() throws(LaneFailure) -> BrokerSettings? {
    guard credentialsFiles.count < 2 else {
      throw LaneFailure(.usage, "--mqtt-credentials twice is a pair's, with --league; give one")
    }
    return try broker.map { url throws(LaneFailure) in try settings(url: url, credentials: credentials) }
  }

  /// The settings of each lane of a pair, `nil` without `--broker`: `--mqtt-credentials`
  /// twice, the left lane's then the right's, each user the lane's id; or a failure: 64
  /// without both, or with a client certificate (a pair's lanes are two broker users), 66
  /// for a file that cannot be read.
  public func pairSettings() throws(LaneFailure) -> PairLinks.Settings? {
    guard let broker else { return nil }
    guard credentialsFiles.count == 2, certfile == nil else {
      throw LaneFailure(
        .usage,
        "a pair's centre link is two lanes, each its own broker user: give --mqtt-credentials twice,"
          + " the left lane's then the right lane's (no --certfile)")
    }
    return PairLinks.Settings(
      left: try settings(url: broker, credentials: credentialsFiles[0]),
      right: try settings(url: broker, credentials: credentialsFiles[1]))
  }

  private func settings(url: String, credentials: String?) throws(LaneFailure) -> BrokerSettings {
    try BrokerSettings(
      url: url, credentials: credentials, cafile: cafile, certfile: certfile, keyfile: keyfile)
  }
}

extension BrokerSettings {
  /// The settings a command's broker options give (the desk's, a display's or a lane's),
  /// or a failure: 66 for a file that cannot be read, 64 for anything else wrong.
  public init(
    url: String, credentials: String?, cafile: String?, certfile: String?, keyfile: String?
  ) throws(LaneFailure) {
    do {
      try self.init(
        url: url, credentialsFile: credentials, caFile: cafile, certFile: certfile,
        keyFile: keyfile)
    } catch {
      throw LaneFailure(error.isUnreadableFile ? .noInput : .usage, "\(error)")
    }
  }
}
