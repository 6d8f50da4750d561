import Journal
import ArgumentParser
import Centre
import CentreLink
import Foundation
import LaneBridge
import LaneOptions
import LaneSensing
import MQTT

/// The centre link, as `lane run` and `lane simulate` take it: where the broker is, the
/// lane's name and its credentials (docs/centre.md).
struct CentreOptions: ParsableArguments {
  @Option(help: """
    The centre's MQTT broker, mqtt://HOST:PORT or mqtts://HOST:PORT: publish every journal \
    record, the board and the lane's status to the front desk.
    """)
  var broker: String?

  @Option(help: """
    The lane's id, 1-32 of a-z A-Z 0-9 - _: its topics on the broker, its page /lanes/ID \
    with --http, and the lane in a new journal's header (default: the credentials' user \
    with --broker, else 1).
    """)
  var lane: String?

  @Option(
    name: .customLong("mqtt-credentials"),
    help: "A file of user=NAME and password=SECRET lines, mode 600 (deploy/centre/add-lane.sh).")
  var credentials: String?

  @Option(help: "The centre's CA certificate, for an mqtts:// broker.")
  var cafile: String?

  @Option(help: "The lane's client certificate, for a broker that requires one (mutual TLS).")
  var certfile: String?

  @Option(help: "The private key of --certfile, mode 600.")
  var keyfile: String?

  func validate() throws {
    try validated(
      try OptionValues.checkBrokerFiles(
        broker: broker, credentials: credentials, cafile: cafile, certfile: certfile,
        keyfile: keyfile))
    if let lane { try validated(try OptionValues.lane(lane)) }
  }

  /// The lane's id for the web boards: `--lane` (or the deprecated `--lane-name`, with a
  /// warning), else the credentials' user with `--broker`, as the centre link takes it,
  /// else `1`.
  ///
  /// - Throws: ``LaneFailure`` (64) when `--lane` and `--lane-name` name different lanes.
  func laneID(web: HTTPOptions) throws -> String {
    if let old = web.deprecatedLaneName {
      Report.line("--lane-name is deprecated; use --lane \(old)")
      if let lane, lane != old {
        throw LaneFailure(.usage, "--lane \(lane) and --lane-name \(old) name different lanes")
      }
    }
    let user = broker.flatMap { try? BrokerSettings(url: $0, credentialsFile: credentials, caFile: cafile) }?
      .credentials?.username
    return lane ?? web.deprecatedLaneName ?? user ?? "1"
  }

  /// Starts the lane's link, or says what is wrong and exits; `nil` without `--broker`.
  ///
  /// Exit 64 for bad settings, 66 for an unreadable file, 65 for an acknowledgement file
  /// beside the journal that is not ours, 77 when the broker refuses the lane's
  /// credentials, 78 when TLS or the host name fails, 69 when libmosquitto is not
  /// installed; a folder of closed sessions
  /// beside the journal that is not a folder (66) or cannot be listed (74) exits as the
  /// journal does.
  func startLink(
    entries: JournalOutboxSource.Origin, journalPath: String?,
    sensorClock: (@Sendable () -> SensorInstant)? = nil
  ) throws -> (link: LaneLink, sessions: LaneSessions)? {
    guard let broker else { return nil }
    let settings = try BrokerSettings(
      url: broker, credentials: credentials, cafile: cafile,
      certfile: certfile, keyfile: keyfile)
    guard let name = lane ?? settings.credentials?.username, let laneID = try? LaneID(name) else {
      throw LaneFailure(.usage, "give the lane's name with --lane (or a credentials file whose user is the lane's name;"
          + " with --certfile, the certificate's common name)")
    }
    let open: JournalOutboxSource
    do {
      open = try JournalOutboxSource(entries)
    } catch {
      throw LaneFailure(.dataError, "the journal cannot be published: \(error)")
    }
    let link: LaneLink
    do {
      link = try LaneLink(
        lane: laneID, settings: settings, open: open,
        acknowledgementFile: journalPath.map(AcknowledgementFile.init(besideJournal:)),
        journal: journalPath, sensorClock: sensorClock,
        report: { message in Report.line("centre link: \(message)") })
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
    let failure = Blocking.wait { () async -> LaneLink.StartFailure? in
      do throws(LaneLink.StartFailure) {
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
    return (link, link.publishing)
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

extension LaneLink {
  /// How long a stopping lane waits for the desk to acknowledge what it published.
  static let stoppingWait: Duration = .seconds(10)

  /// Waits (at most ``stoppingWait``) for the desk's acknowledgement, goes offline, and
  /// tells the operator what the desk does not have yet.
  nonisolated func stop(journalled: Bool) {
    let remainder = Blocking.wait { await self.finish(within: Self.stoppingWait) }
    guard remainder.acknowledged < remainder.lastRecorded || remainder.laterSessions > 0 else {
      return
    }
    let missing = remainder.lastRecorded - remainder.acknowledged
    let next =
      journalled
      ? "they are in the journal and are published when the lane starts again"
      : "without --journal they are lost to the desk"
    let later =
      remainder.laterSessions == 0
      ? "" : ", nor any record of the \(remainder.laterSessions) later session(s)"
    Report.line(
      "centre link: the desk has not acknowledged the last \(missing)"
        + " \(missing == 1 ? "record" : "records") of session \(remainder.session) (published"
        + " up to seq \(remainder.published) of \(remainder.lastRecorded))\(later); \(next)")
  }
}
