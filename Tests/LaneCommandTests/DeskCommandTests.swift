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
      (["--lane", "bad/lane"], "--lane: \"bad/lane\" is not a lane's name on the broker"),
      (["--lane", "lane1", "--json"], "--lane alone shows that lane's board on the terminal; it and --json do not go together"),
      (["--request-id", "r-1"], "--request-id goes with --correct, --end-session or --start-session"),
      (["--end-session"], "a request needs --lane NAME"),
      (["--lane", "lane1", "--end-session", "--correct", "undo"], "give one of --correct, --end-session and --start-session"),
      (["--lane", "lane1", "--start-session", "Ana", "--json"], "a request and --json do not go together"),
    ])
  func refused(options: [String], reason: String) throws {
    let run = try lane.run(broker + options)

    #expect(run.status == 64)
    #expect(run.standardError.contains(reason), "\(run.standardError)")
    #expect(!run.standardError.contains("connecting"))
  }
}
