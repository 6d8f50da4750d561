import CentreRecords
import CentreStore
import Scoreboard

/// The `/records` page: every bowler's average, each league's standings and high scores, and
/// every session and league night with a link to its scoresheet.
///
/// Pure: made from what the store answers (``RecordStore/averages(league:)``,
/// ``RecordStore/standings(league:)``, ``RecordStore/sessions()``).
public struct RecordsIndex: Sendable {
  public let averages: [BowlerAverage]
  public let standings: [LeagueStandings]
  /// Each session and night with its number of games, the latest first.
  public let sessions: [(lane: String, session: String, games: Int)]

  public init(
    averages: [BowlerAverage], standings: [LeagueStandings], sessions: [(lane: String, session: String, games: Int)]
  ) {
    self.averages = averages
    self.standings = standings
    self.sessions = sessions
  }

  /// The page of `store`, as it stands.
  ///
  /// - Throws: ``StoreError``.
  public init(of store: RecordStore) throws {
    self.init(
      averages: try store.averages(), standings: try store.leagues().map { try store.standings(league: $0) },
      sessions: try store.sessions())
  }

  /// The page.
  public var html: String {
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>The centre's records</title>
      \(RecordsStyle.head([.index], .linked))
      </head>
      <body>
      <h1>The centre's records</h1>

      """
    page += averagesTable()
    for league in standings { page += standingsTable(league) }
    page += sessionsTable()
    return page + "</body>\n</html>\n"
  }

  private func averagesTable() -> String {
    guard !averages.isEmpty else { return "<h2>Averages</h2>\n<p>No complete game bowled yet.</p>\n" }
    let rows = averages.map { average in
      "<tr><td class=\"name\"><a href=\"\(HTMLText.escaped("/records/bowler?id=\(Self.queryValue(average.id))"))\">"
        + "\(HTMLText.escaped(average.bowler))</a></td><td>\(average.games)</td>"
        + "<td>\(average.pins)</td><td>\(average.average)</td></tr>\n"
    }.joined()
    return """
      <h2>Averages</h2>
      <p>Pins ÷ complete games bowled, the fraction dropped (USBC Rule 108); a league's blind and vacancy scores are not games bowled.</p>
      <table class="averages">
      <tr><th>Bowler</th><th>Games</th><th>Pins</th><th>Average</th></tr>
      \(rows)</table>

      """
  }

  private func standingsTable(_ standings: LeagueStandings) -> String {
    let rows = standings.teams.map { team in
      let points = team.points == team.points.rounded() ? String(Int(team.points)) : String(team.points)
      return "<tr><td>\(team.place)</td><td class=\"name\">\(HTMLText.escaped(team.team))</td><td>\(team.nights)</td>"
        + "<td>\(points)</td><td>\(team.scratch)</td><td>\(team.withHandicap)</td></tr>\n"
    }.joined()
    let highs = standings.highs.map { "<li>\(HTMLText.escaped($0.description))</li>\n" }.joined()
    let roster = "/records/roster?league=\(Self.queryValue(standings.league))"
    return """
      <h2>\(HTMLText.escaped(standings.league))</h2>
      <p><a class="roster" href="\(HTMLText.escaped(roster))">Next night's file</a>: both teams' lineups, each average the league average now (lane records roster).</p>
      <table class="standings">
      <tr><th>Place</th><th>Team</th><th>Nights</th><th>Points</th><th>Scratch</th><th>With handicap</th></tr>
      \(rows)</table>
      <ul class="highs">
      \(highs)</ul>

      """
  }

  private func sessionsTable() -> String {
    guard !sessions.isEmpty else { return "<h2>Sessions</h2>\n<p>None stored yet.</p>\n" }
    let rows = sessions.map { entry in
      let link = "/records/sheet?lane=\(Self.queryValue(entry.lane))&session=\(Self.queryValue(entry.session))"
      return "<tr><td class=\"name\">\(HTMLText.escaped(entry.lane))</td><td class=\"name\">\(HTMLText.escaped(entry.session))</td>"
        + "<td>\(entry.games)</td><td class=\"name\"><a href=\"\(HTMLText.escaped(link))\">scoresheet</a></td></tr>\n"
    }.joined()
    return """
      <h2>Sessions and league nights</h2>
      <table class="sessions">
      <tr><th>Lane</th><th>Session (UTC)</th><th>Games</th><th></th></tr>
      \(rows)</table>

      """
  }

  /// `text` percent-encoded for a query value: everything but letters, digits and `-._~`.
  static func queryValue(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      let character = Character(Unicode.Scalar(byte))
      if byte < 0x80 && (character.isLetter || character.isNumber || "-._~".contains(character)) {
        encoded.append(character)
      } else {
        encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return encoded
  }
}
