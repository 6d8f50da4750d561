import ArgumentParser
import CentreLink
import LaneBridge
import LaneConfiguration

/// `--config FILE`: the lane's settings from a file (deploy/lane/lane.toml), for the systemd
/// unit; every option given on the command line overrides the file.
public struct ConfigOptions: ParsableArguments {
  public init() {}

  @Option(help: """
    A lane config file (TOML, e.g. deploy/lane/lane.toml) with lane, wiring, journal, bowlers, \
    http, http_public and a [centre] table, or a pair's with two [[lanes]] (each its lane, \
    wiring, journal, bowlers, credentials; docs/running.md); options given here override it, \
    and relative paths in it are resolved against its folder.
    """)
  public var config: String?

  /// The file's settings, `nil` without `--config`; or a failure saying every problem,
  /// exit 66 (unreadable) or 64.
  public func load() throws(LaneFailure) -> LaneConfig? {
    guard let config else { return nil }
    do {
      return try LaneConfig(contentsOf: config)
    } catch {
      throw LaneFailure(error.isUnreadable ? .noInput : .usage, "\(error)")
    }
  }

  /// The options with the file's settings filled in where the command line gave none, checked
  /// again as the command line's are (exit 64 naming the file).
  ///
  /// - Parameters:
  ///   - file: The file as ``load()`` read it, `nil` without `--config`.
  ///   - wiring: `--wiring`, for `lane run`; a replay has none to fill.
  public func merged(
    _ file: LaneConfig?, wiring: inout String?, session: inout SessionOptions, centre: inout CentreOptions,
    web: inout HTTPOptions
  ) throws {
    guard let file else { return }
    wiring = wiring ?? file.wiring
    session.journal = session.journal ?? file.journal
    session.bowlers = session.bowlers ?? file.bowlers?.joined(separator: ",")
    // --http-public needs --http on the command line, checked there.
    web.fill(from: file)
    centre.lane = centre.lane ?? file.lane
    // The centre link's settings go together: --broker on the command line takes none of
    // the file's [centre] (and the credentials and TLS options need --broker, checked when
    // the command line is parsed).
    if centre.connection.broker == nil {
      centre.connection.broker = file.centre.broker
      centre.connection.credentials = file.centre.credentials
      centre.connection.cafile = file.centre.cafile
      centre.connection.certfile = file.centre.certfile
      centre.connection.keyfile = file.centre.keyfile
    }
    do {
      try session.validate()
      try centre.validate()
      try centre.connection.validate()
      try web.validate()
    } catch let error as ValidationError {
      throw LaneFailure(.usage, "\(error.message) (with --config \(config ?? ""))")
    }
    // The file's broker settings are checked now, as --broker's are, before a journal is
    // opened, so that the message can name the file.
    if let broker = file.centre.broker, centre.connection.broker == broker {
      do {
        _ = try BrokerSettings(
          url: broker, credentialsFile: centre.connection.credentials,
          caFile: centre.connection.cafile, certFile: centre.connection.certfile,
          keyFile: centre.connection.keyfile)
      } catch {
        throw LaneFailure(
          error.isUnreadableFile ? .noInput : .usage, "\(error) (with --config \(config ?? ""))")
      }
    }
  }
}
