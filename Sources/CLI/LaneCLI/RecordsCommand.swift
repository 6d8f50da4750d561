import Centre
import CentreRecords
import CentreStore
import LaneRuntime
import LaneBridge
import RecordsPresentation
import SafeFiles

/// What each `lane records` command does with its options' values: the store opened once
/// (``StoreOpening``), the answer made (``RecordsReport``, ``ScoreSheet``, the roster) and
/// printed or written; `lane` only declares the options and dispatches here.
public enum RecordsCommand {
  /// `lane records games`, `averages` and `events`: the report of `kind` printed; the stored
  /// events are read with the store opened read-only.
  ///
  /// - Parameter league: Averages over this league's games only.
  public static func report(_ kind: RecordsReport.Kind, store: String, json: Bool, league: String? = nil) throws(LaneFailure) {
    print(
      try StoreOpening.using(store, access: kind == .events ? .readOnly : .existing) { recordStore in
        try RecordsReport(kind, of: recordStore, json: json, league: league)
      })
  }

  /// `lane records history`: a line per game of the bowler `person`, oldest first.
  public static func history(of person: String, store: String, json: Bool) throws(LaneFailure) {
    print(try StoreOpening.using(store, access: .existing) { try RecordsReport.history(of: person, in: $0, json: json) })
  }

  /// `lane records standings`: a line per team, best first, then a line per high score.
  public static func standings(of league: String, store: String, json: Bool) throws(LaneFailure) {
    print(try StoreOpening.using(store, access: .existing) { try RecordsReport.standings(of: league, in: $0, json: json) })
  }

  /// `lane records export`: every game (of `league`) as CSV or JSON lines.
  public static func export(store: String, league: String?, format: GameExport.Format) throws(LaneFailure) {
    print(try StoreOpening.using(store, access: .existing) { try RecordsReport.export(of: $0, league: league, format: format) })
  }

  /// `lane records sheet`: the scoresheet's page on standard output, or written to a new
  /// `html` file, or printed to a new `pdf` file with headless Chromium.
  public static func sheet(
    store: String, lane: String, session: String, html: String?, pdf: String?, paper: ScoreSheet.Paper
  ) throws(LaneFailure) {
    let sheet = try StoreOpening.using(store, access: .existing) { try ScoreSheet(lane: lane, session: session, in: $0) }
    let page: String
    do { page = try sheet.html(paper: paper) } catch { throw LaneFailure.of(error) }
    if let pdf {
      do { try HeadlessPrint.pdf(page, to: pdf) } catch { throw LaneFailure.of(error) }
      Report.line("\(pdf): the scoresheet of \(sheet.lane) session \(session), \(sheet.games.count) games")
    } else if let html {
      try write(page, toNew: html, what: "the page")
      Report.line("\(html): the scoresheet of \(sheet.lane) session \(session), \(sheet.games.count) games")
    } else {
      var output = StandardOutput()
      Swift.print(page, terminator: "", to: &output)
    }
  }

  /// `lane records roster`: the league's next night file written to the new file `out`, and
  /// each average that changed printed.
  public static func roster(league: String, store: String, out: String) throws(LaneFailure) {
    let roster = try StoreOpening.using(store, access: .existing) { try $0.roster(league: league) }
    try write(RosterNightFile.text(of: roster, league: league, store: store), toNew: out, what: "the night file")
    var output = StandardOutput()
    for change in roster.changes {
      Swift.print("\(change.name): average \(change.from) → \(change.to) (\(change.games) league games)", to: &output)
    }
    Swift.print("\(out): the next night of \(league), \(roster.changes.count) averages changed", to: &output)
  }

  /// `lane records backup`: the store copied to the new file `out`, the store read-only.
  public static func backup(store: String, out: String) throws(LaneFailure) {
    let count = try StoreOpening.using(store, access: .readOnly) { try $0.backup(to: out) }
    var output = StandardOutput()
    Swift.print("\(store): \(count) events copied to \(out)", to: &output)
  }

  /// `lane records link`: the bowler `id` made `other`'s, and the person's average printed.
  public static func link(_ id: String, to other: String, store: String) throws(LaneFailure) {
    let (person, average) = try StoreOpening.using(store, access: .existing) { recordStore in
      try recordStore.link(id, to: other)
      let person = try recordStore.links()[id] ?? other
      return (person, try recordStore.average(of: person))
    }
    var output = StandardOutput()
    Swift.print("\(id) is now \(person)" + (average.map { ": \($0)" } ?? ""), to: &output)
  }

  /// `lane records import`: each journal read first, then stored in one transaction each,
  /// the store created when missing; a line per journal says how many records were new.
  public static func importJournals(_ journals: [String], naming: JournalImport.Naming, store: String) throws(LaneFailure) {
    let imported: [JournalImport]
    do {
      imported = try journals.map { path throws(JournalImport.Failure) in try JournalImport(journalAt: path, naming: naming) }
    } catch {
      throw LaneFailure.of(error)
    }
    let recordStore = try StoreOpening.open(store, access: .createIfMissing)
    var output = StandardOutput()
    for (path, journal) in zip(journals, imported) {
      let fresh: [Payload.Event]
      do {
        fresh = try recordStore.store(journal.events)
      } catch {
        try? recordStore.close()
        throw LaneFailure(recognizing: error) ?? LaneFailure(.ioError, "\(error)")
      }
      Swift.print(
        "\(path): \(fresh.count) new of \(journal.events.count) records, \(journal.publisher) session \(journal.session)",
        to: &output)
    }
    try StoreOpening.close(recordStore)
  }

  /// `lane records check`: `ok`, or each problem SQLite's integrity check finds (then 65).
  public static func check(store: String) throws(LaneFailure) {
    var output = StandardOutput()
    try StoreOpening.check(store) { line in Swift.print(line, to: &output) }
  }

  /// Prints `report`: its lines on stdout, what was not folded on stderr.
  static func print(_ report: RecordsReport) {
    for note in report.notes { Report.line(note) }
    var output = StandardOutput()
    for line in report.lines { Swift.print(line, terminator: report.lineEnd, to: &output) }
  }

  /// Writes `text` to a new file at `path`, synced, never over an existing one (73).
  static func write(_ text: String, toNew path: String, what: String) throws(LaneFailure) {
    do {
      try NewFile.write(text.utf8, toNew: path)
    } catch {
      throw LaneFailure(.cannotCreate, "cannot write \(what): \(error)")
    }
  }
}
