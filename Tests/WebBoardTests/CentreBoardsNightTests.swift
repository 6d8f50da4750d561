import Bowling
import Centre
import Foundation
import Journal
import League
import Scoreboard
import TestSupport
import Testing
import WebBoard

/// Pin Pals (Ana; Ben, absent) start on the left against Gutter Kings (Cy, Di) on the
/// right, two games, bowled on lanes 7 and 8 from a plan drawn with `seed`.
private func tuesday(seed: UInt64 = 24) throws -> PublishedNight {
  let night = LeagueNight(
    settings: LeagueSettings(name: "Tuesday Mixed", games: 2, handicapBasis: 220, handicapPercentage: 90),
    teams: [
      .init(
        name: "Pin Pals", startLane: .left,
        lineup: [.bowler(.init(name: "Ana", average: 172)), .bowler(.init(name: "Ben", average: 141, isAbsent: true))]),
      .init(
        name: "Gutter Kings", startLane: .right,
        lineup: [.bowler(.init(name: "Cy", average: 188)), .bowler(.init(name: "Di", average: 155))]),
    ])
  var random = SeededRandom(seed: seed)
  return try PublishedNight(PlannedNight(night: night, using: &random), left: lane7, right: lane8)
}

private let lane7 = try! LaneID("7")
private let lane8 = try! LaneID("8")

/// Folds `events` in order, each arriving at its seq (milliseconds).
private func fold(_ events: [Payload.Event], into boards: inout CentreBoards) throws -> [CentreBoards.Change] {
  try events.map { try boards.receive($0, arrivedAt: Double($0.seq)) }
}

@Suite("A pair's league night on a centre's boards, folded from the records both lanes publish")
struct CentreBoardsNightTests {
  @Suite("Given Pin Pals and Gutter Kings on lanes 7 and 8, six frames bowled on each lane")
  struct PartPlayed {
    var published: PublishedNight

    init() throws {
      published = try tuesday()
      try published.bowl(frames: 6)
    }

    @Test("When lane 7's records alone, or lane 8's alone, are folded, then each lane shows the night the pair's journal holds, on its side, with the deck the night sets there")
    func eitherStream() throws {
      var left = CentreBoards()
      var right = CentreBoards()

      _ = try fold(try published.events(on: lane7), into: &left)
      _ = try fold(try published.events(on: lane8), into: &right)

      let seven = try #require(left.board(of: lane7))
      let eight = try #require(right.board(of: lane8))
      let expected = LeagueBoard(published.play)
      #expect(seven.night == LaneBoard.Night(left: "7", right: "8", side: .left, board: expected))
      #expect(eight.night == LaneBoard.Night(left: "7", right: "8", side: .right, board: expected))
      #expect(left.night(of: lane7) == published.play)
      #expect(right.night(of: lane8) == published.play)
      #expect(seven.sequence == published.entries.count)
      #expect(seven.bowlers.isEmpty)
      // Then: each lane's deck is the rack for the next ball there.
      let rack = try #require(published.play.standing(on: .right))
      #expect(eight.deck == LaneBoard.Deck(standing: rack.pins.map { $0.map(\.rawValue) }, count: rack.count, isSplit: false))
      // A night is no lane session: no scores of the lane's own.
      #expect(left.scores(of: lane7) == nil)
      #expect(left.session(of: lane7) == published.session)
    }

    @Test("When both lanes' records arrive on one display, then the first copy of each moves both lanes' boards and the second is a repeat that changes nothing")
    func bothStreams() throws {
      var boards = CentreBoards()
      let sevens = try published.events(on: lane7)
      let eights = try published.events(on: lane8)

      _ = try boards.receive(sevens[0])
      let eightStarts = try boards.receive(eights[0])
      var firsts: [CentreBoards.Change] = []
      var repeats: [CentreBoards.Change] = []
      for (seven, eight) in zip(sevens, eights).dropFirst() {
        firsts.append(try boards.receive(seven))
        repeats.append(try boards.receive(eight))
      }

      // Then: lane 8 joined the night lane 7 started; its finished games are none of open play's.
      #expect(eightStarts.update.board.night?.side == .right)
      #expect(eightStarts.games?.games == [])
      #expect(firsts.allSatisfy { $0.update.board.lane == "7" && $0.otherLane?.board.lane == "8" })
      for (first, again) in zip(firsts, repeats) {
        #expect(again.otherLane == nil)
        #expect(again.update == first.otherLane)
      }
      let expected = LeagueBoard(published.play)
      #expect(boards.board(of: lane7)?.night?.board == expected)
      #expect(boards.board(of: lane8)?.night?.board == expected)
    }

    @Test("When lane 8's records lag behind lane 7's, then lane 8's board already shows what lane 7 brought")
    func lagging() throws {
      var boards = CentreBoards()
      _ = try fold(Array(try published.events(on: lane8).prefix(3)), into: &boards)

      let changes = try fold(try published.events(on: lane7), into: &boards)

      #expect(changes.last?.otherLane?.board.night?.board == LeagueBoard(published.play))
      #expect(boards.board(of: lane8)?.sequence == published.entries.count)
    }

    @Test("When the desk changes Ana's average for the night, then her handicap changes with a notice naming the desk and why; when it undoes that, then the night is as before")
    mutating func correctionAndUndo() throws {
      var boards = CentreBoards()
      _ = try fold(try published.events(on: lane7), into: &boards)
      let before = try #require(boards.board(of: lane7)?.night?.board)
      let ana = SlotID(team: 0, place: 0)

      try published.correct(.average(ana, 120), why: "her league average was misread")
      let corrected = try fold(try published.events(on: lane7, from: published.entries.count), into: &boards)
      try published.undo(why: "the sheet was right after all")
      let undone = try fold(try published.events(on: lane7, from: published.entries.count), into: &boards)

      let afterCorrection = try #require(corrected.last).update.board
      #expect(before.teams[0].bowlers[0].games[0].handicap == 43)
      #expect(afterCorrection.night?.board.teams[0].bowlers[0].games[0].handicap == 90)
      #expect(afterCorrection.notice?.contains("desk/r-1") == true)
      #expect(afterCorrection.notice?.contains("her league average was misread") == true)
      let afterUndo = try #require(undone.last).update.board
      #expect(afterUndo.night?.board == before)
      #expect(afterUndo.notice?.contains("undo by desk/r-2") == true)
      #expect(afterUndo.night?.board == LeagueBoard(published.play))
    }

    @Test("When a night's record arrives on lane 8 before lane 8's start, then it is refused, though lane 7 brought the night")
    func withoutStart() throws {
      var boards = CentreBoards()
      _ = try fold(try published.events(on: lane7), into: &boards)
      let record = try published.events(on: lane8)[2]

      #expect(
        throws: CentreBoards.Refusal(
          lane: lane8, seq: 3, reason: "its session \(published.session) has not started on this display")
      ) {
        try boards.receive(record)
      }
      #expect(boards.board(of: lane8) == nil)
    }

    @Test("When lane 7 starts a session of its own after the night, then its board is a lane's again and lane 8 still shows the night")
    func sessionAfterTheNight() throws {
      var boards = CentreBoards()
      _ = try fold(try published.events(on: lane7), into: &boards)
      _ = try fold(try published.events(on: lane8), into: &boards)
      let start = JournalEntry(
        sequence: 1, time: PublishedNight.startTime + 3_600, author: "lane", event: .started(bowlers: ["Ed"]))

      let change = try boards.receive(try PublishedNight.event(of: start, on: lane7, session: "open", pair: nil))

      #expect(change.update.board.night == nil)
      #expect(change.update.board.bowlers.map(\.name) == ["Ed"])
      #expect(boards.night(of: lane7) == nil)
      #expect(boards.board(of: lane8)?.night?.board == LeagueBoard(published.play))
    }

    @Test("When lane 8 publishes another record under a seq lane 7's already brought, then it is refused and the night stays as lane 7 made it")
    func differentRepeat() throws {
      var boards = CentreBoards()
      _ = try fold(try published.events(on: lane7), into: &boards)
      _ = try boards.receive(try published.events(on: lane8)[0])
      var other = published.entries[1]
      other.author = "someone else"

      #expect(throws: CentreBoards.Refusal.self) {
        try boards.receive(try PublishedNight.event(of: other, on: lane8, session: published.session, pair: published.pair))
      }
      #expect(boards.night(of: lane8) == published.play)
    }
  }

  @Suite("Given a night's records that are not what they claim")
  struct Refused {
    let published: PublishedNight

    init() throws {
      var published = try tuesday()
      try published.bowl(frames: 1)
      self.published = published
    }

    @Test("When a night's start names no pair, or a pair without the lane, then it is refused and the lane shows nothing")
    func startWithoutPair() throws {
      var boards = CentreBoards()
      let start = published.entries[0]
      let lane9 = try LaneID("9")

      #expect(throws: CentreBoards.Refusal.self) {
        try boards.receive(try PublishedNight.event(of: start, on: lane7, session: published.session, pair: nil))
      }
      #expect(throws: CentreBoards.Refusal.self) {
        try boards.receive(try PublishedNight.event(of: start, on: lane9, session: published.session, pair: published.pair))
      }
      #expect(boards.board(of: lane7) == nil)
      #expect(boards.board(of: lane9) == nil)
    }

    @Test("When a night's delivery names another pair than the night lane 7 bowls, then it is refused")
    func otherPair() throws {
      var boards = CentreBoards()
      _ = try boards.receive(try published.events(on: lane7)[0])
      let elsewhere = Payload.Pair(left: lane7, right: try LaneID("9"))

      #expect(throws: CentreBoards.Refusal.self) {
        try boards.receive(try PublishedNight.event(of: published.entries[1], on: lane7, session: published.session, pair: elsewhere))
      }
    }

    @Test("When a night's delivery comes in a lane's own session, then the session refuses it")
    func nightRecordInLaneSession() throws {
      var boards = CentreBoards()
      let start = JournalEntry(sequence: 1, time: PublishedNight.startTime, author: "lane", event: .started(bowlers: ["Ed"]))
      _ = try boards.receive(try PublishedNight.event(of: start, on: lane7, session: published.session, pair: nil))

      #expect(throws: CentreBoards.Refusal.self) {
        try boards.receive(try published.events(on: lane7)[1])
      }
      #expect(boards.board(of: lane7)?.night == nil)
    }
  }

  @Test(
    "Given random nights with random corrections and undos, when lane 7's records or lane 8's are folded, then both show the night the journal holds",
    arguments: 0..<8)
  func randomNights(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed))
    let night = RandomNight.night((0..<16).map { _ in Int.random(in: 0..<1_000, using: &random) })
    var published = try PublishedNight(PlannedNight(night: night, using: &random), left: lane7, right: lane8)
    for _ in 0..<6 {
      try published.bowl(frames: Int.random(in: 1...4, using: &random))
      // A correction the night refuses is not journalled: it changes nothing.
      try? published.correct(RandomNight.correction(Int.random(in: 0..<10_000, using: &random), in: published.play), why: "random")
      if Bool.random(using: &random) { try? published.undo(why: "random") }
    }

    var left = CentreBoards()
    var right = CentreBoards()
    _ = try fold(try published.events(on: lane7), into: &left)
    _ = try fold(try published.events(on: lane8), into: &right)

    let expected = LeagueBoard(published.play)
    #expect(left.board(of: lane7)?.night?.board == expected)
    #expect(right.board(of: lane8)?.night?.board == expected)
  }
}

@Suite("The desk's detail board of a lane bowling a league night (lane desk show)")
struct DeskDetailNightTests {
  @Test("Given lane 8 of a pair four frames into a night, with a fault, when it is drawn, then it shows the lane's status and fault, the pair, and the night's sheet as the pair's console draws it")
  func night() throws {
    var published = try tuesday()
    try published.bowl(frames: 4)
    var detail = DeskDetail(lane: lane8)
    detail.receive(Payload.Status(lane: lane8, state: .online, epoch: 1, lastSeq: published.entries.count, faults: ["pin 3 stuck"]))
    for event in try published.events(on: lane8) { detail.receive(event, arrivedAt: 1_000) }

    let screen = detail.render(now: 3_000)

    #expect(screen.contains("lane 8: online, last record \(published.entries.count), session \(published.session), last throw 2 s ago"))
    #expect(screen.contains("fault: pin 3 stuck"))
    #expect(screen.contains("league night on lanes 7 (left) and 8 (right): this is the right lane"))
    #expect(screen.hasSuffix(LeagueScoreboard().render(LeagueBoard(published.play))))
    #expect(!screen.contains("not shown"))
  }
}
