import Bowling
import Foundation
import Testing

@testable import Journal

@Suite("A session bound to its journal")
struct JournalledSessionTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)
  static let start = JournalEntry(time: time, author: "lane", event: .started(bowlers: ["Ana"]))

  var journalled: JournalledSession<MemoryJournal>

  /// Given a new session for Ana, journalled in memory.
  init() throws {
    let store = MemoryJournal(starting: Self.start)
    journalled = try JournalledSession(store: store, entries: store.entries)
  }

  @Test("When deliveries are recorded, then each is journalled first and comes back with its sequence number and place")
  mutating func sequenceNumbers() throws {
    let first = try journalled.record(at: Self.time) { _ in .init(knocked: [1, 2, 3], isFoul: false) }
    let second = try journalled.record(at: Self.time) { session in
      .init(knocked: session.standing.pins ?? .full, isFoul: false)
    }

    #expect(first.recorded?.entry.sequence == 2)
    #expect(second.recorded?.entry.sequence == 3)
    #expect(second.recorded?.place == LaneSession.Recorded(bowler: 0, game: 1, position: .init(frame: 1, ball: 2)))
    #expect(journalled.store.entries.map(\.sequence) == [1, 2, 3])
    #expect(journalled.session.series[0].current.frames[0].isComplete)
  }

  @Test("When a delivery is impossible, then it is refused and nothing is journalled or counted")
  mutating func refused() throws {
    _ = try journalled.record(at: Self.time) { _ in .init(knocked: [1, 2, 3], isFoul: false) }

    #expect(throws: JournalError.refused(.impossible(
      .pinsNotStanding([1], standing: ([1, 2, 3] as PinSet).complement, at: .init(frame: 1, ball: 2)),
      bowler: "Ana"))
    ) {
      _ = try journalled.record(at: Self.time) { _ in .init(knocked: [1], isFoul: false) }
    }
    #expect(journalled.store.entries.count == 2)
    #expect(journalled.session.deliveries.count == 1)
  }
}
