import Bowling
import Testing
@testable import Scoreboard

/// A game and the exact text the scoreboard must show for it.
struct Snapshot: CustomTestStringConvertible, Sendable {
  let name: String
  let deliveries: [Throw]
  let expected: String

  var testDescription: String { name }
}

private let gutterFrames: [Throw] = Array(repeating: .count(0), count: 18)
private let header = """
  +-----+-----+-----+-----+-----+-----+-----+-----+-----+---------+
  |  1  |  2  |  3  |  4  |  5  |  6  |  7  |  8  |  9  |   10    |
  +-----+-----+-----+-----+-----+-----+-----+-----+-----+---------+
  """
private let footer = "+-----+-----+-----+-----+-----+-----+-----+-----+-----+---------+"

extension Snapshot {
  static let table: [Snapshot] = [
    Snapshot(
      name: "a new game",
      deliveries: [],
      expected: header + """

        |     |     |     |     |     |     |     |     |     |         |
        |     |     |     |     |     |     |     |     |     |         |
        \(footer)
        Total 0, next: frame 1, ball 1
        """),
    Snapshot(
      name: "a game in progress with a split, a foul and a pending strike",
      deliveries: [
        .count(7), .count(3), .count(10), .count(9), .count(0),
        .knocked(([7, 10] as PinSet).complement), .knocked([7]),
        .foul(), .count(9), .count(10),
      ],
      expected: header + """

        | 7 / | X   | 9 - |(8)1 | F 9 | X   |     |     |     |         |
        |  20 |  39 |  48 |  57 |  66 |   ? |     |     |     |         |
        \(footer)
        Total pending (66 through frame 5), next: frame 7, ball 1
        """),
    Snapshot(
      name: "a perfect game",
      deliveries: Array(repeating: .count(10), count: 12),
      expected: header + """

        | X   | X   | X   | X   | X   | X   | X   | X   | X   | X  X  X |
        |  30 |  60 |  90 | 120 | 150 | 180 | 210 | 240 | 270 |     300 |
        \(footer)
        Total 300, game complete
        """),
    Snapshot(
      name: "a tenth frame with a split on the fresh rack after a strike",
      deliveries: gutterFrames + [
        .knocked(.full), .knocked(([7, 10] as PinSet).complement), .knocked([10]),
      ],
      expected: header + """

        | - - | - - | - - | - - | - - | - - | - - | - - | - - | X (8) 1 |
        |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |      19 |
        \(footer)
        Total 19, game complete
        """),
    Snapshot(
      name: "a tenth frame spare waiting for its bonus ball",
      deliveries: gutterFrames + [.count(7), .count(3)],
      expected: header + """

        | - - | - - | - - | - - | - - | - - | - - | - - | - - | 7  /    |
        |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |       ? |
        \(footer)
        Total pending (0 through frame 9), next: frame 10, ball 3
        """),
    Snapshot(
      name: "a first-ball foul then a spare in the tenth",
      deliveries: gutterFrames + [.foul(knocked: [1, 2]), .count(10), .count(10)],
      expected: header + """

        | - - | - - | - - | - - | - - | - - | - - | - - | - - | F  /  X |
        |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |      20 |
        \(footer)
        Total 20, game complete
        """),
  ]
}

@Suite("The console scoreboard")
struct ScoreboardTests {
  @Test("When a game is rendered without colour, then the text matches exactly",
    arguments: Snapshot.table)
  func snapshots(snapshot: Snapshot) throws {
    let game = try Game(snapshot.deliveries)
    #expect(Scoreboard().render(game) == snapshot.expected)
  }

  @Test("Then every board line is 65 columns at most, inside an 80-column terminal",
    arguments: Snapshot.table)
  func fitsNarrowTerminal(snapshot: Snapshot) throws {
    let text = Scoreboard(bowler: "Ann").render(try Game(snapshot.deliveries))
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 65 })
  }

  @Test("When a bowler is named, then a header line names them above the frames")
  func bowlerHeader() {
    let lines = Scoreboard(bowler: "Ann").render(Game()).split(separator: "\n")
    #expect(lines.first == "Bowler: Ann")
    #expect(lines.count == 8)
  }

  @Test("When colour is on, then marks are highlighted and the layout is otherwise unchanged")
  func colour() throws {
    let game = try Game([
      .knocked(.full), .knocked(([7, 10] as PinSet).complement), .knocked([7]), .foul(),
    ])
    let coloured = Scoreboard(colour: true).render(game)
    #expect(coloured.contains("\u{1B}[1;32mX\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[1;31m(8)\u{1B}[0m1"))
    #expect(coloured.contains("\u{1B}[33mF\u{1B}[0m"))
    let plain = coloured.replacing(/\x1B\[[0-9;]*m/, with: "")
    #expect(plain == Scoreboard().render(game))
  }

  @Test("When colour is off, then no escape sequences are written")
  func noColour() throws {
    let game = try Game([.count(10), .foul(), .count(10)])
    #expect(!Scoreboard().render(game).contains("\u{1B}"))
  }
}

/// Deliveries that make a game, and the statistics line the board prints under it.
struct StatisticsCase: CustomTestStringConvertible, Sendable {
  let name: String
  let deliveries: [Throw]
  let line: String

  var testDescription: String { name }
}

extension StatisticsCase {
  static let table: [StatisticsCase] = [
    StatisticsCase(
      name: "nothing bowled",
      deliveries: [],
      line: "Strikes 0, spares 0, opens 0, splits 0 (0 converted), first-ball average none yet"),
    StatisticsCase(
      name: "a strike, a converted split, an open frame",
      deliveries: [
        .knocked(.full),
        .knocked(([7, 10] as PinSet).complement), .knocked([7, 10]),
        .count(6), .count(2),
      ],
      line: "Strikes 1, spares 1, opens 1, splits 1 (1 converted), first-ball average 8.0"),
    StatisticsCase(
      name: "a split left standing, then a first-ball foul",
      deliveries: [.knocked(([4, 6] as PinSet).complement), .knocked([4]), .foul(), .count(3)],
      line: "Strikes 0, spares 0, opens 2, splits 1 (0 converted), first-ball average 4.0"),
    StatisticsCase(
      name: "a perfect game",
      deliveries: Array(repeating: .count(10), count: 12),
      line: "Strikes 12, spares 0, opens 0, splits 0 (0 converted), first-ball average 10.0"),
  ]
}

@Suite("The statistics and series lines")
struct StatisticsLineTests {
  @Test("When a game's statistics are rendered, then the line counts marks, splits and average",
    arguments: StatisticsCase.table)
  func game(statisticsCase: StatisticsCase) throws {
    let game = try Game(statisticsCase.deliveries)
    #expect(Scoreboard().render(GameStatistics(game)) == statisticsCase.line)
  }

  @Test("When every game of a series is finished, then the line gives the total and average")
  func finishedSeries() throws {
    let perfect = try Game(Array(repeating: .count(10), count: 12))
    let gutter = try Game(Array(repeating: .count(0), count: 20))
    let nines = try Game(Array(repeating: [Throw.count(9), .count(0)], count: 10).flatMap { $0 })
    let line = Scoreboard().render(SeriesStatistics([perfect, gutter, nines]))
    #expect(line == "Series 390 in 3 games, average 130.0")
  }

  @Test("When a game is unfinished, then the series names it and leaves it out of the average")
  func unfinishedSeries() throws {
    let perfect = try Game(Array(repeating: .count(10), count: 12))
    let started = try Game([.count(7), .count(2)])
    #expect(Scoreboard().render(SeriesStatistics([perfect, started]))
      == "Series 309 in 2 games (1 unfinished), average 300.0")
    #expect(Scoreboard().render(SeriesStatistics([started]))
      == "Series 9 in 1 game (1 unfinished), average none until a game is finished")
  }
}

@Suite("A lane session's scoreboard")
struct SessionScoreboardTests {
  @Test("When one unnamed bowler bowls, then it is exactly the game's scoreboard")
  func oneBowler() throws {
    var session = LaneSession(bowlers: [])
    try session.record(.count(7))
    #expect(SessionScoreboard().render(session) == Scoreboard().render(session.series[0].current))
  }

  @Test("When two bowlers bowl, then each is shown above their game and the one who is up is marked")
  func twoBowlers() throws {
    var session = LaneSession(bowlers: ["Ana", "Ben"])
    try session.record(.knocked(.full))

    let lines = SessionScoreboard().render(session).split(separator: "\n")

    #expect(lines.count == 16)
    #expect(lines[0] == "  Ana, game 1")
    #expect(lines[4] == "| X   |     |     |     |     |     |     |     |     |         |")
    #expect(lines[8] == "> Ben, game 1")
  }

  @Test("When colour is on, then the bowler who is up is in reverse video")
  func colour() throws {
    let session = LaneSession(bowlers: ["Ana", "Ben"])
    let text = SessionScoreboard(colour: true).render(session)
    #expect(text.hasPrefix("> \u{1B}[7mAna, game 1\u{1B}[0m\n"))
  }

  @Test("When two bowlers end a session, then each bowler's series is a line of its own")
  func series() throws {
    var session = LaneSession(bowlers: ["Ana", "Ben"])
    // Given Ana bowls a perfect game while Ben bowls nine and a miss each frame
    for frame in 1...10 {
      for _ in 0..<(frame == 10 ? 3 : 1) { try session.record(.count(10)) }
      try session.record(.count(9))
      try session.record(.count(0))
    }
    #expect(SessionScoreboard().renderSeries(session) == """
      Ana: Series 300 in 1 game, average 300.0
      Ben: Series 90 in 1 game, average 90.0
      """)
  }

  @Test("When one unnamed bowler has bowled nothing, then the series line says so")
  func emptySeries() {
    let session = LaneSession(bowlers: [])
    #expect(SessionScoreboard().renderSeries(session)
      == "Series 0 in 0 games, average none until a game is finished")
  }
}

