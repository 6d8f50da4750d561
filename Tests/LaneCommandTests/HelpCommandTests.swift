import Foundation
import Testing

/// Every command's help, as a user reads it: the exit statuses come from one table.
@Suite("lane's help texts, run as a user runs it")
struct HelpCommandTests {
  let lane: LaneExecutable

  init() throws {
    lane = try LaneExecutable()
  }

  static let commands: [[String]] = [
    ["score"], ["simulate"], ["run"], ["record"], ["calibrate"], ["correct"], ["session"],
    ["journal", "check"], ["journal", "salvage"], ["desk", "serve"], ["desk", "show"],
    ["desk", "send"], ["display"],
  ]

  @Test("When a command's help is asked for, then it lists its exit statuses in the one generated form and names no status by hand", arguments: commands)
  func exitStatuses(command: [String]) async throws {
    let run = try await lane.run(command + ["--help"])
    // ArgumentParser wraps the discussion; read it as one line.
    let help = run.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")

    #expect(run.status == 0)
    #expect(help.contains("Exit status: 0 done;"), "\(help)")
    // Nothing else in the help names a status: no "exit 65", "exit status 74", "(exit 0)".
    let handWritten = try Regex("(?i)exit(s| status(es)?)? \\(?[0-9]")
    #expect(help.replacing("Exit status: 0 done", with: "").firstMatch(of: handWritten) == nil, "\(help)")
  }
}
