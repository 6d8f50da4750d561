import CentreLink
import Foundation
import Journal
import LaneBridge
import LaneConfiguration
import LaneControl
import LaneSensing
import League
import Logging
import ServiceLifecycle
import WebServer

/// A league night's parts on a pair, as every way of bowling one opens them: the night file,
/// the night's journal (created when missing, resumed when it holds this night; in memory
/// without one), both lanes' centre links when there is a broker (``PairLinks``), the inbox
/// and the journal's control socket.
///
/// Opened in that order, each step refusing before the next begins; run as services listed
/// links, control socket (then the boards and the loop), so the loop stops first and the
/// links last, waiting for the desk's acknowledgement. The loop's thread alone uses the
/// night while it runs; the command reads it once the group ended (``night``).
public final class PairNightAssembly: @unchecked Sendable {
  /// The night, journalled when a journal was given.
  public private(set) var night: JournalledNight<AnyJournalStore>
  /// Console lines and corrections from the control socket and the desk.
  public let inbox: LaneInbox
  /// How many deliveries of each lane the journal held when it was opened: the night is
  /// resumed.
  public let resumedDeliveries: [PairSide: Int]
  /// Both lanes' centre links, `nil` without a broker.
  public let links: PairLinks?
  private let journalled: Bool
  private let control: ControlSocket?
  private let logger: Logger

  /// Reads the night file and opens its journal, the links and the control socket beside it.
  ///
  /// - Parameters:
  ///   - path: The night file.
  ///   - journal: The night's journal, or `nil` to keep the night in memory only.
  ///   - pair: The pair's name for a new journal's header, when `links` do not name its
  ///     lanes.
  ///   - links: Each lane's broker settings, for the centre link; `nil` without one.
  ///   - lanes: The pair's lanes' ids, when a config file names them (else each lane's
  ///     credentials name it).
  ///   - sensorClock: Reads the lanes' sensors' clock, for the links' health monitors, when
  ///     it is the monotonic clock (a live pair).
  ///   - after: The sessions a new journal's night follows: the lanes' sessions closed for a
  ///     night started from the desk (``JournalEntry/nightStart(of:by:at:after:)``).
  ///   - wake: Ends the loop's wait when something is posted to the inbox.
  /// - Throws: The night file's `LeagueNightError` (unreadable or wrong); the journal's
  ///   ``JournalError`` (a lane's own journal among them),
  ///   ``JournalSetupError/anotherNight(journal:league:night:)`` for a journal of another
  ///   night; the links' (``PairLinks/pair(_:lanes:)``, before the journal is opened, the
  ///   night's journal that cannot be published, and
  ///   ``PairLinks/started(_:pair:open:league:journal:sensorClock:logger:)``);
  ///   `ControlSocket.SetupError` when the control socket cannot be created.
  public static func open(
    night path: String, journal: String?, pair: String = JournalHeader.hostName,
    links: PairLinks.Settings? = nil, lanes: (left: String, right: String)? = nil,
    sensorClock: (@Sendable () -> SensorInstant)? = nil, after: [String] = [],
    wake: @escaping @Sendable () -> Void = {}, logger: Logger
  ) async throws -> PairNightAssembly {
    let pairing = try links.map { settings throws(LinkStartError) in try PairLinks.pair(settings, lanes: lanes) }
    let asked = try LeagueNightFile.read(path: path)
    // The records the links publish: the journal's, fed by its store as it appends.
    var published: Result<JournalOutboxSource, JournalOutboxSource.Refusal>?
    func publishing(_ store: some JournalStore, _ entries: [JournalEntry]) -> AnyJournalStore {
      guard links != nil else { return AnyJournalStore(store) }
      published = Result { () throws(JournalOutboxSource.Refusal) in try JournalOutboxSource(entries: entries) }
      guard case .success(let source)? = published else { return AnyJournalStore(store) }
      return AnyJournalStore(JournalOutboxSource.Store(store, feeding: LaneSessions(open: source), journal: journal))
    }
    let night: JournalledNight<AnyJournalStore>
    let start = try JournalEntry.nightStart(of: asked, at: Date(), after: after)
    if let journal {
      // A new journal's header names the pair by its lanes' ids when they are known, so
      // `lane records import` stores the night under them.
      let file = try JournalFile(
        path: journal, ifMissing: .create(start), lane: pairing?.name ?? pair, holdingLane: true)
      if let recovered = file.recovered { logger.warning("\(recovered)") }
      night = try JournalledNight(store: publishing(file, file.entries), opened: file)
    } else {
      let memory = MemoryJournal(starting: start)
      night = try JournalledNight(store: publishing(memory, memory.entries), entries: memory.entries)
    }
    if case .failure(let refusal)? = published {
      throw LinkStartError.unpublishable(refusal, night: true)
    }
    if let journal, night.play.night != asked {
      throw JournalSetupError.anotherNight(journal: journal, league: night.play.night.settings.name, night: path)
    }
    var started: PairLinks?
    if let links, let pairing, case .success(let source)? = published {
      started = try await PairLinks.started(
        links, pair: pairing, open: source, league: asked.settings.name, journal: journal,
        sensorClock: sensorClock, logger: logger)
    }
    let inbox = LaneInbox(wake: wake)
    started?.deliver(to: inbox)
    do {
      let control = try ControlSocket.made(besideJournal: journal)
      return PairNightAssembly(
        night: night, inbox: inbox, links: started, control: control, journalled: journal != nil, logger: logger)
    } catch {
      if let started {
        async let left = started.left.finish(within: .zero)
        async let right = started.right.finish(within: .zero)
        _ = await (left, right)
      }
      throw error
    }
  }

  private init(
    night: JournalledNight<AnyJournalStore>, inbox: LaneInbox, links: PairLinks?, control: ControlSocket?,
    journalled: Bool, logger: Logger
  ) {
    self.night = night
    self.inbox = inbox
    self.links = links
    self.control = control
    self.journalled = journalled
    self.logger = logger
    resumedDeliveries = Dictionary(grouping: night.play.deliveries, by: \.lane).mapValues(\.count)
  }

  /// Closes what ``open(night:journal:pair:links:lanes:sensorClock:after:wake:logger:)``
  /// opened, for a night whose services never ran (its traces could not be opened): the
  /// links go offline at once.
  func discard() async {
    control?.close()
    if let links {
      async let left = links.left.finish(within: .zero)
      async let right = links.right.finish(within: .zero)
      _ = await (left, right)
    }
  }

  /// The services around the loop, in the order they start: both links, the control
  /// socket.
  public var services: [ServiceGroupConfiguration.ServiceConfiguration] {
    var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
    if let links { services.append(.init(service: links.service(journalled: journalled, logger: logger))) }
    if let control {
      services.append(
        .init(service: ControlSocketService(socket: control, inbox: inbox), successTerminationBehavior: .ignore))
    }
    return services
  }

  /// The pair's loop as a service: `runner` on `source` into the night, each event shown on
  /// `display` (and published on both links when there are links).
  ///
  /// - Parameters:
  ///   - inbox: Whether corrections are taken: `false` when nothing can post (no journal,
  ///     links or console).
  ///   - shown: Given the display as the loop left it, on the loop's thread as it ends.
  ///   - sensorFailure: The error a lane's sensor's failure is thrown as (a trace's, a
  ///     kernel read's).
  public func loop<Source: PairSource, Display: PairDisplay>(
    _ source: Source, runner: PairRunner, display: Display, shown: @escaping (Display) -> Void,
    skipping: [PairSide: Int] = [:], inbox taken: Bool, name: String, stop: StopRequest, after: Gate?,
    ended: @escaping @Sendable (LaneEvent.Status) -> Void,
    sensorFailure: @escaping @Sendable (PairSensorFailure) -> any Error
  ) -> LoopService {
    let job = Job(
      self, source: source, runner: runner, display: display, shown: shown, skipping: skipping, inbox: taken)
    return LoopService(name: name, stop: stop, after: after, ended: ended) { stop in
      do {
        return try job.run(until: stop)
      } catch let error as PairSensorFailure {
        throw sensorFailure(error)
      } catch let error as JournalError {
        throw error
      } catch {
        // The displays do not throw: the loop's wait for its lanes failed.
        throw RunFailure.loopWait(error)
      }
    }
  }

  /// A loop handed to its thread: the night, the source and the display are used there alone
  /// while it runs. Generic only in its initialiser, so the thread captures no generic type.
  private final class Job: @unchecked Sendable {
    private let body: (StopRequest) throws -> LaneEvent.Status

    init<Source: PairSource, Display: PairDisplay>(
      _ pair: PairNightAssembly, source: Source, runner: PairRunner, display: Display,
      shown: @escaping (Display) -> Void, skipping: [PairSide: Int], inbox taken: Bool
    ) {
      var (source, display) = (source, display)
      let inbox = taken ? pair.inbox : nil
      body = { stop in
        guard let links = pair.links else {
          defer { shown(display) }
          return try runner.run(
            &source, night: &pair.night, display: &display, skipping: skipping, inbox: inbox,
            until: { stop.isRequested })
        }
        var linked = PairLinkDisplay(local: display, links: links.inputs)
        defer { shown(linked.local) }
        return try runner.run(
          &source, night: &pair.night, display: &linked, skipping: skipping, inbox: inbox,
          until: { stop.isRequested })
      }
    }

    func run(until stop: StopRequest) throws -> LaneEvent.Status { try body(stop) }
  }
}
