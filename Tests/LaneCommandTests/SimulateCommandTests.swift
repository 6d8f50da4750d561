import Foundation
import TestSupport
import Testing

/// The parts of `lane simulate --json` these tests read.
struct SimulateOutput: Decodable {
  struct ThrowEntry: Decodable {
    let time: Double
    let pins: Int
    let knocked: [Int]
    let foul: Bool
  }
  struct GameEntry: Decodable {
    let total: Int
    let complete: Bool
  }
  let `throws`: [ThrowEntry]
  let games: [GameEntry]
}

@Suite("lane simulate, run as a user runs it")
struct SimulateCommandTests {
  let lane: LaneExecutable

  init() throws {
    lane = try LaneExecutable()
  }

  @Test(
    "When a shipped trace is replayed, then every throw and final score is the one its story tells",
    arguments: BundledTrace.all)
  func shippedTrace(trace: BundledTrace) async throws {
    let run = try await lane.run(["simulate", "--json", trace.path])
    #expect(run.status == 0)

    let output = try JSONDecoder().decode(SimulateOutput.self, from: Data(run.standardOutput.utf8))
    let throwLines = output.throws.map { entry in
      let knocked = entry.knocked.isEmpty ? "-" : entry.knocked.map(String.init).joined(separator: ",")
      return "knocked=\(knocked) foul=\(entry.foul)"
    }
    #expect(throwLines == (try trace.expectedLines(startingWith: "knocked=")))
    #expect(output.games.map { "total=\($0.total)" } == (try trace.expectedLines(startingWith: "total=")))
    #expect(output.games.allSatisfy { $0.complete })
    #expect(output.throws.allSatisfy { $0.foul ? $0.pins == 0 : $0.pins == $0.knocked.count })
  }

  @Test("When no option is given, then it prints the scoreboard of the game")
  func scoreboard() async throws {
    let run = try await lane.run(["simulate", BundledTrace.all[0].path])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("| 9 / | X   |(8)1 | 8 / |"))
    #expect(run.standardOutput.contains("Total 171, game complete"))
  }

  @Test("When the trace comes on standard input as -, then it is replayed the same way")
  func standardInput() async throws {
    let trace = """
      0.0 pins 1111111111
      1.0 ball
      1.2 pin1 down
      1.2015 pin1 up
      1.203 pin1 down
      """
    let run = try await lane.run(["simulate", "--json", "-"], input: trace)
    #expect(run.status == 0)
    let output = try JSONDecoder().decode(SimulateOutput.self, from: Data(run.standardOutput.utf8))
    #expect(output.throws.map(\.knocked) == [[1]])
    // Pin 1's fall counts once it has held for the 30 ms bounce window (at 1.233 s); the
    // delivery ends when the deck has then been still for the 3 s settle window.
    #expect(output.throws.map(\.time) == [4.233])
  }

  @Test("When a trace line is malformed, then it names the line, prints nothing and exits 65")
  func malformedTrace() async throws {
    let run = try await lane.run(["simulate", "-"], input: "0.0 pins 1111111111\n1.0 pin11 down\n")
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(run.standardError.contains("standard input: trace line 2: 'pin11' is not a pin"))
  }

  @Test("When the trace file does not exist, then it says so and exits 66")
  func missingTrace() async throws {
    let run = try await lane.run(["simulate", "/nonexistent/lane.trace"])
    #expect(run.status == 66)
    #expect(run.standardOutput == "")
    #expect(run.standardError.contains("cannot open trace '/nonexistent/lane.trace'"))
  }

  @Test("When a window is not a number of seconds, then it is a usage error, exit 64")
  func badWindow() async throws {
    let run = try await lane.run(["simulate", "--settle", "3s", BundledTrace.all[0].path])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--settle"))
  }

  @Test(
    "When --speed replays onto a terminal, then the board is redrawn in place as lane run does",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux script for a terminal"))
  func pacedOnTerminal() async throws {
    // Given a terminal: script(1) runs lane on a pseudo-terminal and copies what it shows.
    let command = "'\(lane.url.path)' simulate --speed 1000 '\(BundledTrace.all[0].path)'"

    let run = try await LaneExecutable(url: URL(fileURLWithPath: "/usr/bin/script"))
      .run(["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"])

    #expect(run.status == 0)
    let screens = run.standardOutput.components(separatedBy: "\u{1B}[H\u{1B}[2J").dropFirst()
    #expect(screens.count > 20)  // one per throw and per pinsetter cycle, not one per frame
    #expect(screens.allSatisfy { $0.hasPrefix("Game 1\r\n+---") })
  }

  @Test("When --speed replays into a pipe, then it writes the log lane run writes there")
  func pacedIntoPipe() async throws {
    let run = try await lane.run(["simulate", "--speed", "1000", BundledTrace.all[0].path])

    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("game 1, frame 1, ball 1: "))
    #expect(!run.standardOutput.contains("\u{1B}["))
  }
}
