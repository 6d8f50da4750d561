import Bowling
import Centre
import CentreLink
import Foundation
import Journal
import LaneBridge
import LaneSensing
import League
import Testing
import TestSupport

/// What a pair bowling a league night hands its centre links, without a broker.
@Suite("A pair's league night on the centre link, without a broker")
struct PairLinkTests {
  /// Two teams of two (Ana and Ben absent; Cy and Di), one game.
  static let night = LeagueNight(
    settings: LeagueSettings(name: "Tuesday Mixed", games: 1, handicapBasis: 220, handicapPercentage: 90),
    teams: [
      .init(
        name: "Pin Pals", startLane: .left,
        lineup: [.bowler(.init(name: "Ana", average: 172)), .bowler(.init(name: "Ben", average: 141, isAbsent: true))]),
      .init(
        name: "Gutter Kings", startLane: .right,
        lineup: [.bowler(.init(name: "Cy", average: 188)), .bowler(.init(name: "Di", average: 155))]),
    ])

  /// The night journalled in memory: its start, Ana's strike on the left, Cy's 7 on the
  /// right, and a correction of Cy's ball to 8 pins.
  static func journalled() throws -> (night: JournalledNight<MemoryJournal>, entries: [JournalEntry]) {
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    var night = try JournalledNight(
      store: MemoryJournal(starting: try JournalEntry.nightStart(of: Self.night, at: start)),
      entries: [try JournalEntry.nightStart(of: Self.night, at: start)])
    _ = try night.deliver(.init(knocked: .full, isFoul: false), on: .left, at: start)
    _ = try night.deliver(.init(knocked: PinSet((1...7).compactMap(Pin.init(rawValue:))), isFoul: false), on: .right, at: start)
    _ = try night.make(
      LeagueCommand.parse("pins 2 1,2,3,4,5,6,7,8", in: night.play, reason: .given("the deck misread")).action,
      by: "desk/r-1", why: "the deck misread", at: start)
    return (night, night.store.entries)
  }

  @Test("When the limits of a league command on the wire are compared with the night's, then they are the same")
  func limits() {
    #expect(Payload.Command.maximumCommandLength == LeagueCommand.maximumLength)
    #expect(Payload.Command.maximumReasonLength == LeagueCommand.maximumReasonLength)
  }

  @Test("When a night's journal is the source, then its start is the session's, its deliveries throws and its corrections corrections, as journalled")
  func nightAsSource() throws {
    let (_, entries) = try Self.journalled()

    let source = try JournalOutboxSource(entries: entries)

    #expect(source.session == "2026-11-18T11:06:40.000Z")
    #expect(source.lastSequence == 4)
    #expect(source.records(after: 0, limit: 10).map(\.type) == [.sessionStart, .throw, .throw, .correction])
    #expect(source.sequence(ofRecordBy: "desk/r-1") == 4)
  }

  @Test("When each lane of a pair keeps its acknowledgement, then each has its own file beside the night's journal")
  func acknowledgementFiles() throws {
    let files = try ["lane12", "lane13"].map { AcknowledgementFile(besideJournal: "/var/lib/lane/pair.journal", lane: try LaneID($0)) }
    #expect(files.map(\.path) == ["/var/lib/lane/pair.journal.lane12.ack", "/var/lib/lane/pair.journal.lane13.ack"])
  }

  @Test("When a night's board is made for the link, then it names every bowler of both teams in lineup order, with team, game, the frame at and scratch")
  func board() throws {
    let (night, _) = try Self.journalled()

    let games = LeagueBoard(night.play).linkGames

    guard case .array(let rows) = games else {
      Issue.record("not an array: \(games)")
      return
    }
    let fields = rows.compactMap { row -> [String: JSONValue]? in
      if case .object(let fields) = row { fields } else { nil }
    }
    #expect(fields.map { $0["bowler"] } == ["Ana", "Ben", "Cy", "Di"].map { .string($0) })
    #expect(fields.map { $0["team"] } == ["Pin Pals", "Pin Pals", "Gutter Kings", "Gutter Kings"].map { .string($0) })
    // An absentee's game is complete from the start: its blind score.
    #expect(fields.map { $0["frame"] } == [2, 10, 1, 1].map { .number($0) })
    #expect(fields.map { $0["absent"] } == [false, true, false, false].map { .bool($0) })
    // Cy's frame is open: its total is not known yet, as the overhead board shows it.
    #expect(fields.map { $0["total"] } == [0, 131, 0, 0].map { .number($0) })
  }

  @Test("When the pair shows a delivery and a warning, then both links get the record and the board, and only that lane's link the delivery and the fault")
  func routes() async throws {
    let (night, _) = try Self.journalled()
    let left = AsyncStream.makeStream(of: LaneLink.Input.self)
    let right = AsyncStream.makeStream(of: LaneLink.Input.self)
    var display = PairLinkDisplay(local: NoDisplay(), links: (left.continuation, right.continuation))

    let detected = DetectedThrow(start: .zero, end: .zero, standingBefore: .full, knocked: PinSet([.head]))
    try display.show(PairEvent(.delivered(lane: .right, number: 2, detected: detected), sequence: 3), in: night.play)
    try display.show(
      PairEvent(.warning(lane: .right, .detector(.init(time: .zero, kind: .extraBall))), sequence: 3), in: night.play)
    left.continuation.finish()
    right.continuation.finish()

    func kinds(_ stream: AsyncStream<LaneLink.Input>) async -> [String] {
      var kinds: [String] = []
      for await input in stream {
        switch input {
        case .recorded(let seq): kinds.append("recorded \(seq)")
        case .board(_, let seq): kinds.append("board \(seq)")
        case .fault: kinds.append("fault")
        case .delivered: kinds.append("delivered")
        default: kinds.append("other")
        }
      }
      return kinds
    }
    #expect(await kinds(left.stream) == ["recorded 3", "board 3", "recorded 3"])
    #expect(await kinds(right.stream) == ["recorded 3", "delivered", "board 3", "recorded 3", "fault"])
  }

  @Test("When both lanes of a pair send their boards, then the desk's overview shows the pair on one line with the league and each team's bowlers, and the faults of each lane")
  func overview() throws {
    let (night, _) = try Self.journalled()
    let pair = Payload.Pair(left: try LaneID("lane12"), right: try LaneID("lane13"))
    var left = DeskLink.LaneView()
    left.state = .online
    left.pair = pair
    left.league = "Tuesday Mixed"
    left.games = LeagueBoard(night.play).linkGames
    var right = left
    right.state = .offline
    right.faults = ["pin 3 rose again during the delivery"]
    var single = DeskLink.LaneView()
    single.state = .online

    let lines = DeskOverview.render(
      [pair.left: left, pair.right: right, try LaneID("lane14"): single], now: .now
    ).split(separator: "\n")

    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("lane12+lane13 online/offline league Tuesday Mixed:"))
    #expect(lines[1].contains("Pin Pals: Ana g1 f2 0, Ben g1 absent 131"), "\(lines[1])")
    #expect(lines[1].contains("; Gutter Kings: Cy g1 f1 0, Di g1 f1 0"), "\(lines[1])")
    #expect(lines[1].contains("faults: lane13: pin 3 rose again"))
    #expect(lines[2].hasPrefix("lane14"))
  }
}

/// A pair's display that shows nothing.
struct NoDisplay: PairDisplay {
  mutating func show(_ event: PairEvent, in play: LeaguePlay) throws {}
}
