import Bowling
import Foundation
import TestSupport
import Testing

@testable import Journal

@Suite("A lane's journal file")
struct JournalFileTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)
  static let start = JournalEntry(time: time, author: "lane", event: .started(bowlers: ["Ana", "Ben"]))
  static func delivery(_ knocked: PinSet) -> JournalEntry {
    JournalEntry(
      time: time, author: "lane",
      event: .delivered(.init(knocked: knocked, isFoul: false, deck: .full, start: 2, end: 5.5)))
  }

  let folder: ScratchFolder
  let path: String

  /// A journal holding a start and three deliveries.
  init() throws {
    folder = try ScratchFolder("lane-journal-tests")
    path = folder.path("lane.journal")
    let file = try JournalFile(
      path: path, ifMissing: .create(Self.start), lane: "lane7", clock: { Self.time })
    for pins: PinSet in [.full, [1, 2, 3], [4, 5]] {
      guard case .appended = try file.append(Self.delivery(pins)) else {
        Issue.record("a lone writer is never behind")
        return
      }
    }
  }

  func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  /// Where record `number` (from 1, after the header) starts.
  func offset(ofRecord number: Int) throws -> Int {
    let newlines = try bytes().enumerated().filter { $0.element == UInt8(ascii: "\n") }.map(\.offset)
    return newlines[number - 1] + 1  // line 0 is the header
  }

  @Test("When it is opened again, then every record comes back numbered, and the session with it")
  func roundTrip() throws {
    let file = try JournalFile(path: path, ifMissing: .refuse)

    #expect(file.recovered == nil)
    #expect(file.entries.map(\.sequence) == [1, 2, 3, 4])
    #expect(file.entries[0] == { var start = Self.start; start.sequence = 1; return start }())
    let session = try LaneSession(journal: file.entries)
    #expect(session.bowlers == ["Ana", "Ben"])
    #expect(session.deliveries == [.knocked(.full), .knocked([1, 2, 3]), .knocked([4, 5])])
  }

  @Test("When a journal is created, then its first line is the header: magic, format version, checksum, lane and creation time")
  func headerFormat() throws {
    let lines = String(decoding: try bytes(), as: UTF8.self).split(separator: "\n")
    let header = try #require(lines.first)

    #expect(header.hasPrefix("lanebridge-journal 2 "))
    #expect(header.hasSuffix(#" {"created":"2025-05-01T19:04:11Z","lane":"lane7"}"#))
    #expect(try JournalFile(path: path, ifMissing: .refuse).header
      == JournalHeader(lane: "lane7", created: Self.time))
  }

  @Test("When a record is written, then it is one line: the CRC-32 of its JSON, a space and the JSON")
  func recordFormat() throws {
    let lines = String(decoding: try bytes(), as: UTF8.self).split(separator: "\n")
    let first = try #require(lines.dropFirst().first)

    #expect(first.hasSuffix(#" {"at":"2025-05-01T19:04:11Z","bowlers":["Ana","Ben"],"by":"lane","event":"start","seq":1}"#))
    #expect(String(first.prefix(8)) == String(CRC32.checksum(first.dropFirst(9).utf8), radix: 16).leftPadded(to: 8))
    #expect(CRC32.checksum("123456789".utf8) == 0xCBF4_3926)
  }

  @Test("When the last record was cut in the middle, then it is moved aside, the operator is told where, and the rest is kept")
  func tornInTheMiddle() throws {
    let lastStart = try offset(ofRecord: 4)
    let whole = try bytes()
    #expect(truncate(path, off_t(lastStart + 20)) == 0)

    let file = try JournalFile(path: path, ifMissing: .refuse)

    let recovered = try #require(file.recovered)
    #expect(recovered.offset == lastStart)
    #expect(recovered.length == 20)
    #expect("\(recovered)".contains("torn record at byte \(lastStart) (20 bytes)"))
    #expect(file.entries.count == 3)
    #expect(try bytes() == whole.prefix(lastStart))
    #expect(try Data(contentsOf: URL(fileURLWithPath: recovered.savedTo)) == whole[lastStart..<(lastStart + 20)])
    #expect(recovered.savedTo.hasPrefix(path + ".torn-"))
    // The journal carries on after the cut: the next record is number 4 again.
    guard case .appended(let next) = try file.append(Self.delivery([4, 5])) else {
      Issue.record("a lone writer is never behind")
      return
    }
    #expect(next.sequence == 4)
  }

  @Test("When the last record was cut just before its line end, then it is moved aside as torn, not refused as damage")
  func tornBeforeItsLineEnd() throws {
    let lastStart = try offset(ofRecord: 4)
    let whole = try bytes()
    #expect(truncate(path, off_t(whole.count - 1)) == 0)

    let file = try JournalFile(path: path, ifMissing: .refuse)

    let recovered = try #require(file.recovered)
    #expect(recovered.offset == lastStart)
    #expect(recovered.length == whole.count - 1 - lastStart)
    #expect(file.entries.count == 3)
    #expect(try bytes() == whole.prefix(lastStart))
  }

  @Test("When zeros follow the last good record, then they are a torn tail too")
  func zeroTail() throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(repeating: 0, count: 512) + Data("\n".utf8))
    try handle.close()

    let file = try JournalFile(path: path, ifMissing: .refuse)

    #expect(file.recovered?.reason == "it does not start with a checksum")
    #expect(file.entries.count == 4)
  }

  @Test("When a record before the last is damaged, then opening is refused naming the record and byte, and nothing changes")
  func damagedInTheMiddle() throws {
    let second = try offset(ofRecord: 2)
    var damaged = try bytes()
    damaged[second + 30] ^= 0x01
    try damaged.write(to: URL(fileURLWithPath: path))

    #expect(throws: JournalError.corrupt(
      path: path, record: 2, offset: second, reason: "its checksum does not match its text")
    ) {
      try JournalFile(path: path, ifMissing: .refuse)
    }
    #expect(try bytes() == damaged)
  }

  @Test("When a record is missing from the numbering, then opening is refused")
  func numberingGap() throws {
    let whole = try bytes()
    let third = try offset(ofRecord: 3)
    let fourth = try offset(ofRecord: 4)
    try (whole[..<third] + whole[fourth...]).write(to: URL(fileURLWithPath: path))

    #expect(throws: JournalError.inconsistent(
      sequence: 4, reason: "it follows record 2; a record is missing or repeated")
    ) {
      try JournalFile(path: path, ifMissing: .refuse)
    }
  }

  @Test("When there is no journal and it may not be created, then opening says so")
  func missing() throws {
    let elsewhere = folder.path("other.journal")
    #expect(throws: JournalError.missing(path: elsewhere)) {
      try JournalFile(path: elsewhere, ifMissing: .refuse)
    }
  }

  @Test("When another writer appended first, then the append writes nothing and returns its records")
  func twoWriters() throws {
    let lane = try JournalFile(path: path, ifMissing: .refuse)
    let correcting = try JournalFile(path: path, ifMissing: .refuse)
    let undo = JournalEntry(time: Self.time, author: "Eve", event: .corrected(.undo, change: "took back"))
    guard case .appended = try correcting.append(undo) else {
      Issue.record("the corrector had read everything")
      return
    }

    let outcome = try lane.append(Self.delivery([6]))

    guard case .behind(let update) = outcome else {
      Issue.record("the lane should have been behind, got \(outcome)")
      return
    }
    #expect(update.entries.map(\.author) == ["Eve"])
    guard case .appended(let written) = try lane.append(Self.delivery([6])) else {
      Issue.record("having read the correction, the lane is no longer behind")
      return
    }
    #expect(written.sequence == 6)
    #expect(try correcting.readNew().entries == [written])
  }
}


@Suite("A journal path that is not a regular file")
struct JournalPathTests {
  let folder: ScratchFolder

  init() throws { folder = try ScratchFolder("lane-journal-tests") }

  @Test("When the journal path is a symbolic link, then it is refused without following it, and its target is untouched")
  func symbolicLink() throws {
    let target = folder.path("precious.toml")
    let path = folder.path("lane.journal")
    try "chip = \"gpiochip0\"\n".write(toFile: target, atomically: false, encoding: .utf8)
    #expect(symlink(target, path) == 0)

    #expect(throws: JournalError.notRegular(path: path, kind: "a symbolic link, which is never followed")) {
      try JournalFile(path: path, ifMissing: .create(JournalFileTests.start))
    }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "chip = \"gpiochip0\"\n")
    #expect(JournalError.notRegular(path: path, kind: "a FIFO").kind == .noInput)
  }

  @Test("When the journal path is a FIFO, then it is refused at once instead of hanging")
  func fifo() throws {
    let path = folder.path("lane.journal")
    #expect(mkfifo(path, 0o600) == 0)

    #expect(throws: JournalError.notRegular(path: path, kind: "a FIFO")) {
      try JournalFile(path: path, ifMissing: .refuse)
    }
  }

  @Test("When a new journal is created, then no scratch file is left beside it")
  func noScratchLeft() throws {
    let path = folder.path("lane.journal")
    _ = try JournalFile(path: path, ifMissing: .create(JournalFileTests.start))

    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["lane.journal"])
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
