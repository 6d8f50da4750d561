import ArgumentParser
import CentreLink
import LaneBridge
import MQTT

/// How the centre's own programs (`lane desk`, `lane display`) reach the broker: its address,
/// the desk's credentials and the TLS files.
public struct BrokerClientOptions: ParsableArguments {
  public init() {}

  @Option(help: "The centre's MQTT broker, mqtt://HOST:PORT or mqtts://HOST:PORT.")
  public var broker: String

  @Option(
    name: .customLong("mqtt-credentials"),
    help: "A file of user=desk and password=SECRET lines, mode 600 (deploy/centre/add-lane.sh); that user reads every lane and may send commands.")
  public var credentials: String?

  @Option(help: "The centre's CA certificate, for an mqtts:// broker.")
  public var cafile: String?

  @Option(help: "The desk's client certificate, for a broker that requires one (mutual TLS).")
  public var certfile: String?

  @Option(help: "The private key of --certfile, mode 600.")
  public var keyfile: String?

  /// The broker settings, or a failure: 66 for a file that cannot be read, 64 for anything
  /// else wrong.
  public func settings() throws -> BrokerSettings {
    try BrokerSettings(
      url: broker, credentials: credentials, cafile: cafile,
      certfile: certfile, keyfile: keyfile)
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
