import ArgumentParser
import CentreStore
import LaneBridge
import LaneOptions
import RecordsPresentation

/// `lane records`: what the desk's store (`lane desk --store`) holds. Declared here, beside
/// the bodies in ``RecordsCommand``, not in `lane`: twelve readers of the store are the
/// desk's tooling, and `lane` keeps the commands of a lane and of the desk.
public struct Records: ParsableCommand {
  public static let configuration = CommandConfiguration(
    abstract: "Read the desk's store (games, averages, stored events), or import a journal into it.",
    discussion: """
      Reads the store lane desk --store FILE keeps (docs/records.md); it may be read while \
      the desk runs. Reading first folds the events stored since the last read into games \
      (kept in the store). lane records import adds a lane's journal; lane records link \
      makes two bowler ids one person; lane records backup copies the store; lane records \
      roster writes a league's next night file; lane records check runs SQLite's \
      integrity check on the whole store.
      """,
    subcommands: [
      Games.self, Averages.self, History.self, Events.self, Standings.self, Sheet.self, Roster.self, Export.self,
      Link.self, Import.self, Backup.self, Check.self,
    ]
  )

  /// `--store`, which every `lane records` command but import takes.
  struct StoreFile: ParsableArguments {
    @Option(help: "The desk's store, as given to lane desk --store.")
    var store: String
  }

  /// The options every `lane records` reader takes.
  struct StoreOptions: ParsableArguments {
    @OptionGroup var file: StoreFile

    @Flag(help: "One JSON object per line.")
    var json = false

    var store: String { file.store }
  }

  /// The statuses a reader of the store exits with.
  static let statuses = ExitStatus.help(.usage, .dataError, .noInput, .ioError)

  /// `lane records games --store FILE [--json]`.
  struct Games: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "One line per stored game, folded from its lane's journal records.",
      discussion: """
        Sessions and nights in the order the desk first stored them. With --json: \
        {"lane","session","bowler","game","total","complete","frames"}, the \
        game numbered per bowler in the session, frames as lane simulate --json prints \
        them. A league night's games are listed once, under the pair ("7+8"), with \
        "league": {"name","team","handicap","withHandicap","kind"}, kind bowled, absentee \
        or vacancy.
        """ + statuses)

    @OptionGroup var options: StoreOptions

    func run() throws { try RecordsCommand.report(.games, store: options.store, json: options.json) }
  }

  /// `lane records averages --store FILE [--league NAME] [--json]`.
  struct Averages: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Each bowler's average over complete games bowled (USBC Rule 108).",
      discussion: """
        Total pins ÷ games with the fraction dropped, per person: a league bowler is one \
        person across nights and lanes (id league/LEAGUE/NAME), an open-play name belongs \
        to its session (session/LANE/SESSION/NAME) until lane records link makes it \
        another id's. With --json: {"average","bowler","games","id","pins"}. A league's \
        blind and vacancy scores are not games bowled.
        """ + statuses)

    @Option(help: "Only this league's games.")
    var league: String?

    @OptionGroup var options: StoreOptions

    func run() throws {
      try RecordsCommand.report(.averages, store: options.store, json: options.json, league: league)
    }
  }

  /// `lane records history --store FILE --bowler ID [--json]`.
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Every game of one bowler, oldest first, with the average after each.",
      discussion: """
        ID is the bowler's id as lane records averages prints it; the games of ids linked \
        to it are included. With --json, one line per game in lane records export's \
        columns, and "average": the bowler's average over the complete games bowled up to \
        and with it.
        """ + statuses)

    @Option(help: "The bowler's id (lane records averages --json prints each).")
    var bowler: String

    @OptionGroup var options: StoreOptions

    func run() throws { try RecordsCommand.history(of: bowler, store: options.store, json: options.json) }
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

    func run() throws { try RecordsCommand.report(.events, store: options.store, json: options.json) }
  }

  /// `lane records standings --league NAME --store FILE [--json]`.
  struct Standings: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "A league's team standings and high scores, from every night of it stored.",
      discussion: """
        Teams by points (game and series points of each finished night), then pins with \
        handicap; then the high scratch and handicap game and series of games bowled \
        (never a blind's or a vacancy's score; a series is a bowler's every game of one \
        night). With --json, a team is {"place","team","nights","points","scratch",\
        "withHandicap"} and a high score {"kind","bowler","score","session","pair","game"}.
        """ + statuses)

    @Option(help: "The league's name, as its night files give it.")
    var league: String

    @OptionGroup var options: StoreOptions

    func run() throws { try RecordsCommand.standings(of: league, store: options.store, json: options.json) }
  }

  /// `lane records sheet --store FILE --lane LANE --session SESSION [--html FILE | --pdf FILE]`.
  struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The auditable scoresheet of a session or a league night, as a page to print or a PDF.",
      discussion: """
        Every game frame by frame: each delivery's pins standing before it, knocked down \
        and left, fouls, marks and running totals; a league night's handicap, team totals \
        and points; every correction with who made it, when and why (docs/records.md). \
        LANE is the lane, a pair (7+8) or either lane of a pair; SESSION its id as \
        lane records games prints it. The page goes to standard output, or to --html \
        FILE; --pdf FILE prints it with headless Chromium. Neither file may exist.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .unavailable, .cannotCreate, .ioError))

    enum PaperOption: String, ExpressibleByArgument, CaseIterable {
      case a4, letter
    }

    @OptionGroup var file: StoreFile

    @Option(help: "The lane, a league night's pair (7+8), or either lane of the pair.")
    var lane: String

    @Option(help: "The session's id, as lane records games prints it.")
    var session: String

    @Option(help: "Write the page to this new file.")
    var html: String?

    @Option(help: "Print the page to this new PDF file with headless Chromium.")
    var pdf: String?

    @Option(help: "The paper the page is laid out for: a4 or letter.")
    var paper: PaperOption = .a4

    func validate() throws {
      if html != nil && pdf != nil { throw ValidationError("give --html or --pdf, not both") }
    }

    func run() throws {
      try RecordsCommand.sheet(
        store: file.store, lane: lane, session: session, html: html, pdf: pdf, paper: paper == .a4 ? .a4 : .letter)
    }
  }

  /// `lane records export --store FILE [--format csv|json] [--league NAME]`.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Every stored game for a league secretary's program, as CSV or JSON lines.",
      discussion: """
        Columns (docs/records.md; only ever added to, at the end): date, league, team, \
        bowler_id, bowler, lane, session, game, scratch, handicap, total, complete, kind, \
        frames. A league bowler's id is league/LEAGUE/NAME, one person across nights and \
        lanes; an open-play bowler's is session/LANE/SESSION/NAME; a linked id is the one \
        it is linked to (lane records link). In CSV, frames are \
        7-2 10 3-7 …; in JSON, [[7,2],[10],…].
        """ + statuses)

    @OptionGroup var file: StoreFile

    @Option(help: "csv (a header line, then one record per game) or json (one object per line).")
    var format: GameExport.Format = .csv

    @Option(help: "Only this league's games.")
    var league: String?

    func run() throws { try RecordsCommand.export(store: file.store, league: league, format: format) }
  }

  /// `lane records roster --league NAME --store FILE --out NIGHT.toml`.
  struct Roster: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a league's next night file, each bowler's average the league average now.",
      discussion: """
        From the latest night of the league the store holds: its settings and both teams' \
        lineups, each bowler's average their complete league games' pins ÷ games (USBC \
        Rule 108, the fraction dropped; blind and vacancy scores are not games bowled), \
        absent and late marks cleared. A bowler with no league game keeps the night file's \
        average. NIGHT.toml must not exist. Prints each average that changed.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .cannotCreate, .ioError))

    @Option(help: "The league's name, as its night files give it.")
    var league: String

    @OptionGroup var file: StoreFile

    @Option(help: "The night file to write; never an existing one.")
    var out: String

    func run() throws { try RecordsCommand.roster(league: league, store: file.store, out: out) }
  }

  /// `lane records backup --store FILE --out NEW`.
  struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Copy the store to a new file, consistently, while the desk writes to it.",
      discussion: """
        SQLite's online backup: the copy holds every event committed when it was taken, \
        none in part, and opens as a store. It is written beside NEW and moved there once \
        synced; NEW must not exist (a backup never replaces a file). Prints how many events \
        the copy holds.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .cannotCreate, .ioError))

    @OptionGroup var file: StoreFile

    @Option(help: "The new file the copy is written to; never an existing one.")
    var out: String

    func run() throws { try RecordsCommand.backup(store: file.store, out: out) }
  }

  /// `lane records link --store FILE ID --to OTHER`.
  struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a bowler id another's: the same person from now on.",
      discussion: """
        An open-play name belongs to its session, and a league bowler to the league; the \
        desk links an id to the person it is (ids as lane records averages --json prints \
        them): its games then count in that person's average and history, and export \
        names them by that id. Ids linked to ID follow it. Prints the person's average.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .ioError))

    @OptionGroup var file: StoreFile

    @Argument(help: "The bowler id to link (session/LANE/SESSION/NAME or league/LEAGUE/NAME).")
    var id: String

    @Option(help: "The id of the person it is.")
    var to: String

    func run() throws { try RecordsCommand.link(id, to: to, store: file.store) }
  }

  /// `lane records import --store FILE [--lane ID | --pair LEFT+RIGHT] JOURNAL…`.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Store every record of lanes' and league nights' journals, as their centre links publish them.",
      discussion: """
        Each JOURNAL (a lane's journal, a closed session's archive in JOURNAL.sessions/, or \
        a league night's journal on a pair) is read as the centre link reads it, and its \
        records are stored under the session's id and the lane its header names (or \
        --lane); a night's under each lane of the pair its header names (or --pair), as \
        both lanes publish it. One transaction per journal: importing twice, or what the \
        desk already stored, changes nothing. The store is created when missing. Prints \
        how many records were new. --lane is for lanes' journals and --pair for nights': \
        give one, and import the two kinds apart.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .cannotCreate, .ioError))

    @Option(help: "The desk's store, as given to lane desk --store; created when missing.")
    var store: String

    @Option(help: "The lane of lanes' journals (default: the lane each journal's header names).")
    var lane: String?

    @Option(
      help: ArgumentHelp(
        "The pair of league nights' journals, the left lane first (default: the pair each header names).",
        valueName: "left+right"))
    var pair: String?

    @Argument(help: "The lanes' journals, closed sessions' archives or league nights' journals.")
    var journals: [String]

    func validate() throws {
      if let lane { try validated(try OptionValues.lane(lane)) }
      if let pair { try validated(try OptionValues.pair(pair)) }
      if lane != nil, pair != nil {
        throw ValidationError("give --lane (for lanes' journals) or --pair (for nights'), not both: import them apart")
      }
      if journals.isEmpty { throw ValidationError("give at least one journal") }
    }

    func run() throws {
      var naming = JournalImport.Naming.header
      if let lane { naming = .lane(try validated(try OptionValues.lane(lane))) }
      if let pair { naming = .pair(try validated(try OptionValues.pair(pair))) }
      try RecordsCommand.importJournals(journals, naming: naming, store: store)
    }
  }

  /// `lane records check --store FILE`.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check the whole store with SQLite's integrity check, changing nothing.",
      discussion: """
        Opens the store read-only and reads every page of it (PRAGMA integrity_check): \
        prints ok, or each problem SQLite finds and exits 65; restore a damaged store \
        from a backup or rebuild it from the lanes' journals (lane records import). \
        lane desk runs the same check once when it starts; other commands do not.
        """ + statuses)

    @OptionGroup var file: StoreFile

    func run() throws { try RecordsCommand.check(store: file.store) }
  }

  public init() {}
}

extension GameExport.Format: ExpressibleByArgument {}
