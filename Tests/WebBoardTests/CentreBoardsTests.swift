import Bowling
import Centre
import Foundation
import Journal
import Scoreboard
import Testing
import WebBoard

/// The journal records a lane publishes on the broker, as ``CentreBoards`` receives them.
private func event(
  _ lane: String, _ seq: Int, _ event: JournalEntry.Event, session: String = "s1", by author: String = "lane"
) throws -> Payload.Event {
  let entry = JournalEntry(sequence: seq, time: Date(timeIntervalSince1970: 1_000), author: author, event: event)
  let record = try JSONDecoder().decode(JSONValue.self, from: Data(entry.recordJSON))
  let type: Payload.Event.Kind =
    switch event {
    case .started: .sessionStart
    case .delivered: .throw
    case .corrected: .correction
    case .ended: .sessionEnd
    case .night: .throw
    }
  return Payload.Event(lane: try LaneID(lane), session: session, seq: seq, type: type, record: record)
}

private func ball(_ pins: PinSet, foul: Bool = false) -> JournalEntry.Event {
  .delivered(JournalEntry.Delivery(knocked: pins, isFoul: foul))
}

@Suite("A centre's boards, folded from the journal records lanes publish on the broker")
struct CentreBoardsTests {
  @Suite("Given lane 3's session: Ana's strike, then a first ball leaving 7-10")
  struct StrikeThenSplit {
    var boards = CentreBoards()
    var changes: [CentreBoards.Change] = []

    init() throws {
      for input in [
        try event("3", 1, .started(bowlers: ["Ana"])),
        try event("3", 2, ball(.full)),
        try event("3", 3, ball(PinSet([7, 10] as PinSet).complement)),
      ] {
        changes.append(try boards.receive(input, arrivedAt: 42))
      }
    }

    @Test("When the records arrive in order, then the board shows X and 8, the 7-10 split on the deck, and the last seq")
    func board() throws {
      let board = try #require(changes.last).update.board

      #expect(board.lane == "3")
      #expect(board.sequence == 3)
      #expect(board.status == .running)
      #expect(board.bowlers.map(\.name) == ["Ana"])
      #expect(board.bowlers[0].game.frames.map { $0.balls.map(\.mark) } == [["X"], ["8"]])
      #expect(board.deck == LaneBoard.Deck(standing: [7, 10], count: 2, isSplit: true))
      #expect(board.publishedAt == 42)
    }

    @Test("When the strike is shown, then the deck is cleared and the frame's total is pending")
    func strike() {
      let board = changes[1].update.board

      #expect(board.deck.standing == [])
      #expect(board.bowlers[0].game.frames[0].cumulative == nil)
    }

    @Test("When the desk corrects the last ball to a foul, then the board shows F with the correction's notice")
    mutating func correction() throws {
      let change = try boards.receive(
        try event("3", 4, .corrected(.foul(true), change: "ball 2 of frame 2 is a foul"), by: "desk/r-1"))

      #expect(change.update.board.bowlers[0].game.frames[1].balls.map(\.mark) == ["F"])
      #expect(change.update.board.notice?.contains("desk/r-1") == true)
      #expect(change.games != nil)
    }

    @Test("When a record of another session arrives before that session starts, then it is refused and the board stays")
    mutating func otherSession() throws {
      #expect(throws: CentreBoards.Refusal.self) {
        try boards.receive(try event("3", 4, ball([7]), session: "s2"))
      }
      // The lane's own session carries on as if the stray record had never come.
      let next = try boards.receive(try event("3", 4, ball([7])))
      #expect(next.update.board.sequence == 4)
      #expect(next.update.board.bowlers[0].game.frames[1].balls.map(\.mark) == ["8", "1"])
    }

    @Test("When the lane ends a session older than the one shown (a pair back from a league night ends the session it left), then nothing changes and nothing is refused")
    mutating func olderSession() throws {
      let before = try #require(boards.board(of: try LaneID("3")))

      let change = try boards.receive(try event("3", 2, .ended(next: []), session: "s0"))

      #expect(change.update.board == before)
      #expect(boards.session(of: try LaneID("3")) == "s1")
    }

    @Test("When a new session starts on the lane, then the board starts again with its bowlers")
    mutating func newSession() throws {
      let change = try boards.receive(try event("3", 1, .started(bowlers: ["Ben", "Cy"]), session: "s2"))

      #expect(change.update.board.bowlers.map(\.name) == ["Ben", "Cy"])
      #expect(change.update.board.bowlers.allSatisfy { $0.game.frames.isEmpty })
      #expect(boards.session(of: try LaneID("3")) == "s2")
    }
  }

  @Suite("Given records that are not what they claim")
  struct Refused {
    @Test("When an event carries no journal record, or text that is not one, then it is refused naming the lane and seq")
    func notARecord() throws {
      var boards = CentreBoards()
      let lane = try LaneID("4")
      let empty = Payload.Event(lane: lane, session: "s1", seq: 1, type: .sessionStart)
      let garbage = Payload.Event(
        lane: lane, session: "s1", seq: 1, type: .sessionStart, record: .object(["seq": .number(1)]))

      #expect(throws: CentreBoards.Refusal(lane: lane, seq: 1, reason: "it carries no journal record")) {
        try boards.receive(empty)
      }
      #expect(throws: CentreBoards.Refusal.self) { try boards.receive(garbage) }
    }

    @Test("When an event's seq differs from its record's, then it is refused")
    func seqMismatch() throws {
      var boards = CentreBoards()
      var start = try event("4", 1, .started(bowlers: []))
      start.seq = 2

      #expect(throws: CentreBoards.Refusal.self) { try boards.receive(start) }
    }

    @Test("When a throw the session cannot take arrives (pins already down), then it is refused")
    func impossibleThrow() throws {
      var boards = CentreBoards()
      _ = try boards.receive(try event("4", 1, .started(bowlers: [])))
      _ = try boards.receive(try event("4", 2, ball([1, 2, 3])))

      #expect(throws: CentreBoards.Refusal.self) { try boards.receive(try event("4", 3, ball([1]))) }
    }
  }

  @Suite("Given a lane's retained status")
  struct Status {
    @Test("When the lane is online with a fault, then its board says online and shows the fault")
    func online() throws {
      var boards = CentreBoards()
      let lane = try LaneID("5")

      let received = boards.receive(Payload.Status(lane: lane, state: .online, epoch: 2, faults: ["pin 7 stuck"]))
      let change = try #require(received)

      #expect(change.update.board.online == true)
      #expect(change.update.board.faults == ["pin 7 stuck"])
    }

    @Test("When its last will says offline, then the board says offline; an older connection's status changes nothing")
    func offlineAndStale() throws {
      var boards = CentreBoards()
      let lane = try LaneID("5")
      _ = boards.receive(Payload.Status(lane: lane, state: .online, epoch: 2))

      let offline = boards.receive(Payload.Status(lane: lane, state: .offline, epoch: 2))
      let stale = boards.receive(Payload.Status(lane: lane, state: .online, epoch: 1))

      #expect(offline?.update.board.online == false)
      #expect(stale == nil)
    }

    @Test("When a status comes between records, then the board keeps the game and the records keep the status")
    func mixed() throws {
      var boards = CentreBoards()
      let lane = try LaneID("6")
      _ = try boards.receive(try event("6", 1, .started(bowlers: ["Di"])))
      let received = boards.receive(Payload.Status(lane: lane, state: .online, epoch: 1))
      let status = try #require(received)
      let next = try boards.receive(try event("6", 2, ball([1, 2])))

      #expect(status.update.board.bowlers.map(\.name) == ["Di"])
      #expect(next.update.board.online == true)
      #expect(next.update.board.bowlers[0].game.frames[0].balls.map(\.mark) == ["2"])
    }
  }
}

@Suite("The desk's detail board of one lane (lane desk --lane)")
struct DeskDetailTests {
  let lane3 = try! LaneID("3")
  let fault = "the pin 7 line has not changed for 12 racks: check its sensor and wiring"

  @Test("Given nothing received yet, when it is drawn, then it says the status is unknown and that it waits for the session")
  func empty() {
    let screen = DeskDetail(lane: lane3).render(now: 0)

    #expect(screen.hasPrefix(DeskDetail.clearScreen))
    #expect(screen.contains("lane 3: status unknown"))
    #expect(screen.contains("waiting for the lane's session"))
  }

  @Test("Given Ana and Ben's session on lane 3 with three balls and a fault, when it is drawn, then it shows the status, the fault, each bowler's game as the lane's console does, and the last throw's age")
  func session() throws {
    var detail = DeskDetail(lane: lane3)
    detail.receive(Payload.Status(lane: lane3, state: .online, epoch: 1, lastSeq: 4, faults: [fault]))
    for (input, at) in [
      (try event("3", 1, .started(bowlers: ["Ana", "Ben"]), session: "2026-11-24T01:00:00Z"), 1_000.0),
      (try event("3", 2, ball(.full), session: "2026-11-24T01:00:00Z"), 2_000),
      (try event("3", 3, ball([1, 2, 3] as PinSet), session: "2026-11-24T01:00:00Z"), 3_000),
      (try event("3", 4, ball([4, 5] as PinSet), session: "2026-11-24T01:00:00Z"), 4_000),
    ] {
      detail.receive(input, arrivedAt: at)
    }
    // Events of another lane are not this board's.
    detail.receive(try event("4", 1, .started(bowlers: ["Cho"])), arrivedAt: 5_000)

    let screen = detail.render(now: 9_000)

    #expect(screen.contains("lane 3: online, last record 4, session 2026-11-24T01:00:00Z, last throw 5 s ago"))
    #expect(screen.contains("fault: \(fault)"))
    var session = LaneSession(bowlers: ["Ana", "Ben"])
    for (seq, pins) in [(2, PinSet.full), (3, [1, 2, 3] as PinSet), (4, [4, 5] as PinSet)] {
      try session.apply(JournalEntry(sequence: seq, time: Date(timeIntervalSince1970: 1_000), author: "lane", event: ball(pins)))
    }
    #expect(screen.hasSuffix(SessionScoreboard().render(session)))
    #expect(!screen.contains("Cho"))
  }

  @Test("Given a record the session refuses, when it is drawn, then the board says which record was not shown and why")
  func refused() throws {
    var detail = DeskDetail(lane: lane3)

    detail.receive(try event("3", 2, ball(.full)), arrivedAt: 1_000)

    #expect(detail.render(now: 1_000).contains("record 2 not shown: its session s1 has not started on this display"))
  }
}
