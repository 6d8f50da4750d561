import Foundation
import Testing

@Suite("lane score, run as a user runs it")
struct ScoreCommandTests {
  let lane: LaneExecutable

  init() throws {
    lane = try LaneExecutable()
  }

  @Test("When given rolls, then it prints the scoreboard and exits 0")
  func scoreboard() async throws {
    let run = try await lane.run(["score", "7/", "X", "9-", "F5"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.standardOutput == """
      +-----+-----+-----+-----+-----+-----+-----+-----+-----+---------+
      |  1  |  2  |  3  |  4  |  5  |  6  |  7  |  8  |  9  |   10    |
      +-----+-----+-----+-----+-----+-----+-----+-----+-----+---------+
      | 7 / | X   | 9 - | F 5 |     |     |     |     |     |         |
      |  20 |  39 |  48 |  53 |     |     |     |     |     |         |
      +-----+-----+-----+-----+-----+-----+-----+-----+-----+---------+
      Total 53, next: frame 5, ball 1
      Strikes 1, spares 1, opens 2, splits 0 (0 converted), first-ball average 6.5

      """)
  }

  @Test("When output is a pipe, then no colour escapes are written even if none is refused")
  func noColourInPipes() async throws {
    let run = try await lane.run(["score", "X", "X", "F", "/"], environment: ["NO_COLOR": ""])
    #expect(run.status == 0)
    #expect(!run.standardOutput.contains("\u{1B}"))
  }

  @Test("When --json is given, then stdout is exactly one JSON object with the game")
  func json() async throws {
    let run = try await lane.run(["score", "--json", "7", "3", "9"])
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
  func perfectJSON() async throws {
    let run = try await lane.run(["score"] + Array(repeating: "X", count: 12) + ["--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(object["total"] as? Int == 300)
    #expect(object["complete"] as? Bool == true)
  }

  @Test("When the balls cannot have happened, then stdout is empty, stderr says where and why, and it exits 65")
  func impossible() async throws {
    let run = try await lane.run(["score", "7", "5"])
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "lane score: frame 1, ball 2: 5 pins is more than the 3 standing (roll '5')\n")
  }

  @Test("When --json is given and the input is refused, then stderr is one JSON error object",
    arguments: [(["7", "5"], Int32(65)), (["7Q"], Int32(64)), (["--nope"], Int32(64))])
  func jsonErrors(rolls: [String], status: Int32) async throws {
    let run = try await lane.run(["score", "--json"] + rolls)
    #expect(run.status == status)
    #expect(run.standardOutput == "")
    #expect(run.standardError.filter { $0 == "\n" }.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardError.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["status"] as? Int == Int(status))
    #expect((error["message"] as? String)?.isEmpty == false)
  }

  @Test("When a ball follows a finished game, then it exits 65 naming the tenth frame")
  func afterGameOver() async throws {
    let run = try await lane.run(["score"] + Array(repeating: "-", count: 20) + ["4"])
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("lane score: frame 10, ball 3: the game is already over"))
  }

  @Test("When a roll is malformed, then it exits 64 with one line naming where, and no usage text",
    arguments: [
      (["score", "7Q"], "lane score: frame 1, ball 2: roll '7Q': 'Q' is not a pin count"),
      (["score", "-1"], "lane score: frame 1, ball 1: roll '-1' reads two ways"),
      (["score", "X", "F10"], "lane score: frame 2, ball 1: roll 'F10' reads two ways"),
      (["score", "/"], "lane score: frame 1, ball 1: roll '/': '/' needs a first ball"),
      (["score", "X", ",", "7|2"], "lane score: game 2, frame 1, ball 2: roll '7|2': '|' comes before"),
      (["score"], "lane score: no rolls given"),
      (["score", "X", "--frobnicate"], "lane score: unknown option '--frobnicate'"),
    ])
  func usage(arguments: [String], message: String) async throws {
    let run = try await lane.run(arguments)
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix(message))
    #expect(run.standardError.filter { $0 == "\n" }.count == 1)
    #expect(!run.standardError.contains("Usage"))
  }

  @Test("When a roll is huge or holds escapes, then the message quotes 40 characters, escaped")
  func hugeToken() async throws {
    let run = try await lane.run(["score", "7\u{1B}[2J" + String(repeating: "Q", count: 100_000)])
    #expect(run.status == 64)
    #expect(!run.standardError.contains("\u{1B}"))
    #expect(run.standardError.contains(#"\u{1B}[2J"#))
    #expect(run.standardError.count < 300)
  }

  @Test("When dashes and digit words are typed, then they score as single balls",
    arguments: [(["---"], "Total pending (0 through frame 1)"), (["72", "72"], "Total 18")])
  func singleBalls(rolls: [String], status: String) async throws {
    let run = try await lane.run(["score"] + rolls)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(status))
  }

  @Test("When the pipe form is given, then the game scores 167")
  func pipeForm() async throws {
    let run = try await lane.run(["score", "--json", "X|7/|9-|X|-8|8/|-6|X|X|X||81"])
    #expect(run.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(object["total"] as? Int == 167)
    let statistics = try #require(object["statistics"] as? [String: Any])
    #expect(statistics["strikes"] as? Int == 5)
    #expect(statistics["spares"] as? Int == 2)
    #expect(statistics["opens"] as? Int == 3)
  }

  @Test("When several games are given, then each board is printed with the series total and average")
  func series() async throws {
    let run = try await lane.run(
      ["score"] + Array(repeating: "X", count: 12) + [","] + Array(repeating: "9-", count: 10)
        + ["--game"] + ["7/"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("Game 3\n"))
    #expect(run.standardOutput.hasSuffix("Series 390 in 3 games (1 unfinished), average 195.0\n"))
  }

  @Test("When several games are given with --json, then one object holds the games and series")
  func seriesJSON() async throws {
    let run = try await lane.run(["score", "--json", "XXXXXXXXXXXX,9-9-9-9-9-9-9-9-9-9-"])
    #expect(run.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect((object["games"] as? [[String: Any]])?.map { $0["total"] as? Int } == [300, 90])
    let series = try #require(object["series"] as? [String: Any])
    #expect(series["total"] as? Int == 390)
    #expect(series["average"] as? Double == 195)
  }

  @Test("When 16k tokens are given, then they are all read: 1,260 perfect games")
  func manyTokens() async throws {
    let game = Array(repeating: "X", count: 12)
    let tokens = (0..<1_260).flatMap { $0 == 0 ? game : [","] + game }
    let run = try await lane.run(["score"] + tokens)
    #expect(run.status == 0)
    #expect(run.standardOutput.hasSuffix("Series 378000 in 1260 games, average 300.0\n"))
  }

  @Test("When standard output is a full disk, then it says so and exits 74, without a crash")
  func fullOutput() async throws {
    let run = try await lane.run(["score", "X"], standardOutputTo: "/dev/full")
    let message = run.standardError
    // It exited by itself (a signal would give minus its number), with 74.
    #expect(run.status == 74)
    #expect(message == "lane score: cannot write to standard output: No space left on device; send it to a file or a pipe that can take it (or to /dev/null)\n")
  }

  @Test("When --help is given, then the score help is shown")
  func help() async throws {
    let run = try await lane.run(["score", "--help"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("USAGE: lane score"))
  }
}
