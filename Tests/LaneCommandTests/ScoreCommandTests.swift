import Foundation
import Testing

@Suite("lane score, run as a user runs it")
struct ScoreCommandTests {
  let lane: LaneExecutable

  init() throws {
    lane = try LaneExecutable()
  }

  @Test("When given rolls, then it prints the scoreboard and exits 0")
  func scoreboard() throws {
    let run = try lane.run(["score", "7/", "X", "9-", "F5"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.standardOutput == """
      +-----+-----+-----+-----+-----+-----+-----+-----+-----+-------+
      |  1  |  2  |  3  |  4  |  5  |  6  |  7  |  8  |  9  |  10   |
      +-----+-----+-----+-----+-----+-----+-----+-----+-----+-------+
      | 7 / | X   | 9 - | F 5 |     |     |     |     |     |       |
      |  20 |  39 |  48 |  53 |     |     |     |     |     |       |
      +-----+-----+-----+-----+-----+-----+-----+-----+-----+-------+
      Total 53, next: frame 5, ball 1

      """)
  }

  @Test("When output is a pipe, then no colour escapes are written even if none is refused")
  func noColourInPipes() throws {
    let run = try lane.run(["score", "X", "X", "F", "/"], environment: ["NO_COLOR": ""])
    #expect(run.status == 0)
    #expect(!run.standardOutput.contains("\u{1B}"))
  }

  @Test("When --json is given, then stdout is exactly one JSON object with the game")
  func json() throws {
    let run = try lane.run(["score", "--json", "7", "3", "9"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.standardOutput.hasSuffix("}\n"))
    #expect(run.standardOutput.filter { $0 == "\n" }.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let frames = try #require(object["frames"] as? [[String: Any]])
    #expect(frames.map { $0["rolls"] as? [Int] } == [[7, 3], [9]])
    #expect(frames[0]["cumulative"] as? Int == 19)
    #expect(frames[1]["cumulative"] is NSNull)
    #expect(object["total"] as? Int == 19)
    #expect(object["complete"] as? Bool == false)
  }

  @Test("When a perfect game is given as JSON, then it is complete with 300")
  func perfectJSON() throws {
    let run = try lane.run(["score"] + Array(repeating: "X", count: 12) + ["--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(object["total"] as? Int == 300)
    #expect(object["complete"] as? Bool == true)
  }

  @Test("When the balls cannot have happened, then stdout is empty, stderr says where and why, and it exits 65",
    arguments: [["score", "7", "5"], ["score", "--json", "7", "5"]])
  func impossible(arguments: [String]) throws {
    let run = try lane.run(arguments)
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "lane score: frame 1, ball 2: 5 pins is more than the 3 standing (roll '5')\n")
  }

  @Test("When a ball follows a finished game, then it exits 65 naming the tenth frame")
  func afterGameOver() throws {
    let run = try lane.run(["score"] + Array(repeating: "-", count: 20) + ["4"])
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(run.standardError.contains("frame 10, ball 3: the game is already over"))
  }

  @Test("When a roll is malformed, then it exits 64 naming the token, with nothing on stdout",
    arguments: [
      (["score", "7Q"], "roll '7Q'"),
      (["score", "11"], "roll '11'"),
      (["score", "/"], "'/' needs a first ball"),
      (["score"], "no rolls given"),
    ])
  func usage(arguments: [String], message: String) throws {
    let run = try lane.run(arguments)
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(run.standardError.contains(message))
    #expect(run.standardError.contains("Usage: lane score"))
  }
}
