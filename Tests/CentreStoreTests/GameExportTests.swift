import LaneBridge
import Testing

@testable import CentreRecords
@testable import CentreStore
@testable import RecordsPresentation

@Suite("A stored game exported for a league secretary's program")
struct GameExportTests {
  static let frames = [
    GameReport.Frame(rolls: [7, 2], cumulative: 9, marks: ["7", "2"], splits: [false, false]),
    GameReport.Frame(rolls: [10], cumulative: 29, marks: ["X"], splits: [false]),
  ]

  @Test("When a league game is exported, then its bowler is the league's person, with team, handicap and total, and its frames' pins")
  func leagueGame() {
    let game = StoredGame(
      lane: "7+8", session: "2026-11-24T19:00:00Z", bowler: "Ana", game: 2, total: 29, complete: false,
      frames: Self.frames,
      league: StoredGame.League(name: "Tuesday, \"Mixed\"", team: "Pin Pals", handicap: 43, withHandicap: 72, kind: "bowled"))

    let export = GameExport(game)

    #expect(export.bowlerID == "league/Tuesday, \"Mixed\"/Ana")
    #expect(export.date == "2026-11-24")
    #expect(export.csvRecord == #"2026-11-24,"Tuesday, ""Mixed""",Pin Pals,"league/Tuesday, ""Mixed""/Ana",Ana,7+8,2026-11-24T19:00:00Z,2,29,43,72,false,bowled,7-2 10"#)
    #expect(GameExport.csvHeader == "date,league,team,bowler_id,bowler,lane,session,game,scratch,handicap,total,complete,kind,frames")
  }

  @Test("When an open-play game is exported, then its bowler belongs to the session, with no league, no handicap")
  func openPlayGame() throws {
    let game = StoredGame(
      lane: "lane1", session: "2026-11-25T18:00:00Z", bowler: "Ben", game: 1, total: 29, complete: true, frames: Self.frames)

    let export = GameExport(game)

    #expect(export.bowlerID == "session/lane1/2026-11-25T18:00:00Z/Ben")
    #expect(export.csvRecord == "2026-11-25,,,session/lane1/2026-11-25T18:00:00Z/Ben,Ben,lane1,2026-11-25T18:00:00Z,1,29,0,29,true,bowled,7-2 10")
    let json = try RecordsReport.jsonLine(export)
    #expect(json.hasPrefix(#"{"bowler":"Ben","bowler_id":"session/lane1/2026-11-25T18:00:00Z/Ben","complete":true,"date":"2026-11-25","frames":[[7,2],[10]],"#))
  }
}
