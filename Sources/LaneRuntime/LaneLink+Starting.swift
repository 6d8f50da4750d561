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
  /// - Throws: ``LaneFailure``: 64 without a lane's name, 65 for a journal that cannot be
  ///   published or an acknowledgement file that is not ours, 66 for an unreadable one,
  ///   78 when TLS settings are refused, 69 when libmosquitto is not installed; a folder of
  ///   closed sessions beside the journal that is not a folder (66) or cannot be listed (74)
  ///   fails as the journal does.
  public static func made(
    lane: String?, settings: BrokerSettings, origin: JournalOutboxSource.Origin,
    journal: String?, sensorClock: (@Sendable () -> SensorInstant)?, logger: Logger
  ) throws(LaneFailure) -> LaneLink {
    guard let name = lane ?? settings.credentials?.username, let laneID = try? LaneID(name) else {
      throw LaneFailure(
        .usage,
        "give the lane's name with --lane (or a credentials file whose user is the lane's name;"
          + " with --certfile, the certificate's common name)")
    }
    let open: JournalOutboxSource
    do {
      open = try JournalOutboxSource(origin)
    } catch {
      throw LaneFailure(.dataError, "the journal cannot be published: \(error)")
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
  /// - Throws: ``LaneFailure`` as ``made(lane:settings:origin:journal:sensorClock:logger:)``.
  static func made(
    _ lane: LaneID, settings: BrokerSettings, open: JournalOutboxSource,
    acknowledgementFile: AcknowledgementFile?, journal: String?,
    sensorClock: (@Sendable () -> SensorInstant)?, night: (pair: Payload.Pair, league: String)? = nil,
    logger: Logger
  ) throws(LaneFailure) -> LaneLink {
    do {
      return try LaneLink(
        lane: lane, settings: settings, open: open, acknowledgementFile: acknowledgementFile,
        journal: journal, sensorClock: sensorClock, night: night, logger: logger)
    } catch let error as JournalError {
      // The folder of closed sessions beside the journal: the journal's own problem.
      throw LaneFailure(error.exitStatus, "\(error)")
    } catch let error as AcknowledgementFile.Failure {
      throw LaneFailure(error.kind == .notOurs ? .dataError : .noInput, "\(error)")
    } catch let error as MQTTError {
      // libmosquitto missing (69) or refusing a setting (78).
      throw LaneFailure(ExitStatus(brokerFailure: error), "\(error)")
    } catch {
      throw LaneFailure(.badConfiguration, "\(error)")
    }
  }

  /// Connects, waiting until the broker took the lane or refused it.
  ///
  /// - Throws: ``LaneFailure``: 77 when the broker refuses the lane's credentials, 78 when
  ///   TLS or the host name fails. A broker that is not there is not a failure: the lane
  ///   scores on and publishes when it is.
  public func started() async throws(LaneFailure) {
    do {
      try await start()
    } catch {
      if case .refused = error.error.problem { throw LaneFailure(.noPermission, "\(error)") }
      throw LaneFailure(.badConfiguration, "\(error)")
    }
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

extension ExitStatus {
  /// The exit status for a broker failure: 77 when it refused us, 78 for TLS or the host
  /// name (settings to fix), 69 when it cannot be reached or libmosquitto is not installed.
  public init(brokerFailure error: MQTTError) {
    if case .refused = error.problem {
      self = .noPermission
    } else {
      self = error.isSettingsProblem ? .badConfiguration : .unavailable
    }
  }
}
