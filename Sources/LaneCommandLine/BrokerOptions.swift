import ArgumentParser
import CentreLink
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
      A file of user=NAME and password=SECRET lines, mode 600 (deploy/centre/add-lane.sh): \
      the lane's user, or the desk's, which reads every lane and may send commands.
      """)
  public var credentials: String?

  @Option(help: "The centre's CA certificate, for an mqtts:// broker.")
  public var cafile: String?

  @Option(help: "The client certificate, for a broker that requires one (mutual TLS).")
  public var certfile: String?

  @Option(help: "The private key of --certfile, mode 600.")
  public var keyfile: String?

  public func validate() throws {
    try validated(
      try OptionValues.checkBrokerFiles(
        broker: broker, credentials: credentials, cafile: cafile, certfile: certfile,
        keyfile: keyfile))
  }

  /// For the desk and the displays, which have nothing to do without a broker.
  public func require() throws {
    _ = try validated(try OptionValues.requiredBroker(broker))
  }

  /// The settings of a desk or a display, which has ``require()``d a broker.
  public func requiredSettings() throws(LaneFailure) -> BrokerSettings {
    let url: String
    do { url = try OptionValues.requiredBroker(broker) } catch { throw LaneFailure(.usage, error.message) }
    return try settings(url: url)
  }

  /// The broker settings, `nil` without `--broker`; or a failure: 66 for a file that cannot
  /// be read, 64 for anything else wrong.
  public func settings() throws(LaneFailure) -> BrokerSettings? {
    try broker.map { url throws(LaneFailure) in try settings(url: url) }
  }

  private func settings(url: String) throws(LaneFailure) -> BrokerSettings {
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
