import Foundation
import TestSupport
import Testing

/// `--lane ID`: one id for a lane's web page, its centre topics and its journal's header.
@Suite("lane simulate --lane: one id for the page, the broker and the journal", .holdsAThread)
struct LaneIDCommandTests {
  let folder: URL

  /// Given: a scratch folder for journals, removed after the test.
  init() throws {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    folder = URL(fileURLWithPath: base).appendingPathComponent("lane-id-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
  }

  /// Removes the scratch folder (Swift Testing has no tearDown for a struct suite).
  func removeFolder() { try? FileManager.default.removeItem(at: folder) }

  /// A lane's board as the JSON endpoint has it, or the status line when it has none.
  static func get(_ path: String, port: Int) throws -> (head: String, body: String) {
    let client = try LoopbackClient(port: port)
    try client.get(path, headers: ["Connection: close"])
    return try client.response()
  }

  @Test("When --lane 7 is given with --http, then the lane's board is at /lanes/7 and nowhere else")
  func pageAddress() throws {
    defer { removeFolder() }
    let lane = try LaneServing(["simulate", "--http", "127.0.0.1:0", "--lane", "7", HTTPCommandTests.trace])
    defer { lane.stop() }

    #expect(lane.standardError.contains("/lanes/7"))
    #expect(try Self.get("/api/lanes/7", port: lane.port).head.hasPrefix("HTTP/1.1 200"))
    #expect(try Self.get("/api/lanes/1", port: lane.port).head.hasPrefix("HTTP/1.1 404"))
    #expect(lane.stop() == 0)
  }

  @Test("When the deprecated --lane-name is given, then it still names the page and lane says to use --lane")
  func deprecatedAlias() throws {
    defer { removeFolder() }
    let lane = try LaneServing(["simulate", "--http", "127.0.0.1:0", "--lane-name", "8", HTTPCommandTests.trace])
    defer { lane.stop() }

    #expect(lane.standardError.contains("--lane-name is deprecated; use --lane 8"))
    #expect(try Self.get("/api/lanes/8", port: lane.port).head.hasPrefix("HTTP/1.1 200"))
    #expect(lane.stop() == 0)
  }

  @Test("When --lane and --lane-name disagree, then lane exits 64 and names both")
  func aliasDisagrees() throws {
    defer { removeFolder() }
    let (status, errors) = try HTTPCommandTests.lane(
      ["simulate", "--http", "0", "--lane", "7", "--lane-name", "8", HTTPCommandTests.trace])

    #expect(status == 64)
    #expect(errors.contains("--lane 7 and --lane-name 8 name different lanes"))
  }

  @Test("When a new journal is made with --lane 7, then its header names lane 7, and --lane 8 on it exits 65 saying whose it is")
  func journalHeader() throws {
    defer { removeFolder() }
    let journal = folder.appendingPathComponent("lane.journal").path
    let (made, _) = try HTTPCommandTests.lane(["simulate", "--journal", journal, "--lane", "7", HTTPCommandTests.trace])
    #expect(made == 0)
    let header = try String(contentsOfFile: journal, encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.contains(#""lane":"7""#))

    // When: the same journal is given to another lane.
    let (status, errors) = try HTTPCommandTests.lane(["simulate", "--journal", journal, "--lane", "8", HTTPCommandTests.trace])

    #expect(status == 65)
    #expect(errors.contains("is the journal of lane 7 (its header), not --lane 8"))
    // Then: the same lane carries on with it.
    let (again, _) = try HTTPCommandTests.lane(["simulate", "--journal", journal, "--lane", "7", HTTPCommandTests.trace])
    #expect(again == 0)
  }
}
