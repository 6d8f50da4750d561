import Bowling
import Centre
import CentreLink
import Foundation
import Journal
import TestSupport
import Testing

@Suite("JournalOutboxSource for a lane resumed from a checkpoint")
struct JournalOutboxSourceFileTests {
  static let start = Date(timeIntervalSince1970: 1_795_000_000)
  static let count = 3000
  static let checkpointed = 2500

  let folder: ScratchFolder
  let path: String
  var all: [JournalEntry]

  /// A journal of a session start and 2999 deliveries; the lane resumed after record 2500.
  init() throws {
    folder = try ScratchFolder()
    path = folder.path("lane.journal")
    all =
      [JournalEntry(sequence: 1, time: Self.start, author: "lane", event: .started(bowlers: []))]
      + (2...Self.count).map { seq in
        JournalEntry(
          sequence: seq, time: Self.start, author: "lane",
          event: .delivered(.init(knocked: seq % 2 == 0 ? .full : [1, 2], isFoul: false)))
      }
    // Two desk corrections: one the checkpoint covers, one after it.
    for seq in [100, 2700] {
      all[seq - 1] = JournalEntry(
        sequence: seq, time: Self.start, author: "desk/r-\(seq)", event: .corrected(.foul(true), change: "foul"))
    }
    var bytes = JournalHeader(lane: "lane7", created: Self.start).bytes
    for entry in all { bytes += entry.record }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  func resumed() throws -> JournalOutboxSource {
    try JournalOutboxSource(
      journal: path, through: Self.checkpointed, entries: Array(all.dropFirst(Self.checkpointed)))
  }

  @Test("When the desk asks from the start in batches, then every record comes in order, the same as a source holding every entry")
  func batchesFromStart() throws {
    let source = try resumed()
    let whole = try JournalOutboxSource(entries: all)
    #expect(source.session == whole.session)
    #expect(source.lastSequence == Self.count)
    var after = 0
    var sizes: [Int] = []
    while case let records = source.records(after: after, limit: 1024), !records.isEmpty {
      #expect(records == whole.records(after: after, limit: records.count))
      sizes.append(records.count)
      after = records[records.count - 1].seq
    }
    // The journal's records up to the checkpoint, then those kept in memory
    #expect(sizes == [1024, 1024, 452, 500])
    #expect(after == Self.count)
    #expect(source.fault == nil)
  }

  @Test("When the desk asks from its acknowledged seq, then the records after it come, read from the journal where needed")
  func fromAcknowledged() throws {
    let source = try resumed()
    #expect(source.records(after: 2400, limit: 10).map(\.seq) == Array(2401...2410))
    #expect(source.records(after: 2495, limit: 10).map(\.seq) == Array(2496...2500))
    #expect(source.records(after: 2500, limit: 3).map(\.seq) == [2501, 2502, 2503])
    // An earlier seq than the last read is read again from the start of the journal
    #expect(source.records(after: 7, limit: 2).map(\.seq) == [8, 9])
  }

  @Test("When the lane journals more, then the source takes it after the records in memory")
  func adds() throws {
    let source = try resumed()
    let next = JournalEntry(
      sequence: Self.count + 1, time: Self.start, author: "lane",
      event: .delivered(.init(knocked: .full, isFoul: false)))
    try source.add([next])
    #expect(source.lastSequence == Self.count + 1)
    #expect(source.records(after: Self.count, limit: 5).map(\.seq) == [Self.count + 1])
  }

  @Test("When the journal can no longer be read, then the source gives nothing from it and keeps the fault")
  func unreadable() throws {
    let source = try resumed()
    try FileManager.default.removeItem(atPath: path)
    #expect(source.records(after: 0, limit: 10).isEmpty)
    guard case .unreadable = source.fault else {
      Issue.record("no fault kept: \(String(describing: source.fault))")
      return
    }
  }

  @Test("When the journal does not start with a session start, then the source is refused")
  func noStart() throws {
    var bytes = JournalHeader(lane: "lane7", created: Self.start).bytes
    for entry in all.dropFirst() { bytes += entry.record }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(throws: JournalOutboxSource.Refusal.noSessionStart) { try resumed() }
  }

  @Test("When the lane looks for the records desk requests became, then it finds those the checkpoint covers and those after it, the same as a scan")
  func deskRequestIndex() throws {
    let source = try resumed()
    let whole = try JournalOutboxSource(entries: all)

    for author in ["desk/r-100", "desk/r-2700", "desk/r-1", "lane"] {
      #expect(source.sequence(ofRecordBy: author) == (author.hasPrefix("desk/r-") && author != "desk/r-1" ? Int(author.dropFirst(7)) : nil))
      #expect(whole.sequence(ofRecordBy: author) == source.sequence(ofRecordBy: author))
    }
  }
}
