import Bowling
import Foundation
import Journal
import LaneSensing
import Scoreboard
import SimulatedPinSensor
import Testing

@testable import LaneBridge

@Suite("Showing the end-of-run report")
struct RunReportDisplayTests {
  @Test("When the form is JSON, then every throw is reported with time, credit, pins and foul once the sensor ends")
  func json() throws {
    let shown = try runLane(
      LaneScripts.splitThenFoul, display: RunReportDisplay(.json, output: "", warnings: "")
    ).display

    #expect(shown.warnings == "")
    #expect(shown.output == """
      {"games":[{"complete":false,"frames":[{"cumulative":8,"marks":["8","F"],"rolls":[8,0],\
      "splits":[true,false]}],"statistics":{"firstBallAverage":8,"opens":1,"spares":0,\
      "splitConversions":0,"splits":1,"strikes":0},"total":8}],"throws":[{"ball":1,"ballDetected":true,"cutShort":false,\
      "foul":false,"frame":1,"game":1,"knocked":[1,2,3,4,5,6,8,9],"pins":8,"start":1,"time":4.238},\
      {"ball":2,"ballDetected":true,"cutShort":false,"foul":true,"frame":1,"game":1,"knocked":[],\
      "pins":0,"start":12,"time":15}]}

      """)
  }

  @Test(
    "When many throws are scored, then the report written throw by throw is the SimulationReport of every throw",
    arguments: [[], ["Ana", #"Ben "B/2" Ørsted"#]])
  func streamed(bowlers: [String]) throws {
    // 700 strikes: more than one 64 KiB block of throws, and several games per bowler.
    var script = SensorScript()
    for delivery in 0..<700 {
      let start = Duration.seconds(30 * delivery)
      script = script
        .ball(at: start + .seconds(1))
        .pins(.full, fallAt: start + .milliseconds(1_100))
        .cycleOn(at: start + .seconds(6))
        .pins(.full, riseAt: start + .seconds(8))
        .cycleOff(at: start + .seconds(9))
    }

    let shown = try runLane(
      script, display: ReportAndThrows(report: RunReportDisplay(.json, output: "", warnings: "")),
      bowlers: bowlers
    ).display

    #expect(shown.scored.count == 700)
    let session = try #require(shown.session)
    #expect(shown.report.output == (try SimulationReport(throws: shown.scored, session: session).jsonText()) + "\n")
  }

  @Test("When the form is scoreboards, then one board is printed at the end")
  func scoreboards() throws {
    let output = try runLane(
      LaneScripts.splitThenFoul, display: RunReportDisplay(.scoreboards(colour: false), output: "", warnings: "")
    ).display.output

    #expect(output.components(separatedBy: "Total").count == 2)
    #expect(output.contains("|(8)F |"))
  }

  @Test("When the run is stopped, then the report of the games so far is printed")
  func stopped() throws {
    var readings = 0
    let output = try runLane(
      LaneScripts.splitThenFoul, display: RunReportDisplay(.scoreboards(colour: false), output: "", warnings: "")
    ) {
      readings += 1
      return readings > 2
    }.display.output

    #expect(output.components(separatedBy: "Total").count == 2)
    #expect(!output.contains("|(8)"))
  }

  @Test("When a trace line is malformed, then the trace error is thrown and nothing is written")
  func malformed() throws {
    var sensor = SimulatedPinSensor(traceLines: ["0.0 pins 1111111111", "1.0 bal"].makeIterator())
    var display = RunReportDisplay(.json, output: "", warnings: "")
    var journal = try JournalledSession(startingAt: .init(timeIntervalSince1970: 0))

    #expect(throws: TraceError(line: 2, .unknownEvent("bal"))) {
      try LaneRunner(detector: .init()).run(&sensor, journal: &journal, display: &display)
    }
    #expect(display.output == "")
  }

  @Suite("Given a session whose games are over")
  struct FinishedGames {
    /// `bowlers` each bowl `games` games of twelve strikes, in turn.
    static func session(bowlers: [String], games: Int) throws -> LaneSession {
      var session = LaneSession(bowlers: bowlers)
      for _ in 0..<(bowlers.count * games * 12) { _ = try session.record(.count(10)) }
      return session
    }

    @Test("When one unnamed bowler bowled two games, then each board has its statistics line and the series closes the report")
    func oneBowler() throws {
      var output = ""
      RunReportDisplay<String, String>.writeScoreboards(
        of: try Self.session(bowlers: [""], games: 2), colour: false, to: &output)

      #expect(output.components(separatedBy: "Strikes 12, spares 0, opens 0").count == 3)
      #expect(output.hasSuffix("Series 600 in 2 games, average 300.0\n"))
    }

    @Test("When two named bowlers bowled a game each, then the report ends with each bowler's series")
    func twoBowlers() throws {
      var output = ""
      RunReportDisplay<String, String>.writeScoreboards(
        of: try Self.session(bowlers: ["Ana", "Ben"], games: 1), colour: false, to: &output)

      #expect(output.components(separatedBy: "first-ball average 10.0").count == 3)
      #expect(output.hasSuffix("Ana: Series 300 in 1 game, average 300.0\nBen: Series 300 in 1 game, average 300.0\n"))
    }

    @Test("When more boards than one 64 KiB block are kept, then the blocks written make every kept board in order, then each series")
    func manyGames() throws {
      // Given 20 bowlers who bowled 12 games each: each keeps its last ten whole (200 boards)
      let bowlers = (1...20).map { "Bowler \($0)" }
      let session = try Self.session(bowlers: bowlers, games: 12)
      let board = Scoreboard(colour: false)
      let boards = bowlers.indices.flatMap { index in
        let series = session.series[index]
        return series.games.enumerated().filter { !$1.frames.isEmpty }.map { number, game in
          "\(bowlers[index]), game \(series.earlier.count + number + 1)\n" + board.render(game) + "\n"
            + board.render(GameStatistics(game))
        }
      }
      var output = BlockCounter()

      RunReportDisplay<String, String>.writeScoreboards(of: session, colour: false, to: &output)

      #expect(boards.count == 200)
      #expect(boards.first?.hasPrefix("Bowler 1, game 3\n") == true)
      #expect(output.text == boards.joined(separator: "\n") + "\n"
        + SessionScoreboard(colour: false).renderSeries(session) + "\n")
      #expect(output.writes > 1 && output.writes < boards.count)
    }
  }
}

/// A text stream that counts the writes it is given.
struct BlockCounter: TextOutputStream {
  var text = ""
  var writes = 0

  mutating func write(_ string: String) {
    text.append(string)
    writes += 1
  }
}

/// Shows every event to a report and keeps the scored throws and the last session, to
/// compare the report with the ``SimulationReport`` made from all of them at once.
struct ReportAndThrows: LaneDisplay {
  var report: RunReportDisplay<String, String>
  private(set) var scored: [ScoredThrow] = []
  private(set) var session: LaneSession?

  mutating func show(_ event: LaneEvent, in session: LaneSession) throws {
    if case .scored(let throwScored) = event.kind { scored.append(throwScored) }
    self.session = session
    try report.show(event, in: session)
  }
}
