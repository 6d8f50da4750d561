import Centre
import CentreLink
import Dispatch
import Journal
import LaneBridge
import LaneSensing
import MQTT

extension LaneLink {
  /// How long a stopping lane waits for the desk to acknowledge what it published.
  public static let stoppingWait: Duration = .seconds(10)

  /// Starts a lane's link to the centre and waits until it is connected or refused.
  ///
  /// - Parameters:
  ///   - lane: `--lane`, else the credentials' user names the lane.
  ///   - origin: Where the journal's records are, to publish those the desk lacks.
  ///   - journal: The journal's path, beside which the acknowledgement file is kept.
  ///   - report: Where the link's warnings go (`centre link: …`).
  /// - Throws: ``LaneFailure``: 64 without a lane's name, 65 for a journal that cannot be
  ///   published or an acknowledgement file that is not ours, 66 for an unreadable one,
  ///   77 when the broker refuses the lane's credentials, 78 when TLS or the host name
  ///   fails, 69 when libmosquitto is not installed; a folder of closed sessions beside
  ///   the journal that is not a folder (66) or cannot be listed (74) fails as the journal
  ///   does.
  public static func started(
    lane: String?, settings: BrokerSettings, origin: JournalOutboxSource.Origin,
    journal: String?, sensorClock: (@Sendable () -> SensorInstant)?,
    report: @escaping @Sendable (String) -> Void
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
    return try started(
      laneID, settings: settings, open: open,
      acknowledgementFile: journal.map(AcknowledgementFile.init(besideJournal:)), journal: journal,
      sensorClock: sensorClock, report: report)
  }

  /// Starts the link of `lane` publishing `open` (and what the acknowledgement file says the
  /// desk lacks of earlier sessions), and waits until it is connected or refused.
  ///
  /// - Parameter night: The pair and league, for one lane of a pair bowling a league night.
  /// - Throws: ``LaneFailure`` as ``started(lane:settings:origin:journal:sensorClock:report:)``.
  static func started(
    _ lane: LaneID, settings: BrokerSettings, open: JournalOutboxSource,
    acknowledgementFile: AcknowledgementFile?, journal: String?,
    sensorClock: (@Sendable () -> SensorInstant)?, night: (pair: Payload.Pair, league: String)? = nil,
    report: @escaping @Sendable (String) -> Void
  ) throws(LaneFailure) -> LaneLink {
    let link: LaneLink
    do {
      link = try LaneLink(
        lane: lane, settings: settings, open: open, acknowledgementFile: acknowledgementFile,
        journal: journal, sensorClock: sensorClock, night: night,
        report: { message in report("centre link: \(message)") })
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
    let failure = Blocking.wait { () async -> StartFailure? in
      do throws(StartFailure) {
        try await link.start()
        return nil
      } catch {
        return error
      }
    }
    if let failure {
      if case .refused = failure.error.problem { throw LaneFailure(.noPermission, "\(failure)") }
      throw LaneFailure(.badConfiguration, "\(failure)")
    }
    return link
  }

  /// Waits (at most ``stoppingWait``) for the desk's acknowledgement, goes offline, and
  /// tells `report` what the desk does not have yet.
  ///
  /// - Parameter journalled: Whether the records are in a journal, published when the lane
  ///   starts again.
  public nonisolated func stop(journalled: Bool, report: (String) -> Void) {
    let remainder = Blocking.wait { await self.finish(within: Self.stoppingWait) }
    if let missing = Self.missing(remainder, journalled: journalled) { report(missing) }
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
    return "centre link: the desk has not acknowledged the last \(missing)"
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

/// Runs async work to its end from synchronous code (a command's `run()` on the main
/// thread, never on the concurrency pool).
enum Blocking {
  static func wait<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let box = Box<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
      box.value = await work()
      done.signal()
    }
    done.wait()
    // The semaphore orders the write before this read.
    return box.value!
  }

  private final class Box<Value>: @unchecked Sendable {
    var value: Value?
  }
}
