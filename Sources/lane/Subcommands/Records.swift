import ArgumentParser
import Centre
import CentreStore
import LaneBridge
import LaneCommandLine
import LaneOptions

extension Lane {
  /// `lane records`: what the desk's store (`lane desk --store`) holds.
  struct Records: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Read the desk's store (games, averages, stored events), or import a journal into it.",
      discussion: """
        Reads the store lane desk --store FILE keeps (docs/records.md) and changes nothing \
        in it; it may be read while the desk runs. lane records import adds a lane's journal.
        """,
      subcommands: [Games.self, Averages.self, Events.self, Import.self]
    )

    /// The options every `lane records` reader takes.
    struct StoreOptions: ParsableArguments {
      @Option(help: "The desk's store, as given to lane desk --store.")
      var store: String

      @Flag(help: "One JSON object per line.")
      var json = false

      /// Prints the report of `kind`: its lines on stdout, what was not folded on stderr.
      func print(_ kind: RecordsReport.Kind) throws {
        let report = try RecordsReport(kind, storeAt: store, json: json)
        for note in report.notes { Report.line(note) }
        var output = StandardOutput()
        for line in report.lines { Swift.print(line, to: &output) }
      }
    }

    /// The statuses a reader of the store exits with.
    static let statuses = ExitStatus.help(.usage, .dataError, .noInput, .ioError)

    /// `lane records games --store FILE [--json]`.
    struct Games: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "One line per stored game, folded from its lane's journal records.",
        discussion: """
          With --json: {"lane","session","bowler","game","total","complete","frames"}, the \
          game numbered per bowler in the session, frames as lane simulate --json prints \
          them. A league night's records are stored but not folded into games yet.
          """ + statuses)

      @OptionGroup var options: StoreOptions

      func run() throws { try options.print(.games) }
    }

    /// `lane records averages --store FILE [--json]`.
    struct Averages: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Each named bowler's average over complete games (USBC Rule 108).",
        discussion: """
          Total pins ÷ games with the fraction dropped. With --json: \
          {"bowler","games","pins","average"}. A bowler is a name, the same on every lane.
          """ + statuses)

      @OptionGroup var options: StoreOptions

      func run() throws { try options.print(.averages) }
    }

    /// `lane records events --store FILE [--json]`.
    struct Events: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Every stored event, as the centre link carried it.",
        discussion: """
          Lane by lane, sessions in the order the desk stored them, each in seq order. With \
          --json each event as lane desk --json prints it.
          """ + statuses)

      @OptionGroup var options: StoreOptions

      func run() throws { try options.print(.events) }
    }

    /// `lane records import --store FILE [--lane ID] JOURNAL…`.
    struct Import: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Store every record of lanes' journals, as their centre link publishes them.",
        discussion: """
          Each JOURNAL (a lane's journal, or a closed session's archive in JOURNAL.sessions/) \
          is read as the lane's centre link reads it, and its records are stored under the \
          lane its header names (or --lane) and the session's id, in one transaction per \
          journal: importing twice, or what the desk already stored, changes nothing. The \
          store is created when missing. Prints how many records were new. A league night's \
          journal is not imported yet.
          """ + ExitStatus.help(.usage, .dataError, .noInput, .cannotCreate, .ioError))

      @Option(help: "The desk's store, as given to lane desk --store; created when missing.")
      var store: String

      @Option(help: "The lane the records are of (default: the lane each journal's header names).")
      var lane: String?

      @Argument(help: "The lanes' journals or closed sessions' archives.")
      var journals: [String]

      func validate() throws {
        if let lane { try validated(try OptionValues.lane(lane)) }
        if journals.isEmpty { throw ValidationError("give at least one journal") }
      }

      func run() throws {
        let laneID = try lane.map { try validated(try OptionValues.lane($0)) }
        let imported = try journals.map { path in try JournalImport(journalAt: path, lane: laneID) }
        let recordStore: RecordStore
        do {
          recordStore = try RecordStore.open(at: store, access: .createIfMissing)
        } catch {
          throw error.failure
        }
        var output = StandardOutput()
        for (path, journal) in zip(journals, imported) {
          let fresh: [Payload.Event]
          do {
            fresh = try recordStore.store(journal.events)
          } catch {
            throw (error as? StoreError)?.failure ?? LaneFailure(.ioError, "\(error)")
          }
          Swift.print(
            "\(path): \(fresh.count) new of \(journal.events.count) records, lane \(journal.lane) session \(journal.session)",
            to: &output)
        }
        do { try recordStore.close() } catch { throw error.failure }
      }
    }
  }
}
