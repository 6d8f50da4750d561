import Foundation
import Journal
import LaneConfiguration
import League
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The scorer's console at a pair, through `lane` on a terminal: a paced league replay takes
/// the league commands typed there, as `lane run` on a pair does.
// One at a time: each correction's case starts a pair on a terminal.
@Suite("League corrections typed at the pair's console, through lane on a terminal", .serialized)
struct LeagueConsoleCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder

  /// Given the one-game night of ``LeagueJournalCommandTests`` and its traces.
  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder()
    var random = SeededRandom(seed: 2411)
    let night = LeagueJournalCommandTests.night
    let planned = PlannedNight(night: try LeagueNightFile.parse(text: night, file: "night.toml"), using: &random)
    try night.write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
    // Kept open after the night: the commands are taken however late they are typed.
    for (name, trace) in [("left", planned.traces.left), ("right", planned.traces.right)] {
      try BundledTrace.keptOpen(trace).write(toFile: folder.path("\(name).trace"), atomically: false, encoding: .utf8)
    }
  }

  /// `lane simulate --league` of the night on `traces`, paced at `speed`, its
  /// standard input, output and error a terminal.
  func startPair(_ traces: [String], speed: String) throws -> (PseudoTerminal, ChildProcess) {
    let console = try PseudoTerminal()
    let pair = try ChildProcess(
      lane.url.path,
      ["simulate", "--league", "night.toml", "--journal", "night.journal", "--speed", speed, "--log"] + traces,
      input: .descriptor(console.terminal), output: .descriptor(console.terminal),
      error: .descriptor(console.terminal), directory: folder.path)
    return (console, pair)
  }

  @Test("When the scorer types league commands while the pair bowls, then each is journalled as the console's with its reason (or the console's own), a line that does not read is answered, and help lists the commands")
  func typedCorrections() async throws {
    let (console, pair) = try startPair(["left.trace", "right.trace"], speed: "20")
    defer { _ = pair.stop(signal: SIGKILL) }
    #expect(await eventually(within: .seconds(60)) { console.text.contains("record 4:") }, "\(console.text)")

    let typed: [(line: String, reason: String)] = [
      ("average Cy 150; the secretary's list", "the secretary's list"),
      ("handicap Di 12; league rule 4", "league rule 4"),
      ("foul 2", "typed at the pair's console"),
      ("no-foul 2; the video shows no foul", "the video shows no foul"),
      ("undo; no-foul by mistake", "no-foul by mistake"),
    ]
    for (index, entry) in typed.enumerated() {
      console.type(entry.line)
      // One at a time: each is journalled and shown before the next is typed.
      #expect(
        await eventually(within: .seconds(20)) { console.text.components(separatedBy: "by console").count > index + 1 },
        "\(entry.line): \(console.text)")
    }
    console.type("late Zed")
    console.type("help")
    #expect(await eventually(within: .seconds(20)) { console.text.contains("pins D 1,2,4") }, "\(console.text)")
    pair.signal(SIGTERM)

    #expect(await pair.exited() == 0)
    console.close()
    let file = try JournalFile(path: folder.path("night.journal"), ifMissing: .refuse)
    let night = try JournalledNight(store: file, opened: file)
    #expect(night.changes.map(\.author) == Array(repeating: "console", count: typed.count))
    #expect(night.changes.map(\.reason) == typed.map(\.reason))
    #expect(console.text.contains("nobody bowling tonight is called 'Zed'"), "\(console.text)")
  }

  @Test(
    "When the scorer types each league correction at the running pair's console, then each is journalled as the console's with its reason and makes the night it says, or is refused and changes nothing",
    arguments: LeagueCorrections.cases)
  func eachCorrection(_ given: LeagueCorrections.Case) async throws {
    try LeagueCorrections.idleTrace.write(toFile: folder.path("idle.trace"), atomically: false, encoding: .utf8)
    let path = folder.path("night.journal")
    try LeagueCorrections.start(at: path, bowling: given.balls)
    var expected = try LeagueCorrections.night(at: path).play

    // The pair on two idle lanes, paced, open to its console for an hour.
    func started() throws -> (PseudoTerminal, ChildProcess) {
      try startPair(["idle.trace", "idle.trace"], speed: "1")
    }
    func stop(_ running: (PseudoTerminal, ChildProcess)) async {
      running.1.signal(SIGTERM)
      #expect(await running.1.exited() == 0, "\(running.0.text)")
      running.0.close()
    }
    var running = try started()
    for (index, command) in given.commands.enumerated() {
      if index == 1, given.ballBetween {
        await stop(running)
        try LeagueCorrections.bowl([LeagueCorrections.ballBetween], into: path)
        expected = try LeagueCorrections.night(at: path).play
        running = try started()
      }
      let made = try LeagueCorrections.expected(after: command, on: expected)
      let console = running.0
      let answers = { console.text.components(separatedBy: "by console (rule 6b)").count + console.text.components(separatedBy: "correction refused").count }
      let before = answers()

      console.type("\(command); rule 6b")

      #expect(await eventually(within: .seconds(20)) { answers() > before }, "\(command): \(console.text)")
      #expect(console.text.contains("correction refused") != given.accepts(index), "\(command): \(console.text)")
      if given.accepts(index) { expected = made }
    }
    await stop(running)

    let after = try LeagueCorrections.night(at: path)
    #expect(after.play == expected)
    #expect(after.changes.map(\.author) == Array(repeating: "console", count: given.commands.indices.filter(given.accepts).count))
    #expect(after.changes.allSatisfy { $0.reason == "rule 6b" })
  }
}
