import CentreLink
import Foundation
import Journal
import LaneBridge
import LaneConfiguration
import LaneSensing
import LaneControl
import League
import WebServer

/// A league night on a pair as `lane simulate --league` (and a pair's `lane run`) opens it:
/// the night file, the night's journal (created when missing, resumed when it holds this
/// night; in memory without one), both lanes' centre links when there is a broker
/// (``PairLinks``), the inbox and the journal's control socket.
///
/// Opened in that order and closed in the reverse one by ``close()``: the links last, so
/// they can wait for the desk's acknowledgement.
public final class PairNightAssembly {
  /// The night, journalled when a journal was given.
  public var night: JournalledNight<AnyJournalStore>
  /// Console lines and corrections from the control socket.
  public let inbox: LaneInbox
  /// Whether the journal held deliveries when it was opened: the night is resumed.
  public let resumedDeliveries: [PairSide: Int]
  /// Both lanes' centre links, `nil` without a broker.
  public let links: PairLinks?
  private let journalled: Bool
  private let report: (String) -> Void
  private let control: ControlSocket?
  private var closed = false

  /// Reads the night file and opens its journal and the control socket beside it.
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
  ///   - wake: Ends the loop's wait when something is posted to the inbox.
  ///   - report: Where warnings go, one line each.
  /// - Throws: ``LaneFailure``: the night file unreadable (66) or wrong (65); the journal's
  ///   (``JournalError``'s exit status), 65 for a journal of another night or a lane's own;
  ///   the links' (``PairLinks/pair(_:lanes:)``, before the journal is opened, and
  ///   ``PairLinks/started(_:pair:open:league:journal:report:)``); 73 when the control socket
  ///   cannot be created.
  public init(
    night path: String, journal: String?, pair: String = JournalHeader.hostName,
    links: PairLinks.Settings? = nil, lanes: (left: String, right: String)? = nil,
    sensorClock: (@Sendable () -> SensorInstant)? = nil,
    wake: @escaping @Sendable () -> Void = {}, report: @escaping @Sendable (String) -> Void
  ) throws(LaneFailure) {
    let pairing = try links.map { settings throws(LaneFailure) in try PairLinks.pair(settings, lanes: lanes) }
    let asked: LeagueNight
    do {
      asked = try LeagueNightFile.read(path: path)
    } catch {
      throw LaneFailure(error.isUnreadable ? .noInput : .dataError, "\(error)")
    }
    // The records the links publish: the journal's, fed by its store as it appends.
    var published: Result<JournalOutboxSource, JournalOutboxSource.Refusal>?
    func publishing(_ store: some JournalStore, _ entries: [JournalEntry]) -> AnyJournalStore {
      guard links != nil else { return AnyJournalStore(store) }
      published = Result { () throws(JournalOutboxSource.Refusal) in try JournalOutboxSource(entries: entries) }
      guard case .success(let source)? = published else { return AnyJournalStore(store) }
      return AnyJournalStore(JournalOutboxSource.Store(store, feeding: LaneSessions(open: source), journal: journal))
    }
    do throws(JournalError) {
      let start = try JournalEntry.nightStart(of: asked, at: Date())
      if let journal {
        // A new journal's header names the pair by its lanes' ids when they are known, so
        // `lane records import` stores the night under them.
        let file = try JournalFile(
          path: journal, ifMissing: .create(start), lane: pairing?.name ?? pair, holdingLane: true)
        if let recovered = file.recovered { report("warning: \(recovered)") }
        night = try JournalledNight(store: publishing(file, file.entries), opened: file)
      } else {
        let memory = MemoryJournal(starting: start)
        night = try JournalledNight(store: publishing(memory, memory.entries), entries: memory.entries)
      }
    } catch {
      throw LaneFailure(error.exitStatus, "\(error)")
    }
    if case .failure(let refusal)? = published {
      throw LaneFailure(.dataError, "the night's journal cannot be published: \(refusal)")
    }
    if let journal, night.play.night != asked {
      throw LaneFailure(
        .dataError,
        "\(journal) holds another night (league \(night.play.night.settings.name), its first record)"
          + " than \(path); give another --journal, or the night file it was started with")
    }
    resumedDeliveries = Dictionary(grouping: night.play.deliveries, by: \.lane).mapValues(\.count)
    journalled = journal != nil
    self.report = report
    if let links, let pairing, case .success(let published)? = published {
      self.links = try PairLinks.started(
        links, pair: pairing, open: published, league: asked.settings.name, journal: journal,
        sensorClock: sensorClock, report: report)
    } else {
      self.links = nil
    }
    inbox = LaneInbox(wake: wake)
    self.links?.deliver(to: inbox)
    do {
      control = try ControlSocket.serving(inbox, besideJournal: journal)
    } catch {
      self.links?.stop(journalled: journalled, report: report)
      throw error
    }
  }

  /// Runs `runner` on `source` into the night until the sensors end or a stop signal, each
  /// event shown on `lines` and, when they are served, on the boards.
  ///
  /// - Parameters:
  ///   - inbox: Where corrections come from: ``inbox``, or `nil` when nothing can post.
  ///   - sensorFailure: The failure a lane's sensor's is (a trace's, a kernel read's).
  /// - Throws: ``LaneFailure``: the journal's exit status, `sensorFailure`'s, or 71 when the
  ///   loop cannot wait for its lanes.
  public func run(
    _ source: inout some PairSource, with runner: PairRunner, lines: inout PairLineDisplay,
    boards: LeagueHub?, skipping: [PairSide: Int] = [:], inbox: LaneInbox?,
    sensorFailure: (PairSensorFailure) -> LaneFailure
  ) throws(LaneFailure) -> LaneEvent.Status {
    func run<Display: PairDisplay>(_ display: inout Display) throws -> LaneEvent.Status {
      guard let links else {
        return try runner.run(
          &source, night: &night, display: &display, skipping: skipping, inbox: inbox,
          until: { StopSignal.isRequested })
      }
      var linked = PairLinkDisplay(local: display, links: links.inputs)
      defer { display = linked.local }
      return try runner.run(
        &source, night: &night, display: &linked, skipping: skipping, inbox: inbox,
        until: { StopSignal.isRequested })
    }
    do {
      guard let boards else { return try run(&lines) }
      var display = PairDisplays(lines, PairWebDisplay(hub: boards))
      defer { lines = display.first }
      return try run(&display)
    } catch let error as PairSensorFailure {
      throw sensorFailure(error)
    } catch let error as JournalError {
      throw LaneFailure(error.exitStatus, "\(error)")
    } catch {
      // The displays do not throw: the loop's wait for its lanes failed.
      throw LaneFailure(.osError, "\(error)")
    }
  }

  /// Stops the control socket, then the links after waiting for the desk
  /// (``LaneLink/stoppingWait``); the journal closes with the night.
  public func close() {
    guard !closed else { return }
    closed = true
    control?.close()
    links?.stop(journalled: journalled, report: report)
  }

  deinit { close() }
}
