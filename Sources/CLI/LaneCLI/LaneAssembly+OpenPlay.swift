import CentreLink
import LaneRuntime
import LaneBridge
import LaneConfiguration
import LaneSensing

extension LaneAssembly.Settings {
  /// One lane of a pair in open play, as one lane's run of it would be set: its id (in a new
  /// journal's header, on the broker and on the boards), its journal and bowlers, and with
  /// the file's `[centre] broker` its own broker user (its `credentials`, the shared
  /// `cafile`).
  ///
  /// - Parameters:
  ///   - file: The config file's name, for messages.
  /// - Throws: ``LaneFailure`` naming the lane and the file: 66 for a credentials or CA file
  ///   that cannot be read, 64 for anything else wrong with the broker's settings.
  public init(
    openPlay lane: LaneConfig.PairLane, centre: LaneConfig.Centre, file: String?,
    sensorClock: (@Sendable () -> SensorInstant)? = nil
  ) throws(LaneFailure) {
    let broker: BrokerSettings?
    do throws(LaneFailure) {
      broker = try centre.broker.map { url throws(LaneFailure) in
        try BrokerSettings(url: url, credentials: lane.credentials, cafile: centre.cafile, certfile: nil, keyfile: nil)
      }
    } catch {
      throw LaneFailure(error.status, "\(lane.lane): \(error.message) (with --config \(file ?? ""))")
    }
    self.init(
      journal: lane.journal, bowlers: lane.bowlers, lane: lane.lane, broker: broker, boards: nil,
      boardsLane: lane.lane, sensorClock: sensorClock)
  }
}
