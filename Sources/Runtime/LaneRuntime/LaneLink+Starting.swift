import Centre
import CentreLink
import Journal
import LaneBridge
import LaneSensing
import Logging
import MQTT

extension LaneLink {
  /// How long a stopping lane waits for the desk to acknowledge what it published.
  public static let stoppingWait: Duration = .seconds(10)

  /// A lane's link to the centre, not yet connected, publishing the journal's records at
  /// `origin` (``start()`` connects it).
  ///
  /// - Parameters:
  ///   - lane: `--lane`, else the credentials' user names the lane.
  ///   - journal: The journal's path, beside which the acknowledgement file is kept.
  /// - Throws: ``LinkStartError`` without a lane's name, for a journal that cannot be
  ///   published or settings the link refuses; `AcknowledgementFile.Failure` for an
  ///   acknowledgement file that is not ours or cannot be read; `MQTTError` when
  ///   libmosquitto is not installed or refuses a setting; a folder of closed sessions
  ///   beside the journal that is not a folder or cannot be listed fails as the journal
  ///   does (`JournalError`).
  public static func made(
    lane: String?, settings: BrokerSettings, origin: JournalOutboxSource.Origin,
    journal: String?, sensorClock: (@Sendable () -> SensorInstant)?, logger: Logger
  ) throws -> LaneLink {
    guard let name = lane ?? settings.credentials?.username, let laneID = try? LaneID(name) else {
      throw LinkStartError.noLaneName
    }
    let open: JournalOutboxSource
    do {
      open = try JournalOutboxSource(origin)
    } catch {
      throw LinkStartError.unpublishable(error, night: false)
    }
    return try made(
      laneID, settings: settings, open: open,
      acknowledgementFile: journal.map(AcknowledgementFile.init(besideJournal:)), journal: journal,
      sensorClock: sensorClock, logger: logger)
  }

  /// The link of `lane` publishing `open` (and what the acknowledgement file says the desk
  /// lacks of earlier sessions), not yet connected.
  ///
  /// - Parameter night: The pair and league, for one lane of a pair bowling a league night.
  /// - Throws: As ``made(lane:settings:origin:journal:sensorClock:logger:)``.
  static func made(
    _ lane: LaneID, settings: BrokerSettings, open: JournalOutboxSource,
    acknowledgementFile: AcknowledgementFile?, journal: String?,
    sensorClock: (@Sendable () -> SensorInstant)?, night: (pair: Payload.Pair, league: String)? = nil,
    logger: Logger
  ) throws -> LaneLink {
    do {
      return try LaneLink(
        lane: lane, settings: settings, open: open, acknowledgementFile: acknowledgementFile,
        journal: journal, sensorClock: sensorClock, night: night, logger: logger)
    } catch where error is JournalError || error is AcknowledgementFile.Failure || error is MQTTError {
      // The folder of closed sessions beside the journal (the journal's own problem), the
      // acknowledgement file's, libmosquitto missing or refusing a setting: each its own.
      throw error
    } catch {
      throw LinkStartError.settingsRefused(error)
    }
  }

  /// Connects, waiting until the broker took the lane or refused it.
  ///
  /// - Throws: `LaneLink.StartFailure` when the broker refuses the lane's credentials, or
  ///   TLS or the host name fails. A broker that is not there is not a failure: the lane
  ///   scores on and publishes when it is.
  public func started() async throws(StartFailure) {
    try await start()
  }

  /// What the desk does not have when a link stopped with `remainder`, or `nil` when it has
  /// everything.
  ///
  /// - Parameter journalled: Whether the records are in a journal, published when the lane
  ///   starts again.
  static func missing(_ remainder: Remainder, journalled: Bool) -> String? {
    guard remainder.acknowledged < remainder.lastRecorded || remainder.laterSessions > 0 else {
      return nil
    }
    let missing = remainder.lastRecorded - remainder.acknowledged
    let next =
      journalled
      ? "they are in the journal and are published when the lane starts again"
      : "without --journal they are lost to the desk"
    let later =
      remainder.laterSessions == 0
      ? "" : ", nor any record of the \(remainder.laterSessions) later session(s)"
    return "the desk has not acknowledged the last \(missing)"
      + " \(missing == 1 ? "record" : "records") of session \(remainder.session) (published"
      + " up to seq \(remainder.published) of \(remainder.lastRecorded))\(later); \(next)"
  }
}
