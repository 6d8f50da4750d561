import Foundation
import GRDB
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore

@Suite("The store's tables as GRDB record types: each row written is read back as it was")
struct StoreRecordsTests {
  let folder: ScratchFolder
  let store: RecordStore

  /// Given a new store, every schema step applied.
  init() throws {
    folder = try ScratchFolder("store-records")
    store = try RecordStore.open(at: folder.path("centre.store"), access: .createIfMissing)
  }

  /// Inserts `record` in its table and reads the table back.
  func roundTrip<Record: FetchableRecord & PersistableRecord & Hashable>(_ record: Record) throws -> [Record] {
    try store.database.write { db in
      try record.insert(db)
      return try Record.fetchAll(db)
    }
  }

  @Test("When a row of each folded table is written, then it reads back equal, its optional columns NULL or not")
  func foldedTables() throws {
    let game = GameRecord(
      lane: "7+8", session: "2026-11-24T19:00:00Z", position: 4096 * 3 + 1, bowler: "Ana",
      person: "league/Tuesday/Ana", number: 2, league: "Tuesday", team: nil, kind: "bowled", scratch: 171,
      handicap: 43, total: 214, complete: true, countsForAverage: false, json: #"{"bowler":"Ana"}"#)
    let team = NightTeamRecord(
      lane: "7+8", session: "s", team: 1, league: "Tuesday", position: 3, name: "Pin Pals", scratch: 655,
      withHandicap: 883, points: nil)

    #expect(try roundTrip(game) == [game])
    #expect(try roundTrip(NightRecord(lane: "7+8", session: "s", position: 3, league: "Tuesday", games: 3)).count == 1)
    #expect(try roundTrip(team) == [team])
    #expect(try roundTrip(LeagueStandingsRecord(league: "Tuesday", json: "{}")) == [.init(league: "Tuesday", json: "{}")])
    #expect(try roundTrip(FoldProblemRecord(lane: "lane1", session: "s", description: "seq 3 is missing")).map(\.description) == ["seq 3 is missing"])
    #expect(try roundTrip(PersonLinkRecord(person: "a", linkedTo: "b", linkedAt: 1.5)) == [.init(person: "a", linkedTo: "b", linkedAt: 1.5)])
    #expect(try roundTrip(FoldedThroughRecord(event: 42)) == [.init(event: 42)])
    let acknowledgement = FaultAcknowledgementRecord(lane: "lane1", fault: "pinsetter jam", acknowledgedBy: "mia", acknowledgedAt: "2026-11-24T19:05:00Z")
    #expect(try roundTrip(acknowledgement) == [acknowledgement])
  }

  @Test("When an event row is inserted, then it is given the next id, and reads back with its pair or none")
  func events() throws {
    var first = EventRecord(
      id: nil, lane: "lane7", session: "s", seq: 1, type: "session-start", pairLeft: "lane7", pairRight: "lane8",
      payload: "{}", storedAt: 10)
    var second = EventRecord(
      id: nil, lane: "lane1", session: "s", seq: 1, type: "throw", pairLeft: nil, pairRight: nil, payload: "{}", storedAt: 11)
    let read = try store.database.write { db in
      try first.insert(db)
      try second.insert(db)
      return try EventRecord.order(EventRecord.Columns.id).fetchAll(db)
    }

    #expect(first.id == 1 && second.id == 2)
    #expect(read == [first, second])
  }

  @Test("When a row breaks its table's CHECK (seq 0), then the insert fails and nothing is kept")
  func checkHolds() throws {
    var bad = EventRecord(
      id: nil, lane: "lane1", session: "s", seq: 0, type: "throw", pairLeft: nil, pairRight: nil, payload: "{}", storedAt: 1)

    #expect(throws: DatabaseError.self) { try store.database.write { db in try bad.insert(db) } }
    #expect(try store.database.read { db in try EventRecord.fetchCount(db) } == 0)
  }
}
