import Foundation
import TestSupport
import Testing

/// `--log-format`: what a long-running command says on standard error, as a technician reads
/// it or as journald takes it.
@Suite("lane's log lines, as text or as JSON")
struct LogFormatCommandTests {
  let lane: LaneExecutable
  let trace = PackageFolder.url("Hardware/traces/string-pinsetter-game.trace").path

  init() throws {
    lane = try LaneExecutable()
  }

  /// A broker nobody listens on: the lane says so, once, and scores on.
  func run(_ format: [String]) async throws -> LaneExecutable.Run {
    let port = try freeLoopbackPort()
    return try await lane.run(["simulate", "--broker", "mqtt://127.0.0.1:\(port)", "--lane", "lane1"] + format + [trace])
  }

  @Test("When no format is given, then each line is the command's name, the lane's part and the message, as before")
  func text() async throws {
    let run = try await run([])

    #expect(run.status == 0, "\(run.standardError)")
    let line = try #require(run.standardError.split(separator: "\n").first { $0.contains("not reachable") })
    #expect(line.hasPrefix("lane simulate: "), "\(line)")
  }

  @Test("When --log-format json is given, then every line on standard error is one JSON object with its level, command and message, and the scores still go to standard output")
  func json() async throws {
    let run = try await run(["--log-format", "json"])

    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Total 171, game complete"))
    let lines = run.standardError.split(separator: "\n")
    #expect(!lines.isEmpty)
    let objects = try lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
    #expect(objects.allSatisfy { $0["command"] as? String == "lane simulate" && $0["level"] is String && $0["message"] is String })
    #expect(objects.contains { ($0["message"] as? String)?.contains("not reachable") == true }, "\(run.standardError)")
  }

  @Test("When --log-format names no format, then it is a usage error")
  func unknown() async throws {
    let run = try await lane.run(["simulate", "--log-format", "xml", trace])

    #expect(run.status == 64)
    #expect(run.standardError.contains("log-format"), "\(run.standardError)")
  }
}
