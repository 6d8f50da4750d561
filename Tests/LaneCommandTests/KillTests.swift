import Bowling
import Foundation
import Journal
import LaneBridge
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The kill test: `lane simulate --journal` bowls planned games at 50 times the trace's pace
/// and is killed with SIGKILL at a random moment, again and again, each run resuming the
/// journal the last one left. After every kill the journal must hold every throw the lane
/// had shown (acknowledged) and at most the one it was about to show, in the planned order.
/// When the journal holds that unshown throw, half the time its record is torn as a power cut
/// would tear it, and opening must set it aside and keep everything before.
///
/// `LANE_KILL_TEST_KILLS` sets how many kills (default 150, about a minute);
/// `LANE_KILL_TEST_SEED` replays one sequence.
@Suite("Killing the lane at random moments", .serialized)
struct KillTests {
  static let kills = ProcessInfo.processInfo.environment["LANE_KILL_TEST_KILLS"].flatMap { Int($0) } ?? 150
  static let seed =
    ProcessInfo.processInfo.environment["LANE_KILL_TEST_SEED"].flatMap { UInt64($0) }
    ?? UInt64.random(in: 1...UInt64.max)
  static let bowlers = ["Ana", "Ben"]

  /// What the kills found, reported at the end.
  struct Tally: CustomStringConvertible {
    var kills = 0
    var sessions = 0
    var throwsAcknowledged = 0
    var unacknowledgedButDurable = 0
    var tornRecordsRecovered = 0
    var killedBeforeAnyThrow = 0

    var description: String {
      "\(kills) kills over \(sessions) sessions: \(throwsAcknowledged) throws acknowledged and"
        + " all found in the journal; \(unacknowledgedButDurable) kills fell between a throw's"
        + " fsync and its display (journalled, not yet shown); \(tornRecordsRecovered) of those"
        + " records were then torn and recovered; \(killedBeforeAnyThrow) kills came before the"
        + " run's first throw"
    }
  }

  @Test("When the lane is killed at random moments, then every acknowledged throw is resumed and nothing else but the one being shown")
  func randomKills() async throws {
    let lane = try LaneExecutable()
    var random = SeededRandom(seed: Self.seed)
    let folder = try ScratchFolder("lane-kill-\(Self.seed)")
    var tally = Tally()

    while tally.kills < Self.kills {
      tally.sessions += 1
      let plan = PlannedSession(bowlers: Self.bowlers, games: 1, using: &random)
      let path = folder.path("session-\(tally.sessions).journal")
      var done = 0
      while done < plan.deliveries.count && tally.kills < Self.kills {
        // When: a run bowls the rest of the plan and is killed at a random moment.
        let delay = Duration.milliseconds(Int.random(in: 0...400, using: &random))
        let shown = try await lane.runAndKill(
          ["simulate", "--journal", path, "--bowlers", Self.bowlers.joined(separator: ","),
           "--log", "--speed", "50", "-"],
          input: plan.trace(from: done), after: delay)
        tally.kills += 1
        let acknowledged = shown.split(separator: "\n", omittingEmptySubsequences: false)
          .dropLast()  // the text after the last newline is not a whole line
          .filter { line in Self.bowlers.contains { line.hasPrefix("\($0), game ") } }.count

        // Then: the journal holds the acknowledged throws, and at most one more.
        var journalled = try Self.deliveries(in: path)
        let durable = journalled.count - done
        #expect(
          durable >= acknowledged && durable <= acknowledged + 1,
          "seed \(Self.seed), kill \(tally.kills): \(acknowledged) shown, \(durable) journalled")
        #expect(journalled == Array(plan.deliveries.prefix(journalled.count)),
          "seed \(Self.seed), kill \(tally.kills): the journal departs from the plan")
        if durable == acknowledged + 1 {
          tally.unacknowledgedButDurable += 1
          if Bool.random(using: &random) {
            try Self.tearLastRecord(of: path, using: &random)
            journalled = try Self.deliveries(in: path, expectingRecovery: true)
            #expect(journalled.count == done + acknowledged)
            tally.tornRecordsRecovered += 1
          }
        }
        if acknowledged == 0 { tally.killedBeforeAnyThrow += 1 }
        tally.throwsAcknowledged += acknowledged
        done = journalled.count
      }
      if done == plan.deliveries.count {
        // Then: the session resumed from the journal is the one the plan makes.
        let file = try JournalFile(path: path, ifMissing: .refuse)
        #expect(try LaneSession(journal: file.entries) == plan.session(after: done))
      }
    }
    print("kill test (seed \(Self.seed)): \(tally)")
    #expect(tally.throwsAcknowledged > 0)
  }

  /// The deliveries a journal holds, opened as the lane opens it.
  static func deliveries(in path: String, expectingRecovery: Bool = false) throws -> [Throw] {
    let start = JournalEntry(time: Date(), author: "test", event: .started(bowlers: bowlers))
    let file = try JournalFile(path: path, ifMissing: .create(start))
    #expect((file.recovered != nil) == expectingRecovery, "\(file.recovered.map { "\($0)" } ?? "")")
    return try LaneSession(journal: file.entries).deliveries
  }

  /// Cuts the journal inside its last record, as a power cut during its write would.
  static func tearLastRecord(of path: String, using random: inout some RandomNumberGenerator) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let lastStart = (bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let cut = Int.random(in: (lastStart + 1)..<bytes.count, using: &random)
    #expect(truncate(path, off_t(cut)) == 0)
  }
}

