import CentreRecords
import CentreStore

/// The other `lane records` readers' reports: a league's standings, a bowler's history and
/// the export, each its lines for standard output, made here so that `lane` only prints them.
extension RecordsReport {
  /// A report of `lines`, each ended by `lineEnd`, with nothing told on standard error.
  public init(lines: [String], lineEnd: String = "\n") {
    self.lines = lines
    self.notes = []
    self.lineEnd = lineEnd
  }

  /// `lane records standings`: a line per team, best first, then a line per high score.
  ///
  /// - Throws: ``StoreError``; ``NoLeagueNight`` when it holds no night of `league`.
  public static func standings(of league: String, in store: RecordStore, json: Bool) throws -> RecordsReport {
    let standings = try store.standings(league: league)
    return RecordsReport(
      lines: try standings.teams.map { team in json ? try jsonLine(team) : team.description }
        + standings.highs.map { high in json ? try jsonLine(high) : high.description })
  }

  /// `lane records history`: a line per game of the bowler `person`, oldest first.
  ///
  /// - Throws: ``StoreError``, ``StoreError/unknownBowler(path:id:)`` when it has no game of theirs.
  public static func history(of person: String, in store: RecordStore, json: Bool) throws -> RecordsReport {
    let history = try BowlerHistory(of: person, in: store)
    return RecordsReport(
      lines: try history.entries.map { entry in json ? try jsonLine(entry) : entry.description })
  }

  /// `lane records export`: every game (of `league`, when given) in export's columns, each
  /// bowler under the id it is linked to: CSV (RFC 4180: a header, CRLF line ends) or a JSON
  /// object per line.
  ///
  /// - Throws: ``StoreError``.
  public static func export(of store: RecordStore, league: String?, format: GameExport.Format) throws -> RecordsReport {
    let links = try store.links()
    let games = try store.games(league: league).map { GameExport($0, person: links[$0.person]) }
    switch format {
    case .csv:
      return RecordsReport(lines: [GameExport.csvHeader] + games.map(\.csvRecord), lineEnd: "\r\n")
    case .json:
      return RecordsReport(lines: try games.map { game in try jsonLine(game) })
    }
  }
}
