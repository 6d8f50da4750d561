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
  ///
  /// - Throws: ``RecordsPageTemplate/Failure`` when its template cannot be used.
  public var html: String {
    get throws(RecordsPageTemplate.Failure) { try RecordsPageTemplate.index.render(page) }
  }

  /// What the template `Pages/index.html` writes.
  private struct Page {
    let styles: RecordsStyle.Head
    let averages: [Average]
    let leagues: [Standings]
    let sessions: [Session]
  }

  private struct Average {
    /// The address of the bowler's page.
    let link: String
    let bowler: String
    let games, pins, average: Int
  }

  private struct Standings {
    let league: String
    /// The address of the league's next night file.
    let roster: String
    let teams: [Team]
    /// Each high score, as it reads.
    let highs: [String]
  }

  private struct Team {
    let place: Int
    let team: String
    let nights: Int
    /// Whole points without a fraction.
    let points: String
    let scratch, withHandicap: Int
  }

  private struct Session {
    let lane, session: String
    let games: Int
    /// The address of the session's scoresheet.
    let sheet: String
  }

  private var page: Page {
    Page(
      styles: RecordsStyle.head([.index], .linked),
      averages: averages.map { average in
        Average(
          link: "/records/bowler?id=\(Self.queryValue(average.id))", bowler: average.bowler, games: average.games,
          pins: average.pins, average: average.average)
      },
      leagues: standings.map { standings in
        Standings(
          league: standings.league, roster: "/records/roster?league=\(Self.queryValue(standings.league))",
          teams: standings.teams.map { team in
            Team(
              place: team.place, team: team.team, nights: team.nights,
              points: LeagueScoreboard.points(team.points),
              scratch: team.scratch, withHandicap: team.withHandicap)
          },
          highs: standings.highs.map(\.description))
      },
      sessions: sessions.map { entry in
        Session(
          lane: entry.lane, session: entry.session, games: entry.games,
          sheet: "/records/sheet?lane=\(Self.queryValue(entry.lane))&session=\(Self.queryValue(entry.session))")
      })
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
