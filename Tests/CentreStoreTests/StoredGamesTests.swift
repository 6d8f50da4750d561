import Bowling
import Centre
import Foundation
import Journal
import LaneBridge
import League
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore

@Suite("The games and averages folded from stored journal records")
struct StoredGamesTests {
  @Suite("Given lane1's session: Ana and Ben bowl two games, Ana 150 and 300, Ben 90 and 20")
  struct TwoBowlersTwoGames {
    let events: [Payload.Event]
    let folded: StoredGames

    init() throws {
      var session = try PublishedSession(lane: "lane1", session: "s1", bowlers: ["Ana", "Ben"])
      session.bowl(games: [[KnownGame.allSpares, KnownGame.ninety], [KnownGame.perfect, KnownGame.twenty]])
      session.bowl([7])
      events = try session.events
      folded = StoredGames(events: events)
    }

    @Test("When the records are folded, then each bowler's games are listed by game number in bowling order, with totals so far (none before the first frame is scored)")
    func games() {
      #expect(folded.problems.isEmpty)
      #expect(folded.games.map { "\($0.bowler) \($0.game) \($0.total) \($0.complete)" } == [
        "Ana 1 150 true", "Ben 1 90 true", "Ana 2 300 true", "Ben 2 20 true", "Ana 3 0 false",
      ])
      #expect(folded.games.allSatisfy { $0.lane == "lane1" && $0.session == "s1" })
    }

    @Test("When a game is listed, then its frames carry every delivery's pins")
    func frames() {
      #expect(folded.games[0].frames.map(\.rolls) == KnownGame.allSpares)
      #expect(folded.games[2].frames.map(\.rolls) == KnownGame.perfect)
      #expect(folded.games[4].frames.map(\.rolls) == [[7]])
    }

    @Test("When the store takes the averages, then each is total pins ÷ complete games with the fraction dropped, each name a person of the session")
    func averages() throws {
      let fixture = try FixtureStore(events)
      let averages = try fixture.store.averages()

      // Ana: 150 + 300 = 450 over 2 = 225; Ben: 90 + 20 = 110 over 2 = 55.
      #expect(averages == [
        BowlerAverage(id: "session/lane1/s1/Ana", bowler: "Ana", games: 2, pins: 450),
        BowlerAverage(id: "session/lane1/s1/Ben", bowler: "Ben", games: 2, pins: 110),
      ])
      #expect(averages.map { $0.average } == [225, 55])
    }

    @Test("When a record is missing from the store, then the games before it are listed and the gap is told")
    func gap() {
      var holed = events
      holed.remove(at: 30)

      let folded = StoredGames(events: holed)

      #expect(folded.problems.map(\.seq) == [31])
      #expect(folded.games.count == 2)
    }
  }

  @Test("When a bowler's averages do not divide evenly, then the fraction is dropped, never rounded up (USBC Rule 108)")
  func fractionDropped() throws {
    // Ana: 150 + 90 + 90 = 330 over 3 = 110; Cy: 150 + 1 = 151 over 2 = 75.5 → 75, his
    // third game unfinished; a lone unnamed bowler's 300 is nobody's.
    var ana = try PublishedSession(lane: "1", session: "s", bowlers: ["Ana"])
    ana.bowl(games: [[KnownGame.allSpares], [KnownGame.ninety], [KnownGame.ninety]])
    var cy = try PublishedSession(lane: "2", session: "t", bowlers: ["Cy"])
    cy.bowl(games: [[KnownGame.allSpares], [KnownGame.one]])
    cy.bowl([10, 10])
    var nobody = try PublishedSession(lane: "2", session: "u", bowlers: [])
    nobody.bowl(games: [[KnownGame.perfect]])

    let fixture = try FixtureStore(try ana.events + cy.events + nobody.events)
    let averages = try fixture.store.averages()

    #expect(averages == [
      BowlerAverage(id: "session/1/s/Ana", bowler: "Ana", games: 3, pins: 330),
      BowlerAverage(id: "session/2/t/Cy", bowler: "Cy", games: 2, pins: 151),
    ])
    #expect(averages.map { $0.average } == [110, 75])
  }

  @Test("When one bowler bowls more games than the session keeps whole, then every game is still listed with its frames")
  func summarisedGames() throws {
    var session = try PublishedSession(lane: "lane1", session: "long", bowlers: ["Ana"])
    let pattern = [KnownGame.ninety, KnownGame.allSpares, KnownGame.twenty, KnownGame.perfect]
    let games = (0..<(LaneSession.wholeGames + 5)).map { pattern[$0 % pattern.count] }
    session.bowl(games: games.map { [$0] })

    let folded = StoredGames(events: try session.events)

    #expect(folded.problems.isEmpty)
    #expect(folded.games.map(\.game) == Array(1...games.count))
    #expect(folded.games.map { $0.frames.map(\.rolls) } == games)
    #expect(folded.games.map(\.total) == games.map { [90, 150, 20, 300][pattern.firstIndex(of: $0)!] })
  }

  @Suite("Given a league night on the pair 7+8: Pin Pals (Ana; Ben, absent) against Gutter Kings (Cy; a vacancy), two games, both lanes publishing it")
  struct LeagueNightGames {
    let published: PublishedNight
    let folded: StoredGames

    init() throws {
      published = try tuesdayNight()
      // Both lanes' copies, as the desk stores them: lane 7's session, then lane 8's.
      folded = StoredGames(
        events: try published.events(on: published.pair.left) + published.events(on: published.pair.right))
    }

    @Test("When the records are folded, then every place's two games are listed once, under the pair, with the league, team and kind")
    func listedOnce() {
      #expect(folded.problems.isEmpty)
      #expect(folded.games.map { "\($0.bowler) \($0.game) \($0.league?.team ?? "-") \($0.league?.kind ?? "-")" } == [
        "Ana 1 Pin Pals bowled", "Ana 2 Pin Pals bowled",
        "Ben 1 Pin Pals absentee", "Ben 2 Pin Pals absentee",
        "Cy 1 Gutter Kings bowled", "Cy 2 Gutter Kings bowled",
        " 1 Gutter Kings vacancy", " 2 Gutter Kings vacancy",
      ])
      #expect(folded.games.allSatisfy { $0.lane == "7+8" && $0.session == published.session && $0.league?.name == "Tuesday Mixed" })
    }

    @Test("When a bowled game is listed, then its frames and total are the bowler's own deliveries scored as on one lane, complete, with the league's handicap")
    func bowledGames() {
      for (name, team) in [("Ana", 0), ("Cy", 1)] {
        let expected = published.planned.games[team][0]
        let listed = folded.games.filter { $0.bowler == name }
        let rolls: [[[Int]]] = expected.map { game in game.frames.map { GameReport.Frame($0).rolls } }
        #expect(listed.map { $0.frames.map(\.rolls) } == rolls)
        #expect(listed.map(\.total) == expected.map(\.total))
        #expect(listed.allSatisfy { $0.complete })
      }
      // floor((220 - 172) * 90 / 100) = 43; floor((220 - 188) * 90 / 100) = 28.
      #expect(folded.games.filter { $0.bowler == "Ana" }.allSatisfy { $0.league?.handicap == 43 && $0.league?.withHandicap == $0.total + 43 })
      #expect(folded.games.filter { $0.bowler == "Cy" }.allSatisfy { $0.league?.handicap == 28 })
    }

    @Test("When the next night's roster is made, then each bowler who bowled has their league average, the absent mark is cleared, and the rest is the night's")
    func roster() throws {
      let fixture = try FixtureStore(
        try published.events(on: published.pair.left) + published.events(on: published.pair.right))
      let roster = try fixture.store.roster(league: "Tuesday Mixed")

      let ana = published.planned.games[0][0].map(\.total)
      let cy = published.planned.games[1][0].map(\.total)
      let lineups = roster.next.teams.map { $0.lineup.map { $0.bowler.map { "\($0.name) \($0.average) \($0.isAbsent)" } ?? "vacancy" } }
      #expect(lineups == [
        ["Ana \((ana[0] + ana[1]) / 2) false", "Ben 141 false"],
        ["Cy \((cy[0] + cy[1]) / 2) false", "vacancy"],
      ])
      #expect(roster.next.settings == published.planned.night.settings)
      #expect(roster.next.teams.map { $0.name } == ["Pin Pals", "Gutter Kings"])
      #expect(roster.latest.session == published.session && roster.latest.pair == "7+8")
      #expect(roster.changes.map { $0.name } == ["Ana", "Cy"].filter { name in
        name == "Ana" ? (ana[0] + ana[1]) / 2 != 172 : (cy[0] + cy[1]) / 2 != 188
      })
      #expect(throws: NoLeagueNight(league: "Friday", known: ["Tuesday Mixed"])) {
        try fixture.store.roster(league: "Friday")
      }
    }

    @Test("When the standings are taken over this night and another on the pair 9+10, then each team adds up both nights' points and pins, and the high scores are of games bowled")
    func standings() throws {
      var random = SeededRandom(seed: 26)
      var other = try PublishedNight(
        PlannedNight(night: published.planned.night, using: &random), left: try LaneID("9"), right: try LaneID("10"))
      try other.bowl(frames: 20)
      let both = StoredGames(
        events: try published.events(on: published.pair.left) + published.events(on: published.pair.right)
          + other.events(on: other.pair.left) + other.events(on: other.pair.right))

      let standings = try LeagueStandings(league: "Tuesday Mixed", from: both)

      // Pins: the bowlers' games, Ben's blind 131 (handicap 71) and the vacancy's 120
      // (handicap 90) in each game; Ana's handicap 43, Cy's 28.
      let nights = [published, other]
      func pins(_ team: Int, _ place: Int) -> Int { nights.map { $0.planned.games[team][place].map(\.total).reduce(0, +) }.reduce(0, +) }
      let pinPals = (scratch: pins(0, 0) + 4 * 131, withHandicap: pins(0, 0) + 4 * 131 + 4 * (43 + 71))
      let gutterKings = (scratch: pins(1, 0) + 4 * 120, withHandicap: pins(1, 0) + 4 * 120 + 4 * (28 + 90))
      let points = (0..<2).map { team in nights.map { $0.play.teamSeries(team).points ?? -100 }.reduce(0, +) }
      let expected = [
        LeagueStandings.TeamStanding(
          place: 0, team: "Pin Pals", nights: 2, points: points[0], scratch: pinPals.scratch, withHandicap: pinPals.withHandicap),
        LeagueStandings.TeamStanding(
          place: 0, team: "Gutter Kings", nights: 2, points: points[1], scratch: gutterKings.scratch,
          withHandicap: gutterKings.withHandicap),
      ]
      #expect(points.reduce(0, +) == 2 * 3, "two games and a series a night, one point each")
      #expect(standings.teams.map(\.team).sorted() == ["Gutter Kings", "Pin Pals"])
      let figures: [[Int]] = standings.teams.map { [$0.nights, $0.scratch, $0.withHandicap] }
      let expectedFigures: [[Int]] = expected.map { [$0.nights, $0.scratch, $0.withHandicap] }
      #expect(figures.sorted { $0[1] < $1[1] } == expectedFigures.sorted { $0[1] < $1[1] })
      #expect(standings.teams.first?.points == points.max())
      let level = points[0] == points[1] && pinPals.withHandicap == gutterKings.withHandicap
      #expect(standings.teams.map(\.place) == (level ? [1, 1] : [1, 2]))

      // The high game is the best of Ana's and Cy's four games, never Ben's blind.
      let bowled = nights.flatMap { night in [(0, "Ana", 43), (1, "Cy", 28)].flatMap { team, name, handicap in
        night.planned.games[team][0].map { (name, $0.total, $0.total + handicap) } } }
      let high = standings.highs.first { $0.kind == "scratch game" }
      #expect(high?.score == bowled.map { $0.1 }.max())
      #expect(standings.highs.first { $0.kind == "handicap game" }?.score == bowled.map { $0.2 }.max())
      let series = nights.flatMap { night in [(0, "Ana", 43), (1, "Cy", 28)].map { team, _, handicap in
        night.planned.games[team][0].map(\.total).reduce(0, +) + 2 * handicap } }
      #expect(standings.highs.first { $0.kind == "handicap series" }?.score == series.max())
      #expect(standings.highs.map(\.kind) == ["scratch game", "handicap game", "scratch series", "handicap series"])
    }

    @Test("When the store takes the averages, then a blind's and a vacancy's scores are left out: only games bowled count, each bowler the league's")
    func averagesLeaveOutBlinds() throws {
      let fixture = try FixtureStore(
        try published.events(on: published.pair.left) + published.events(on: published.pair.right))
      let store = fixture.store

      // Ben's blind is 141 - 10 = 131 each game; it is in the games, not in his average.
      #expect(try store.games().filter { $0.bowler == "Ben" }.map { $0.total } == [131, 131])
      #expect(try store.averages().map { $0.id } == ["league/Tuesday Mixed/Ana", "league/Tuesday Mixed/Cy"])
      #expect(try store.averages(league: "Friday").isEmpty)
    }
  }
}
