import Bowling
import Foundation
import League
import TestSupport
import Testing

@testable import Journal

@Suite("A league night bound to its journal")
struct JournalledNightTests {
  static let time = NightFixtures.time
  static let later = time.addingTimeInterval(60)

  let folder: ScratchFolder
  let path: String

  init() throws {
    folder = try ScratchFolder("journalled-night-tests")
    path = folder.path("pair.journal")
  }

  func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

  /// A new night's journal at `path`, carried on.
  func newNight(_ night: LeagueNight = NightFixtures.night) throws -> JournalledNight<JournalFile> {
    let start = try JournalEntry.nightStart(of: night, by: "desk", at: Self.time)
    let file = try JournalFile(path: path, ifMissing: .create(start), holdingLane: true)
    return try JournalledNight(store: file, opened: file)
  }

  /// Six balls, both lanes: Ana's strike (left), Cy's spare (right), Cy's open frame 2
  /// (left), Ana's first ball of frame 2 (right).
  func bowlSix(_ journalled: inout JournalledNight<JournalFile>) throws {
    let balls: [(PinSet, PairSide)] = [
      (.full, .left), ([1, 2, 3, 4, 5, 6, 7], .right), ([8, 9, 10], .right),
      ([1, 2, 3], .left), ([4, 5], .left), ([1, 2, 3, 4, 5, 6, 7, 8, 9], .right),
    ]
    for (pins, lane) in balls {
      _ = try journalled.deliver(NightFixtures.ball(pins), on: lane, at: Self.time)
    }
  }

  @Test("When a night is played and its journal opened again, then the night, its corrections, who made them, when and why come back equal")
  func reopenedEqualsPlayed() throws {
    var journalled = try newNight()
    try bowlSix(&journalled)

    _ = try journalled.correct(.pins(delivery: 4, [1, 2]), by: "desk/mo", why: "pin 3 was off spot", at: Self.later)
    _ = try journalled.correct(.arrived(NightFixtures.di), by: "desk/mo", why: "Di arrived in frame 3", at: Self.later)
    _ = try journalled.correct(.handicap(NightFixtures.ana, 30), by: "desk/al", why: "secretary's ruling", at: Self.later)
    _ = try journalled.undo(by: "desk/al", why: "the ruling was for Ben", at: Self.later)
    let last = try journalled.deliver(NightFixtures.ball([10]), on: .right, at: Self.later)

    // Then: the spare was Ana's frame 2, and the journal holds every record in order.
    #expect(last.delivered.entry.sequence == 12)
    #expect(last.delivered.outcome == .placed(NightFixtures.ana, game: 1, frame: 2))
    #expect(journalled.changes.map(\.sequence) == [8, 9, 10, 11])
    #expect(journalled.changes[0] == .init(
      sequence: 8, action: .correction(.pins(delivery: 4, [1, 2])), author: "desk/mo", time: Self.later,
      reason: "pin 3 was off spot"))
    #expect(journalled.changes[3].action == .undo(of: 10))
    #expect(journalled.play.handicap(of: NightFixtures.ana, person: 0) == 43)

    let reopened = try JournalFile(path: path, ifMissing: .refuse)
    let again = try JournalledNight(store: reopened, opened: reopened)
    #expect(again.play == journalled.play)
    #expect(again.changes == journalled.changes)
    #expect(again.lastSequence == 12)
  }

  @Test("When the night refuses a correction, then it throws the night's reason and the journal's bytes and the night are unchanged")
  func refusedCorrection() throws {
    var journalled = try newNight()
    try bowlSix(&journalled)
    let before = (try bytes(), journalled.play)

    #expect(throws: JournalError.nightRefused(.noSuchDelivery(99))) {
      try journalled.correct(.deadBall(delivery: 99), by: "desk", why: "it hit the curtain", at: Self.later)
    }
    // Pin 4 down on the first ball makes the second ball's 4-5 impossible.
    #expect {
      try journalled.correct(.pins(delivery: 4, [1, 2, 3, 4]), by: "desk", why: "sensor 4", at: Self.later)
    } throws: { error in
      guard case .nightRefused(.impossible) = error as? JournalError else { return false }
      return (error as? JournalError)?.kind == .data
    }
    #expect(try bytes() == before.0)
    #expect(journalled.play == before.1)
    #expect(journalled.changes.isEmpty)
  }

  @Test(
    "When a correction's reason is empty, too long or holds a control character, then it is refused and nothing is written",
    arguments: ["", "   ", "because\u{1B}[2J", String(repeating: "x", count: 501)])
  func badReason(_ reason: String) throws {
    var journalled = try JournalledNight(
      store: MemoryJournal(starting: NightFixtures.start()), entries: [NightFixtures.start()])
    _ = try journalled.deliver(NightFixtures.ball(.full), on: .left, at: Self.time)

    #expect {
      try journalled.correct(.deadBall(delivery: 1), by: "desk", why: reason, at: Self.time)
    } throws: { error in
      guard case .nightRefused(.refused(let why)) = error as? JournalError else { return false }
      return why.hasPrefix("give a reason of 1 to 500 characters")
    }
    #expect(throws: JournalError.self) { try journalled.undo(by: "desk", why: reason, at: Self.time) }
    #expect(journalled.store.entries.count == 2)
  }

  @Test("When a ball comes after the lane's last turn, then it is refused as nobody up and not journalled")
  func afterLastTurn() throws {
    let start = NightFixtures.start(NightFixtures.small)
    var journalled = try JournalledNight(store: MemoryJournal(starting: start), entries: [start])
    // Ten frames of two gutter balls: every turn the left lane serves.
    for _ in 1...20 { _ = try journalled.deliver(NightFixtures.ball([]), on: .left, at: Self.time) }

    #expect(throws: JournalError.nightRefused(.nobodyUp(.left))) {
      try journalled.deliver(NightFixtures.ball([1]), on: .left, at: Self.time)
    }
    #expect(journalled.store.entries.count == 21)
    #expect(journalled.play.deliveries.count == 20)
  }

  @Test("When there is no correction to take back, then an undo is refused and nothing is written")
  func nothingToUndo() throws {
    var journalled = try JournalledNight(
      store: MemoryJournal(starting: NightFixtures.start()), entries: [NightFixtures.start()])

    #expect(throws: JournalError.nightRefused(.nothingToUndo)) {
      try journalled.undo(by: "desk", why: "oops", at: Self.time)
    }
    #expect(journalled.store.entries.count == 1)
  }

  @Test("When another writer journalled a correction first, then a delivery applies it, then is journalled after it")
  func othersFirst() throws {
    var journalled = try newNight()
    _ = try journalled.deliver(NightFixtures.ball(.full), on: .left, at: Self.time)
    let desk = try JournalFile(path: path, ifMissing: .refuse)
    var other = try JournalledNight(store: desk, opened: desk)
    let theirs = try other.correct(.average(NightFixtures.ana, 180), by: "desk/mo", why: "new sheet", at: Self.time)

    let made = try journalled.deliver(NightFixtures.ball([1]), on: .right, at: Self.time)

    #expect(made.others.flatMap(\.entries) == [theirs.entry])
    #expect(made.delivered.entry.sequence == theirs.entry.sequence + 1)
    #expect(journalled.changes.map(\.author) == ["desk/mo"])
    let reopened = try JournalFile(path: path, ifMissing: .refuse)
    #expect(try JournalledNight(store: reopened, opened: reopened).play == journalled.play)
  }

  @Test("When a stopped pair's journal was corrected, then catching up applies the correction")
  func catchUp() throws {
    var journalled = try newNight()
    _ = try journalled.deliver(NightFixtures.ball([1, 2]), on: .left, at: Self.time)
    let desk = try JournalFile(path: path, ifMissing: .refuse)
    var other = try JournalledNight(store: desk, opened: desk)
    _ = try other.correct(.foul(delivery: 1, true), by: "desk/mo", why: "foul line light", at: Self.time)

    let update = try journalled.catchUp()

    #expect(update.entries.count == 1)
    #expect(journalled.play == other.play)
    #expect(journalled.play.deliveries[0].delivery.isFoul)
    #expect(journalled.lastSequence == 3)
  }

  @Test("When a night's start cannot be played or read back, then no journal is made")
  func badStart() throws {
    var noTeams = NightFixtures.night
    noTeams.teams.removeLast()
    var escaped = NightFixtures.night
    escaped.teams[0].name = "Pin\u{1B}[2JPals"

    #expect(throws: JournalError.nightRefused(.refused("the night cannot be played: teams: a pair holds two teams; found 1"))) {
      try JournalEntry.nightStart(of: noTeams, at: Self.time)
    }
    #expect(
      throws: JournalError.nightRefused(.refused(
        "the night cannot be journalled: it would hold a team's name with control characters (a terminal escape?)"))
    ) {
      try JournalEntry.nightStart(of: escaped, at: Self.time)
    }
  }

  @Test("When a night's journal is checked, then the check names the league and counts deliveries per lane, corrections and undos")
  func checked() throws {
    var journalled = try newNight()
    try bowlSix(&journalled)
    _ = try journalled.correct(.deadBall(delivery: 6), by: "desk", why: "the pinsetter cycled", at: Self.time)
    _ = try journalled.undo(by: "desk", why: "it had not", at: Self.time)

    let check = try JournalReader(path: path).check()

    #expect(check.isUsable)
    #expect(check.header?.version == 3)
    #expect(check.intact == 9)
    #expect(check.night == .init(
      league: "Tuesday Mixed", teams: ["Pin Pals", "Gutter Kings"], deliveries: [.left: 3, .right: 3],
      corrections: 1, undos: 1))
  }
}

@Suite("A night's journal and a lane's are never taken for each other")
struct NightOrSessionTests {
  let folder: ScratchFolder
  let path: String

  init() throws {
    folder = try ScratchFolder("night-or-session-tests")
    path = folder.path("some.journal")
  }

  func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

  @Test("When a night's journal is opened as a lane's session, then it is refused saying it holds a league night, untouched")
  func nightAsSession() throws {
    _ = try JournalFile(path: path, ifMissing: .create(NightFixtures.start()))
    let original = try bytes()
    // As lane run, lane correct and lane session open it.
    let file = try JournalFile(
      path: path, ifMissing: .create(NightFixtures.laneStart), holdingLane: true, usingCheckpoint: true)

    #expect(throws: JournalError.holdsLeagueNight(path: path)) {
      try JournalledSession(store: file, opened: file)
    }
    let message: String =
      "the journal '\(path)' holds a league night on a pair (format 3), not a lane's session;"
      + " it was left as it is. A night's journal is carried on by the pair's runner, not by"
      + " lane run, lane simulate --journal, lane correct or lane session: give this lane its"
      + " own journal ('lane journal check \(path)' shows the night)"
    #expect("\(JournalError.holdsLeagueNight(path: path))" == message)
    #expect(JournalError.holdsLeagueNight(path: path).kind == .data)
    #expect(try bytes() == original)
  }

  @Test("When a night's records are folded as a lane's session, then they are refused as a league night's")
  func nightEntriesAsSession() {
    #expect {
      try JournalledSession(store: MemoryJournal(starting: NightFixtures.start()), entries: [NightFixtures.start()])
    } throws: { error in
      guard case .inconsistent(1, let reason) = error as? JournalError else { return false }
      return reason.contains("this is the journal of a league night on a pair (format 3)")
    }
  }

  @Test("When a lane's journal is opened as a night, then it is refused saying it holds a lane's session, untouched")
  func sessionAsNight() throws {
    _ = try JournalFile(path: path, ifMissing: .create(NightFixtures.laneStart))
    let original = try bytes()
    let file = try JournalFile(path: path, ifMissing: .create(NightFixtures.start()), holdingLane: true)

    #expect(throws: JournalError.holdsLaneSession(path: path)) {
      try JournalledNight(store: file, opened: file)
    }
    let message: String =
      "the journal '\(path)' holds a lane's session, not a league night; it was left as it is:"
      + " give the night a journal of its own (a new file is created)"
    #expect("\(JournalError.holdsLaneSession(path: path))" == message)
    #expect {
      try JournalledNight(store: MemoryJournal(starting: NightFixtures.laneStart), entries: [NightFixtures.laneStart])
    } throws: { error in
      guard case .inconsistent(1, let reason) = error as? JournalError else { return false }
      return reason.hasPrefix("the journal holds a lane's session, not a league night")
    }
    #expect(try bytes() == original)
  }

  @Test("When a night's journal is asked to close its session, or given a lane's record, then it refuses, untouched")
  func noRotationOrLaneRecords() throws {
    let file = try JournalFile(path: path, ifMissing: .create(NightFixtures.start()), holdingLane: true)
    let original = try bytes()

    #expect(throws: JournalError.holdsLeagueNight(path: path)) {
      try file.openNextSession(NightFixtures.laneStart)
    }
    #expect(throws: JournalError.holdsLeagueNight(path: path)) {
      try file.append(JournalEntry(time: NightFixtures.time, author: "lane", event: .delivered(NightFixtures.ball([1]))))
    }
    #expect(try file.writeCheckpoint(of: LaneSession(bowlers: []), through: 1) == false)
    #expect(try bytes() == original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["some.journal"])
  }

  @Test("When a lane's journal is given a night's record, then it refuses, untouched")
  func noNightRecordsInLane() throws {
    let file = try JournalFile(path: path, ifMissing: .create(NightFixtures.laneStart))
    let original = try bytes()

    #expect(throws: JournalError.holdsLaneSession(path: path)) {
      try file.append(JournalEntry(
        time: NightFixtures.time, author: "lane", event: .night(.delivered(NightFixtures.ball([1]), on: .left))))
    }
    #expect(try bytes() == original)
  }
}
