import Bowling
import Centre
import Foundation
import Journal
import TestSupport
import Testing

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

    @Test("When the averages are taken, then each is total pins ÷ complete games with the fraction dropped")
    func averages() {
      // Ana: 150 + 300 = 450 over 2 = 225; Ben: 90 + 20 = 110 over 2 = 55.
      #expect(BowlerAverage.averages(of: folded.games) == [
        BowlerAverage(bowler: "Ana", games: 2, pins: 450),
        BowlerAverage(bowler: "Ben", games: 2, pins: 110),
      ])
      #expect(BowlerAverage.averages(of: folded.games).map(\.average) == [225, 55])
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
    // Ana: 150 + 90 + 90 = 330 over 3 = 110; 150 + 90 = 240 / 2 = 120; then 151 / 2 = 75.5 → 75.
    let games = [150, 90, 90].enumerated().map { index, total in
      StoredGame(lane: "1", session: "s", bowler: "Ana", game: index + 1, total: total, complete: true, frames: [])
    } + [
      StoredGame(lane: "2", session: "t", bowler: "Cy", game: 1, total: 150, complete: true, frames: []),
      StoredGame(lane: "2", session: "t", bowler: "Cy", game: 2, total: 1, complete: true, frames: []),
      StoredGame(lane: "2", session: "t", bowler: "Cy", game: 3, total: 200, complete: false, frames: []),
      StoredGame(lane: "2", session: "u", bowler: "", game: 1, total: 300, complete: true, frames: []),
    ]

    #expect(BowlerAverage.averages(of: games) == [
      BowlerAverage(bowler: "Ana", games: 3, pins: 330), BowlerAverage(bowler: "Cy", games: 2, pins: 151),
    ])
    #expect(BowlerAverage.averages(of: games).map(\.average) == [110, 75])
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

  @Test("When a league night's records are stored, then they are counted as a night and not folded into games")
  func nightLeftOut() throws {
    let pair = Payload.Pair(left: try LaneID("1"), right: try LaneID("2"))
    let start = try PublishedNight.laneSessionStart(of: ["Ana"], on: pair.left, session: "n")
    var nightEvent = start
    nightEvent.pair = pair

    let folded = StoredGames(events: [nightEvent])

    #expect(folded.nights == 1)
    #expect(folded.games.isEmpty)
  }
}
