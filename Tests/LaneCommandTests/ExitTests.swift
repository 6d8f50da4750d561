import Centre
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("lane's exits on bad output, bad options and signals, run as a user runs it")
struct ExitTests {
  let lane: LaneExecutable
  let trace = BundledTrace.all[0].path

  init() throws {
    lane = try LaneExecutable()
  }

  @Test(
    "When standard output is a full device, then the command says so and exits 74",
    arguments: [
      (["simulate", BundledTrace.all[0].path], "lane simulate"), (["score", "X", "7/"], "lane score"),
      (["simulate", "--json", BundledTrace.all[0].path], "lane simulate"), (["--help"], "lane"),
    ])
  func fullOutput(arguments: [String], command: String) async throws {
    let run = try await lane.run(arguments, standardOutputTo: "/dev/full")

    // Then the message names the command, as every other message does.
    #expect(run.status == 74)
    #expect(run.standardError.hasPrefix("\(command): cannot write to standard output: No space left on device; "))
  }

  @Test("When asked for its version, then lane prints the version its status reports and exits 0")
  func version() async throws {
    let run = try await lane.run(["--version"])

    #expect(run.status == 0)
    #expect(run.standardOutput == SoftwareVersion.current + "\n")
  }

  @Test("When standard output is closed, then nothing is opened, the journal is not touched, and the exit is 74")
  func closedOutput() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lane-closed-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("lane.journal").path

    // Given a shell that starts lane with descriptor 1 closed.
    let run = try await LaneExecutable(url: URL(fileURLWithPath: "/bin/sh")).run(
      ["-c", "exec \"$0\" \"$@\" >&-", lane.url.path, "simulate", "--journal", journal, trace])

    #expect(run.status == 74)
    #expect(run.standardError.contains("cannot write to standard output: Bad file descriptor"))
    #expect(!FileManager.default.fileExists(atPath: journal))
  }

  @Test(
    "When --speed is outside 0.1 to 1000, then it is a usage error that gives the range",
    arguments: ["1e-20", "0", "0.09", "1001", "nan", "inf"])
  func speedOutOfRange(speed: String) async throws {
    let run = try await lane.run(["simulate", "--speed", speed, trace])

    #expect(run.status == 64)
    #expect(run.standardError.contains("--speed must be a number from 0.1 to 1000"))
    #expect(run.standardOutput == "")
  }

  @Test(
    "When lane simulate is signalled, then it finishes the record in hand, prints the games so far and a summary, and exits 0",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalled(signal: Int32) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lane-signal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("lane.journal").path

    // When: the 410 s trace plays at 50 times its pace (8 s), and the signal comes after 2 s.
    let (run, bySignal) = try await lane.run(
      ["simulate", "--speed", "50", "--log", "--journal", journal, trace],
      signal: signal, after: .seconds(2))

    #expect(!bySignal)
    #expect(run.status == 0)
    #expect(run.standardError.contains("lane simulate: stopped before the end of the trace; game 1 at frame"))
    // Then: every throw shown is in the journal (one record a line, after the file's header
    // and the session's start).
    let shown = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("game 1, frame") }
    let records = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
    #expect(!shown.isEmpty)
    #expect(records.count == shown.count + 2)
  }

  @Test(
    "Given a paced replay that serves nothing (no journal, broker or boards), when it is signalled once it has shown a throw, then it finishes the record in hand, prints the games so far and a summary, and exits 0",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalledServingNothing(signal: Int32) async throws {
    let folder = try ScratchFolder("lane-signal-alone")
    let (output, errors) = (folder.path("out"), folder.path("err"))
    // Given: the 410 s trace at 10 times its pace, so still playing when signalled.
    let child = try ChildProcess(
      lane.url.path, ["simulate", "--speed", "10", "--log", trace], output: .file(output), error: .file(errors))
    defer { _ = child.stop(signal: SIGKILL) }
    func printed(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    // When: the first throw is shown, its stop signals caught.
    #expect(
      await eventually(within: .seconds(120)) {
        !child.isRunning || (printed(output).contains("game 1, frame") && child.catches(signal))
      })
    let status = await child.stopped(signal: signal, within: .seconds(60))

    #expect(status == 0, "\(printed(errors))")
    #expect(printed(errors).contains("lane simulate: stopped before the end of the trace; game 1 at frame"))
    #expect(printed(output).contains("game 1, frame"))
  }

  @Test(
    "When lane simulate - waits for its first line on standard input and is signalled, then it stops at once and exits 0",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalledWhileReadingStandardInput(signal: Int32) async throws {
    let (run, bySignal) = try await lane.run(["simulate", "-"], signal: signal, after: .milliseconds(500), openInput: true)

    #expect(!bySignal, "it did not stop: \(run.standardError)")
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("lane simulate: stopped before the end of the trace"), "\(run.standardError)")
  }
}
