import Bowling
import Foundation
import TestSupport
import Testing

@testable import Journal

@Suite("Reading, checking and salvaging a journal")
struct JournalReaderTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)
  static let start = JournalEntry(time: time, author: "lane", event: .started(bowlers: ["Ana"]))
  static func delivery(_ knocked: PinSet) -> JournalEntry {
    JournalEntry(time: time, author: "lane", event: .delivered(.init(knocked: knocked, isFoul: false)))
  }

  let folder: ScratchFolder
  let path: String

  /// A journal holding a start and five deliveries (records 1 to 6).
  init() throws {
    folder = try ScratchFolder("lane-journal-tests")
    path = folder.path("lane.journal")
    try Self.writeJournal(at: path)
  }

  /// Writes the journal these tests read at `path`: a start and five deliveries.
  static func writeJournal(at path: String) throws {
    let file = try JournalFile(path: path, ifMissing: .create(start), lane: "lane7", clock: { time })
    for pins: PinSet in [.full, .full, [1, 2], [3], .full] {
      guard case .appended = try file.append(delivery(pins)) else {
        Issue.record("a lone writer is never behind")
        return
      }
    }
  }

  func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
  func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
  /// Where line `number` starts (0 is the header).
  func offset(ofLine number: Int) throws -> Int {
    number == 0 ? 0 : try bytes().indices.filter { try bytes()[$0] == UInt8(ascii: "\n") }[number - 1] + 1
  }

  @Test("When the centre link asks for the records after seq 4, then it gets 5 and 6 only")
  func entriesAfter() throws {
    let reader = try JournalReader(path: path)

    #expect(try reader.entries(after: 4).map(\.sequence) == [5, 6])
    #expect(try reader.entries(after: 6).isEmpty)
    #expect(reader.header == JournalHeader(lane: "lane7", created: Self.time))
  }

  @Test("When the journal is intact, then the check finds every record and the session, and calls it usable")
  func intact() throws {
    let check = try JournalReader(path: path).check()

    #expect(check.intact == 6)
    #expect(check.sequences == 1...6)
    #expect(check.damaged.isEmpty)
    #expect(check.isUsable)
  }

  @Test("When the line end of the second-to-last record is changed, then opening refuses instead of cutting two acknowledged records")
  func changedLineEnd() throws {
    var damaged = try bytes()
    let lastStart = try offset(ofLine: 6)
    damaged[lastStart - 1] = UInt8(ascii: "\r")
    try write(damaged)

    #expect(throws: JournalError.corrupt(
      path: path, record: 5, offset: try offset(ofLine: 5),
      reason: "it holds a good record run together with it (a changed line end?)")
    ) {
      try JournalFile(path: path, ifMissing: .refuse)
    }
    #expect(try bytes() == damaged)
    #expect(try JournalReader(path: path).check().isUsable == false)
  }

  @Test("When a record in the middle is damaged, then the check names it and salvage copies every other record into a new journal that opens")
  func salvage() throws {
    var damaged = try bytes()
    let third = try offset(ofLine: 3)
    damaged[third + 20] ^= 0x20
    try write(damaged)

    let check = try JournalReader(path: path).check()
    #expect(check.damaged.map(\.record) == [3])
    #expect(check.damaged.first?.offset == third)
    #expect(!check.isUsable)

    let out = folder.path("salvaged.journal")
    let salvage = try JournalReader(path: path).salvage(to: out)

    #expect(salvage.kept == 5)
    #expect(salvage.missing == [3])
    #expect(try bytes() == damaged)
    // The second strike (record 3) is lost; the others still make a session.
    let file = try JournalFile(path: out, ifMissing: .refuse)
    #expect(file.entries.map(\.sequence) == [1, 2, 4, 5, 6])
    #expect(file.header.missing == [3])
    #expect(try LaneSession(journal: file.entries).deliveries.count == 4)
    #expect(throws: JournalError.self) { try JournalReader(path: path).salvage(to: out) }
  }
}
