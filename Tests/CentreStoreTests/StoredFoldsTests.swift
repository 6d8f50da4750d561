import Bowling
import Centre
import Foundation
import LaneBridge
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore
@testable import RecordsPresentation

/// The games the store keeps folded (schema `v2 folded games`): brought up to the last event
/// before each read, one origin at a time, and bowlers linked into persons.
@Suite("The store's folded games, kept current and linked into persons")
struct StoredFoldsTests {
  @Test("When more of a session is stored after a read, then the next read folds that session again and only it; a read with nothing new folds nothing")
  func refreshedPerOrigin() throws {
    var ana = try PublishedSession(lane: "lane1", session: "s1", bowlers: ["Ana"])
    ana.bowl(games: [[KnownGame.perfect], [KnownGame.ninety]])
    var ben = try PublishedSession(lane: "lane2", session: "s2", bowlers: ["Ben"])
    ben.bowl(games: [[KnownGame.twenty]])
    let anas = try ana.events
    let fixture = try FixtureStore(Array(anas.prefix(12)) + (try ben.events))
    let store = fixture.store
    #expect(try store.refresh() == 2)
    #expect(try store.games().map { "\($0.bowler) \($0.total) \($0.complete)" } == ["Ana 270 false", "Ben 20 true"])

    _ = try store.store(Array(anas.dropFirst(12)))

    #expect(try store.refresh() == 1)
    #expect(try store.refresh() == 0)
    #expect(try store.games().map { "\($0.bowler) \($0.total) \($0.complete)" } == ["Ana 300 true", "Ana 90 true", "Ben 20 true"])
    #expect(try store.averages().map(\.description) == [
      "Ana: 195 (390 pins in 2 games; session/lane1/s1/Ana)", "Ben: 20 (20 pins in 1 games; session/lane2/s2/Ben)",
    ])
  }

  @Test("When one lane of a night's pair has published less of it than the other, then the night is folded from the longer copy, whichever lane stored first")
  func longerCopyOfANight() throws {
    let night = try tuesdayNight()
    let left = try night.events(on: night.pair.left)
    let right = try night.events(on: night.pair.right)
    let fixture = try FixtureStore(Array(left.prefix(left.count / 2)) + right)

    let games = try fixture.store.games()

    #expect(games.count == 8)
    #expect(games.allSatisfy { $0.complete }, "\(games.map(\.description))")
    #expect(try fixture.store.nights().map { "\($0.pair) \($0.league) \($0.games)" } == ["7+8 Tuesday Mixed 2"])
  }

  @Test("When a league's second night is stored after its standings were read, then the next read's standings are both nights', as folding every event gives them")
  func standingsFollowNights() throws {
    let first = try tuesdayNight()
    var random = SeededRandom(seed: 26)
    var second = try PublishedNight(
      PlannedNight(night: first.planned.night, using: &random), left: try LaneID("9"), right: try LaneID("10"))
    try second.bowl(frames: 20)
    let firstEvents = try first.events(on: first.pair.left) + first.events(on: first.pair.right)
    let secondEvents = try second.events(on: second.pair.left) + second.events(on: second.pair.right)
    let fixture = try FixtureStore(firstEvents)
    let store = fixture.store
    let one = try store.standings(league: "Tuesday Mixed")

    _ = try store.store(secondEvents)

    let both = try store.standings(league: "Tuesday Mixed")
    #expect(one == (try LeagueStandings(league: "Tuesday Mixed", from: StoredGames(events: firstEvents))))
    #expect(both == (try LeagueStandings(league: "Tuesday Mixed", from: StoredGames(events: firstEvents + secondEvents))))
    #expect(both.teams.map(\.nights) == [2, 2])
    #expect(throws: NoLeagueNight(league: "Friday", known: ["Tuesday Mixed"])) { try store.standings(league: "Friday") }
  }

  @Suite("Given Ana's open-play session on lane3 (150, 90) and her league night on 7+8")
  struct Linked {
    let fixture: FixtureStore
    let night: PublishedNight
    let open = "session/lane3/open/Ana"
    let league = "league/Tuesday Mixed/Ana"

    init() throws {
      night = try tuesdayNight()
      var session = try PublishedSession(lane: "lane3", session: "open", bowlers: ["Ana"])
      session.bowl(games: [[KnownGame.allSpares], [KnownGame.ninety]])
      fixture = try FixtureStore(
        try night.events(on: night.pair.left) + night.events(on: night.pair.right) + session.events)
    }

    /// Ana's two league games' totals.
    var leagueGames: [Int] { night.planned.games[0][0].map(\.total) }

    @Test("When nothing is linked, then she is two bowlers: the league's and the session's")
    func twoBowlers() throws {
      let anas = try fixture.store.averages().filter { $0.bowler == "Ana" }

      #expect(anas.map(\.id) == [league, open])
      #expect(anas.map(\.games) == [2, 2])
    }

    @Test("When the desk links the session's Ana to the league's, then her average, history and export are one person's; the league's average is still the league's games only")
    func linked() throws {
      let store = fixture.store

      try store.link(open, to: league)

      let pins = leagueGames.reduce(0, +) + 150 + 90
      #expect(try store.averages().filter { $0.bowler == "Ana" } == [BowlerAverage(id: league, bowler: "Ana", games: 4, pins: pins)])
      #expect(try store.average(of: league) == BowlerAverage(id: league, bowler: "Ana", games: 4, pins: pins))
      #expect(try store.averages(league: "Tuesday Mixed").first { $0.bowler == "Ana" }?.games == 2)
      let history = try BowlerHistory(of: league, in: store)
      #expect(history.entries.map(\.game.scratch) == leagueGames + [150, 90])
      #expect(history.entries.map(\.game.bowlerID) == Array(repeating: league, count: 4))
      #expect(history.entries.map(\.average) == [
        leagueGames[0], leagueGames.reduce(0, +) / 2, (leagueGames.reduce(0, +) + 150) / 3, pins / 4,
      ])
      #expect(try store.links() == [open: league])
    }

    @Test("When an id linked to is itself linked on, then the ids linked to it follow")
    func linksFollow() throws {
      let store = fixture.store
      let cy = "league/Tuesday Mixed/Cy"

      try store.link(open, to: league)
      try store.link(league, to: cy)

      #expect(try store.links() == [open: cy, league: cy])
      #expect(try store.average(of: cy)?.games == 6)
    }

    @Test("When a link names an id with no game, or links a bowler to itself, then it is refused and nothing is linked")
    func refused() throws {
      let store = fixture.store
      let path = store.path

      #expect(throws: StoreError.unknownBowler(path: path, id: "league/Tuesday Mixed/Zed")) {
        try store.link(open, to: "league/Tuesday Mixed/Zed")
      }
      #expect(throws: StoreError.sameBowler(path: path, id: open, other: open)) { try store.link(open, to: open) }
      try store.link(open, to: league)
      #expect(throws: StoreError.sameBowler(path: path, id: league, other: open)) { try store.link(league, to: open) }
      #expect(try store.links() == [open: league])
      #expect(throws: StoreError.unknownBowler(path: path, id: "nobody")) { try BowlerHistory(of: "nobody", in: store) }
    }
  }
}
