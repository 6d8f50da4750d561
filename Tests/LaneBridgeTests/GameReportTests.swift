import Bowling
import Foundation
import Testing
@testable import LaneBridge

@Suite("The JSON game report")
struct GameReportTests {
  @Suite("Given a spare, then a ball whose frame is not finished")
  struct InProgress {
    let report: GameReport

    init() throws {
      report = GameReport(try RollParser.game(["7", "3", "9"]))
    }

    @Test("Then each frame lists its credited rolls and running total, null when unknown")
    func frames() {
      #expect(report.frames.map(\.rolls) == [[7, 3], [9]])
      #expect(report.frames.map(\.cumulative) == [19, nil])
      #expect(report.total == 19)
      #expect(!report.complete)
    }

    @Test("When encoded, then the unknown total is an explicit null and the text is exact")
    func encoding() throws {
      let text = try report.jsonText()
      #expect(text == """
        {"complete":false,"frames":[\
        {"cumulative":19,"marks":["7","/"],"rolls":[7,3],"splits":[false,false]},\
        {"cumulative":null,"marks":["9"],"rolls":[9],"splits":[false]}],\
        "statistics":{"firstBallAverage":8,"opens":0,"spares":1,"splitConversions":0,"splits":0,\
        "strikes":0},"total":19}
        """)
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      let frames = object?["frames"] as? [[String: Any]]
      #expect(frames?[1]["cumulative"] is NSNull)
    }

    @Test("When encoded and decoded, then the report is unchanged")
    func roundTrip() throws {
      let decoded = try JSONDecoder().decode(GameReport.self, from: Data(report.jsonText().utf8))
      #expect(decoded == report)
    }
  }

  @Test("When a game is complete, then the report says so with the final total")
  func complete() throws {
    let report = GameReport(try RollParser.game(Array(repeating: "X", count: 12)))
    #expect(report.complete)
    #expect(report.total == 300)
    #expect(report.frames.last?.rolls == [10, 10, 10])
    #expect(report.frames.last?.marks == ["X", "X", "X"])
  }

  @Test("When pins were sensed and the first ball left a split, then the report flags that ball")
  func splits() throws {
    let game = try Game([.knocked(([7, 10] as PinSet).complement), .foul()])
    let report = GameReport(game)
    #expect(report.frames[0].splits == [true, false])
    #expect(report.frames[0].marks == ["8", "F"])
    #expect(report.frames[0].rolls == [8, 0])
  }

  @Test("When a game has marks and splits, then the report counts them per game")
  func statistics() throws {
    let game = try Game([
      .knocked(.full), .knocked(([7, 10] as PinSet).complement), .knocked([7, 10]),
      .count(5), .count(1),
    ])
    let statistics = GameReport(game).statistics
    #expect(statistics.strikes == 1)
    #expect(statistics.spares == 1)
    #expect(statistics.opens == 1)
    #expect(statistics.splits == 1)
    #expect(statistics.splitConversions == 1)
    #expect(statistics.firstBallAverage == 7.67)
  }

  @Test("When nothing is bowled, then there are no frames and the total is 0")
  func empty() throws {
    #expect(try GameReport(Game()).jsonText() == """
      {"complete":false,"frames":[],"statistics":{"firstBallAverage":null,"opens":0,"spares":0,\
      "splitConversions":0,"splits":0,"strikes":0},"total":0}
      """)
  }
}
