import Bowling
import Foundation
import TestSupport
import Testing

@testable import Journal

@Suite("Reading a journal's records after a number, in batches")
struct JournalReaderBatchTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)

  let folder: ScratchFolder
  let path: String
  let all: [JournalEntry]
  let header: [UInt8]

  /// A journal of a session start and 99 strikes.
  init() throws {
    folder = try ScratchFolder()
    path = folder.path("lane.journal")
    all =
      [JournalEntry(sequence: 1, time: Self.time, author: "lane", event: .started(bowlers: ["Ana"]))]
      + (2...100).map {
        JournalEntry(sequence: $0, time: Self.time, author: "lane", event: .delivered(.init(knocked: .full, isFoul: false)))
      }
    header = JournalHeader(lane: "lane7", created: Self.time).bytes
    try write(all.map(\.record))
  }

  func write(_ records: [[UInt8]]) throws {
    try Data(header + records.joined()).write(to: URL(fileURLWithPath: path))
  }

  @Test("When batches are read each from where the last ended, then together they are every record after the number, in order")
  func batches() throws {
    let reader = try JournalReader(path: path)
    var after = 10
    var offset: Int?
    var read: [JournalEntry] = []
    while case let batch = try reader.entries(after: after, limit: 7, from: offset), !batch.entries.isEmpty {
      #expect(batch.entries.count <= 7)
      read += batch.entries
      after = batch.entries[batch.entries.count - 1].sequence
      offset = batch.end
    }
    #expect(read == Array(all.dropFirst(10)))
  }

  @Test("When a record at or below the number is damaged, then it is skipped unread; above it, the damage is reported")
  func damage() throws {
    var records = all.map(\.record)
    records[4][20] ^= 0x01  // record 5: its JSON no longer matches its checksum
    try write(records)
    let reader = try JournalReader(path: path)
    #expect(try reader.entries(after: 5, limit: 3).entries.map(\.sequence) == [6, 7, 8])
    #expect(throws: JournalError.self) { try reader.entries(after: 4, limit: 3) }
  }

  @Test("When a batch meets a damaged record, then the error names the record's number and byte offset, also when the batch started mid-file")
  func damageNamesRecord() throws {
    var records = all.map(\.record)
    records[4][20] ^= 0x01  // record 5
    try write(records)
    let reader = try JournalReader(path: path)
    let offset = header.count + records[..<4].map(\.count).reduce(0, +)
    let fromSecond = header.count + records[0].count
    for start in [nil, fromSecond] {
      let error = #expect(throws: JournalError.self) { try reader.entries(after: 4, limit: 3, from: start) }
      guard case .corrupt(_, let record, let at, _) = error else {
        Issue.record("expected corrupt, got \(String(describing: error))")
        continue
      }
      #expect(record == 5)
      #expect(at == offset)
    }
  }

  @Test("When a line runs past 16 MiB, then both readings stop there naming its record and offset")
  func lineTooLong() throws {
    let records = Array(all.map(\.record).prefix(3))
    try write(records + [[UInt8](repeating: UInt8(ascii: "x"), count: JournalReader.longestLine + 1)])
    let reader = try JournalReader(path: path)
    let offset = header.count + records.map(\.count).reduce(0, +)
    let wholeFile = #expect(throws: JournalError.self) { try reader.entries(after: 0) }
    let batch = #expect(throws: JournalError.self) { try reader.entries(after: 0, limit: 10) }
    for error in [wholeFile, batch] {
      #expect(error == .corrupt(path: path, record: 4, offset: offset, reason: "a line over 16 MiB"))
    }
  }

  @Test("When a record is being written at the end, then it is left for a later read")
  func partialTail() throws {
    var records = all.map(\.record)
    records[99].removeLast(10)
    try write(records)
    let batch = try JournalReader(path: path).entries(after: 95, limit: 10)
    #expect(batch.entries.map(\.sequence) == [96, 97, 98, 99])
  }

  @Test("The number a record's line ends with is read without decoding it", arguments: [
    (#"abc {"a":1,"seq":42}"#, 42 as Int?), (#"{"seq":7}"#, 7), (#"{"xseq":7}"#, nil),
    (#"{"seq":}"#, nil), (#"{"seq":7} "#, nil), ("", nil),
  ])
  func sequenceAtEnd(line: String, expected: Int?) {
    #expect(JournalReader.sequence(endingLine: Array(line.utf8)[...]) == expected)
  }
}
