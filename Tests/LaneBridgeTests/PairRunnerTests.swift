import Bowling
import Foundation
import Journal
import League
import SimulatedPinSensor
import Synchronization
import Testing
import TestSupport

@testable import LaneBridge

/// A pair's display for tests: every event, kept where the loop's `until` can read it while
/// the loop holds the display.
private struct Recorder: PairDisplay {
  final class Log: @unchecked Sendable {
    var events: [PairEvent] = []
    var deliveries = 0
  }

  let log = Log()
  var events: [PairEvent] { log.events }

  mutating func show(_ event: PairEvent, in play: LeaguePlay) {
    log.events.append(event)
    log.deliveries = play.deliveries.count
  }

  var notices: [String] {
    events.compactMap { if case .notice(let text) = $0.kind { text } else { nil } }
  }
}

@Suite("A league night on a pair, scored and journalled by its loop")
struct PairRunnerTests {
  static func night(games: Int, lineups: [[LeagueNight.Slot]]) -> LeagueNight {
    LeagueNight(
      settings: LeagueSettings(
        name: "Tuesday Mixed", games: games, handicapBasis: 220, handicapPercentage: 90, vacancyScore: 120),
      teams: [
        .init(name: "Pin Pals", startLane: .left, lineup: lineups[0]),
        .init(name: "Gutter Kings", startLane: .right, lineup: lineups[1]),
      ])
  }

  static let threeGames = night(
    games: 3,
    lineups: [
      [.bowler(.init(name: "Ana", average: 172)), .bowler(.init(name: "Ben", average: 141, isAbsent: true)),
       .bowler(.init(name: "Cho", average: 160))],
      [.bowler(.init(name: "Cy", average: 188)), .vacancy],
    ])

  static let time = Date(timeIntervalSince1970: 1_764_190_000)

  /// A night's journal in memory, as `lane simulate --league` keeps one without --journal.
  static func journal(_ night: LeagueNight) throws -> JournalledNight<MemoryJournal> {
    let start = try JournalEntry.nightStart(of: night, at: time)
    let store = MemoryJournal(starting: start)
    return try JournalledNight(store: store, entries: store.entries)
  }

  static func feed(_ scripts: (left: SensorScript, right: SensorScript)) -> PairFeed<SimulatedPinSensor, SimulatedPinSensor> {
    PairFeed(left: SimulatedPinSensor(script: scripts.left), right: SimulatedPinSensor(script: scripts.right), detector: .init())
  }

  static let runner = PairRunner(operatorName: "scorer", clock: { time })

  @Test(
    "When each lane's sensor bowls its turns in Rule 106's order, then every bowler's game is their own deliveries scored as on one lane, each journalled before it is shown",
    arguments: [1, 2, 3])
  func scoresEveryBowler(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let planned = PlannedNight(night: Self.threeGames, using: &random)
    var feed = Self.feed(planned.scripts)
    var night = try Self.journal(Self.threeGames)
    var display = Recorder()

    let status = try Self.runner.run(&feed, night: &night, display: &display)

    #expect(status == .sensorEnded)
    #expect(night.play.isComplete)
    for (team, places) in planned.games.enumerated() {
      for (place, games) in places.enumerated() {
        for (index, game) in games.enumerated() {
          #expect(night.play.gameTotal(SlotID(team: team, place: place), game: index + 1).scratch == game.total)
          #expect(night.play.places[team][place].games[index].game.deliveries == game.deliveries)
        }
      }
    }
    // Durable before shown: each delivery's event names its own record, already journalled.
    let shown = display.events.compactMap { event -> (Int, Int)? in
      guard case .delivered(_, let number, _) = event.kind else { return nil }
      return (number, event.sequence)
    }
    #expect(shown.map(\.0) == Array(1...night.play.deliveries.count))
    #expect(shown.map(\.1) == Array(2...night.play.deliveries.count + 1))
    #expect(night.store.entries.count == night.play.deliveries.count + 1)
  }

  @Test("When a lane bowls on after the night's last turn, then those throws are shown as such, not journalled, and the bonus crosses lanes")
  func throwsAfterTheNight() throws {
    // Gutter Kings' only bowler is absent: Ana bowls frames 1, 3, 5, 7, 9 on the left and
    // 2, 4, 6, 8, 10 on the right, and each lane's sensor bowls a perfect game.
    let night = Self.night(
      games: 1,
      lineups: [[.bowler(.init(name: "Ana", average: 172))], [.bowler(.init(name: "Cy", average: 188, isAbsent: true))]])
    var feed = Self.feed((.perfectGame, .perfectGame))
    var journal = try Self.journal(night)
    var display = PairLineDisplay(log: false, output: { _ in }, warnings: { _ in })

    try Self.runner.run(&feed, night: &journal, display: &display)

    #expect(journal.play.gameTotal(SlotID(team: 0, place: 0), game: 1).scratch == 300)
    #expect(display.afterTheNight == [.left: 12 - 5, .right: 12 - 7])
    #expect(journal.store.entries.count == 1 + 12)
  }

  /// Plays the night drawn from `seed`, posting to the pair's inbox once the night has its
  /// first two balls (what `post` posts comes to the loop between readings).
  private static func play(
    seed: UInt64, with runner: PairRunner = runner, postingOnceTwoBallsAreIn post: @escaping (LaneInbox) -> Void
  ) throws -> (night: JournalledNight<MemoryJournal>, display: Recorder) {
    var random = SeededRandom(seed: seed)
    let planned = PlannedNight(night: threeGames, using: &random)
    var feed = Self.feed(planned.scripts)
    var night = try journal(threeGames)
    var display = Recorder()
    let inbox = LaneInbox()
    let log = display.log
    var posted = false
    try runner.run(
      &feed, night: &night, display: &display, inbox: inbox,
      until: {
        if !posted, log.deliveries >= 2 {
          posted = true
          post(inbox)
        }
        return false
      })
    return (night, display)
  }

  @Test("When the scorer types corrections at the console, then each is journalled as theirs with its reason, or a default one, and a bad line is a notice")
  func consoleCorrections() throws {
    let (night, display) = try Self.play(seed: 7) { inbox in
      for line in ["dead 1; the ball left the lane", "average Cho 165", "move 2 to Zed", "help", "undo; typo"] {
        inbox.post(.console(line))
      }
    }

    #expect(night.changes.map(\.author) == ["scorer", "scorer", "scorer"])
    #expect(night.changes.map(\.reason) == ["the ball left the lane", PairRunner.consoleReason, "typo"])
    #expect(night.changes.first?.action == .correction(.deadBall(delivery: 1)))
    #expect(display.notices.count == 2)
    #expect(display.notices.contains { $0.contains("Zed") })
    #expect(display.notices.contains(LeagueCommand.summary))
  }

  @Test("When the control socket asks a league correction, then it is journalled as the client's with its why and answered with its record; a lane's own request is refused")
  func socketRequests() throws {
    let replies = ReplyBox()
    let (night, _) = try Self.play(seed: 8) { inbox in
      inbox.post(.request(
        ControlRequest(id: "a", by: "desk/ana", action: .league(command: "dead 1", why: "the pinsetter swept early")),
        reply: { replies.add($0) }))
      inbox.post(.request(ControlRequest(id: "b", by: "desk/ana", correction: .deadBall), reply: { replies.add($0) }))
      inbox.post(.request(
        ControlRequest(id: "c", by: "desk/ana", action: .league(command: "pins 999 1,2", why: "misread")),
        reply: { replies.add($0) }))
    }

    let answered = replies.all
    #expect(answered.map(\.id) == ["a", "b", "c"])
    #expect(answered[0].ok && answered[0].sequence == 4)
    #expect(night.changes.first.map { ($0.author, $0.reason) } ?? ("", "") == ("desk/ana", "the pinsetter swept early"))
    #expect(answered[1].ok == false && answered[1].error?.contains("league night") == true)
    #expect(answered[2].ok == false && answered[2].error?.contains("no delivery 999") == true)
    #expect(night.changes.count == 1)
  }

  @Test("When the desk ends a night it started, then the loop stops after that request, answered with the night's last record, and a start of another night is refused")
  func deskEndsItsNight() throws {
    let replies = ReplyBox()
    let end = DeskNightEnd()
    var deskRunner = Self.runner
    deskRunner.deskEnds = end

    let (night, display) = try Self.play(seed: 8, with: deskRunner) { inbox in
      inbox.post(.request(ControlRequest(id: "s", by: "desk/ana/s", action: .startLeague(night: "[league]")), reply: { replies.add($0) }))
      inbox.post(.request(ControlRequest(id: "e", by: "desk/ana/e", action: .endSession), reply: { replies.add($0) }))
    }

    let answered = replies.all
    #expect(answered.map(\.id) == ["s", "e"])
    #expect(answered[0].ok == false && answered[0].error == PairRunner.alreadyLeague)
    #expect(answered[1].ok && answered[1].sequence == night.lastSequence)
    #expect(answered[1].what?.contains("back to open play") == true)
    #expect(end.askedBy == "desk/ana/e")
    // Stopped there: two deliveries in, the night not bowled out.
    #expect(night.play.deliveries.count == 2)
    guard case .status(.stopped)? = display.events.last?.kind else {
      Issue.record("\(String(describing: display.events.last))")
      return
    }
  }

  @Test("When the desk asks a night started at the pair to end its session, then it is refused and the night goes on")
  func endSessionOfAPairsOwnNight() throws {
    let replies = ReplyBox()

    let (night, _) = try Self.play(seed: 8) { inbox in
      inbox.post(.request(ControlRequest(id: "e", by: "desk/ana/e", action: .endSession), reply: { replies.add($0) }))
    }

    #expect(replies.all.first?.ok == false)
    #expect(night.play.deliveries.count > 2)
  }

  @Test("When a replay is resumed on a journal that holds its first deliveries, then those are skipped and the night ends as if never stopped")
  func resumedReplay() throws {
    var random = SeededRandom(seed: 9)
    let planned = PlannedNight(night: Self.threeGames, using: &random)
    var whole = try Self.journal(Self.threeGames)
    var feed = Self.feed(planned.scripts)
    var display = Recorder()
    try Self.runner.run(&feed, night: &whole, display: &display)
    // Stopped after 17 records: the night's start and 16 balls.
    let kept = Array(whole.store.entries.prefix(17))
    var store = MemoryJournal(starting: kept[0])
    for entry in kept.dropFirst() { _ = store.append(entry) }
    var resumed = try JournalledNight(store: store, entries: store.entries)
    let skipping = Dictionary(grouping: resumed.play.deliveries, by: \.lane).mapValues(\.count)
    var again = Self.feed(planned.scripts)

    try Self.runner.run(&again, night: &resumed, display: &display, skipping: skipping)

    #expect(skipping.values.reduce(0, +) == 16)
    #expect(resumed.play == whole.play)
  }

  @Test("When a stop is asked mid-night, then the loop ends with what was journalled and says so")
  func stops() throws {
    var random = SeededRandom(seed: 10)
    let planned = PlannedNight(night: Self.threeGames, using: &random)
    var feed = Self.feed(planned.scripts)
    var night = try Self.journal(Self.threeGames)
    var display = Recorder()
    let log = display.log

    let status = try Self.runner.run(&feed, night: &night, display: &display, until: { log.deliveries >= 5 })

    guard case .stopped = status else { Issue.record("\(status)"); return }
    #expect(night.play.deliveries.count == 5)
    #expect(display.events.last?.kind == .status(status))
  }
}

/// Replies collected from the inbox's reply closures.
private final class ReplyBox: Sendable {
  private let replies = Mutex<[ControlReply]>([])
  func add(_ reply: ControlReply) { replies.withLock { $0.append(reply) } }
  var all: [ControlReply] { replies.withLock { $0 } }
}
