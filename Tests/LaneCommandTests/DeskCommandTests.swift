import Foundation
import TestSupport
import Testing

/// `lane desk`'s options, checked before anything connects: nothing need listen at the
/// broker's address.
@Suite("lane desk's options, run as a user runs it")
struct DeskCommandTests {
  let lane: LaneExecutable
  let broker = ["desk", "--broker", "mqtt://127.0.0.1:1"]

  init() throws {
    lane = try LaneExecutable()
  }

  @Test(
    "When the options do not go together, then it exits 64 saying why, before connecting",
    arguments: [
      (["--lane", "bad/lane"], "--lane 'bad/lane' is not a lane name: 1-32 of a-z A-Z 0-9 - _, not desk"),
      (["--lane", "lane1", "--json"], "--lane alone shows that lane's board on the terminal; it and --json do not go together"),
      (["--request-id", "r-1"], "--request-id goes with --correct, --end-session or --start-session"),
      (["--end-session"], "a request needs --lane NAME"),
      (["--lane", "lane1", "--end-session", "--correct", "undo"], "give one of --correct, --end-session and --start-session"),
      (["--lane", "lane1", "--start-session", "Ana", "--json"], "a request and --json do not go together"),
    ])
  func refused(options: [String], reason: String) async throws {
    let run = try await lane.run(broker + options)

    #expect(run.status == 64)
    #expect(run.standardError.contains(reason), "\(run.standardError)")
    #expect(!run.standardError.contains("connecting"))
  }

  @Test(
    "When lane desk show or send is given a request it cannot make, then it exits 64 saying why, before connecting",
    arguments: [
      (["show", "bad/lane"], "LANE 'bad/lane' is not a lane name: 1-32 of a-z A-Z 0-9 - _, not desk"),
      (["send", "lane1", "correct"], "correct needs what to correct, e.g. correct pins:1,2,4"),
      (["send", "lane1", "correct", "pins:11"], "--correct takes pins:1,2,4, foul, no-foul, dead-ball or undo, not 'pins:11'"),
      (["send", "lane1", "end-session", "now"], "end-session takes no value"),
      (["send", "lane1", "start-session"], "start-session needs the bowlers"),
      (["send", "lane1", "start-session", "Cho, ,Dee"], "start-session: "),
      (["send", "lane1", "end-session", "--request-id", "bad id"], "--request-id must be 1-64 of a-z A-Z 0-9 - _"),
      (["send", "lane1", "rename"], "rename"),
      (["send", "lane1", "start-league"], "start-league needs the night file"),
      (["send", "lane1", "start-league", "night.toml", "--why", "tonight"], "only league takes --why"),
    ])
  func subcommandRefused(arguments: [String], reason: String) async throws {
    let run = try await lane.run(["desk"] + arguments + ["--broker", "mqtt://127.0.0.1:1"])

    #expect(run.status == 64)
    #expect(run.standardError.contains(reason), "\(run.standardError)")
    #expect(!run.standardError.contains("connecting"))
  }

  @Test(
    "When a connection or stream limit is out of range, then lane desk and lane display exit 64 saying the range, before connecting",
    arguments: [["desk"], ["display"]])
  func limitsOutOfRange(command: [String]) async throws {
    for (option, value) in [("--max-connections", "0"), ("--max-streams", "70000")] {
      let run = try await lane.run(command + ["--broker", "mqtt://127.0.0.1:1", option, value])

      #expect(run.status == 64)
      #expect(run.standardError.contains("\(option) is 1 to 65536, not \(value)"), "\(run.standardError)")
    }
  }

  @Test(
    "When --session-idle is out of its range or not a number, then lane desk exits 64 saying so, before connecting",
    arguments: [("9", "--session-idle is 10 to 43200 seconds, not 9"), ("43201", "--session-idle is 10 to 43200 seconds, not 43201"), ("-5", "--session-idle"), ("half", "--session-idle")])
  func sessionIdleOutOfRange(value: String, reason: String) async throws {
    let run = try await lane.run(broker + ["--session-idle", value])

    #expect(run.status == 64)
    #expect(run.standardError.contains(reason), "\(run.standardError)")
    #expect(!run.standardError.contains("connecting"))
  }

  @Test("When the desk's page is asked for beyond loopback without TLS, then lane desk exits 64 naming --allow-plain-http, before connecting")
  func plainBeyondLoopback() async throws {
    let page = ["--http", "0.0.0.0:0", "--users", "/nonexistent/users"]
    let refused = try await lane.run(broker + page)

    #expect(refused.status == 64)
    #expect(refused.standardError.contains("--http 0.0.0.0:0 is beyond loopback"), "\(refused.standardError)")
    #expect(refused.standardError.contains("--allow-plain-http"))
    #expect(!refused.standardError.contains("connecting"))

    let alone = try await lane.run(broker + ["--allow-plain-http"])
    #expect(alone.status == 64)
    #expect(alone.standardError.contains("--allow-plain-http goes with --http and no --tls-cert"), "\(alone.standardError)")
  }

  @Test("When lane display would serve the records beyond loopback, then it exits 64 saying they need a sign-in, before connecting")
  func recordsBeyondLoopback() async throws {
    let run = try await lane.run(
      ["display", "--broker", "mqtt://127.0.0.1:1", "--http", "0.0.0.0:0", "--http-public", "--store", "/nonexistent.sqlite"])

    #expect(run.status == 64)
    #expect(run.standardError.contains("--store serves the centre's records, which only signed-in managers may read"), "\(run.standardError)")
    #expect(!run.standardError.contains("connecting"))
  }

  @Test("When more connections are asked for than the process may open files, then lane display exits 64 naming LimitNOFILE, before connecting")
  func tooFewFiles() async throws {
    let limited = LaneExecutable(url: URL(fileURLWithPath: "/usr/bin/prlimit"))
    let run = try await limited.run(
      ["--nofile=256:256", lane.url.path, "display", "--broker", "mqtt://127.0.0.1:1", "--max-connections", "1000"])

    #expect(run.status == 64)
    #expect(run.standardError.contains("--max-connections 1000 needs 1064 open files"), "\(run.standardError)")
    #expect(run.standardError.contains("LimitNOFILE="))
    #expect(!run.standardError.contains("connecting"))
  }

  @Test("When start-league's night file cannot be read or is not a night, then it exits 66 or 65 naming the file, before connecting")
  func nightFileRefused() async throws {
    let folder = try ScratchFolder()
    try "[league]\nname = \"Tuesday\"\n".write(toFile: folder.path("short.toml"), atomically: false, encoding: .utf8)

    for (file, status) in [("missing.toml", Int32(66)), ("short.toml", 65)] {
      let run = try await lane.run(["desk", "send", "lane1", "start-league", folder.path(file), "--broker", "mqtt://127.0.0.1:1"])

      #expect(run.status == status, "\(run.standardError)")
      #expect(run.standardError.contains(file), "\(run.standardError)")
      #expect(!run.standardError.contains("connecting"))
    }
  }

  @Test("When an old one-shot spelling is used, then it still runs, with a warning naming the new one")
  func deprecatedSpelling() async throws {
    // Nothing listens at the broker's port: the request itself fails (69) after the warning.
    let run = try await lane.run(broker + ["--lane", "lane1", "--end-session"])

    #expect(run.status == 69, "\(run.standardError)")
    #expect(run.standardError.hasPrefix(
      "lane desk: --lane with --end-session is deprecated; use lane desk send lane1 end-session\n"))
  }
}
