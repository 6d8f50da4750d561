import Bowling
import Foundation
import TestSupport
import Testing

@testable import Journal

/// What a journal's first bytes say it is, and records whose checksum matches but whose
/// content cannot be.
@Suite("Recognising a journal")
struct JournalFormatTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)
  static let start = JournalEntry(sequence: 1, time: time, author: "lane", event: .started(bowlers: ["Ana"]))

  let folder: ScratchFolder
  let path: String

  init() throws {
    folder = try ScratchFolder("lane-journal-tests")
    path = folder.path("lane.journal")
  }

  func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
  func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
  func folderContents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
  }

  /// A journal of version 1 (before headers): a start and two deliveries.
  static var versionOne: [UInt8] {
    [start, delivery(1, [.full]), delivery(2, [[1, 2]])].flatMap(JournalRecord.bytes(of:))
  }

  static func delivery(_ number: Int, _ pins: [PinSet]) -> JournalEntry {
    JournalEntry(
      sequence: number + 1, time: time, author: "lane",
      event: .delivered(.init(knocked: pins[0], isFoul: false)))
  }

  /// A record with the right checksum around `json`.
  static func record(_ json: String) -> [UInt8] {
    Array("\(JournalRecord.checksumText(of: Array(json.utf8))) \(json)\n".utf8)
  }

  static let notJournals: [(name: String, bytes: [UInt8])] = [
    ("a wiring file", Array("chip = \"gpiochip0\"\n[pins]\n1 = 4\n".utf8)),
    ("a PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]),
    ("an empty file", []),
    ("a header with no version", Array("lanebridge-journal x\n".utf8)),
  ]

  @Test("When the file is not a journal, then opening refuses it with exit 65 and leaves it byte for byte", arguments: notJournals.indices)
  func notAJournal(_ index: Int) throws {
    let original = Self.notJournals[index].bytes
    try write(original)

    #expect {
      try JournalFile(path: path, ifMissing: .create(Self.start))
    } throws: { error in
      guard let error = error as? JournalError, case .notAJournal(let where_, _) = error else { return false }
      return where_ == path && error.kind == .data
    }
    #expect(try bytes() == original)
    #expect(try folderContents() == ["lane.journal"])
  }

  @Test("When a version 1 journal's line ends were converted to CRLF, then it is not taken for a journal with a torn tail")
  func crlfCopy() throws {
    let original = Array(String(decoding: Self.versionOne, as: UTF8.self)
      .replacingOccurrences(of: "\n", with: "\r\n").utf8)
    try write(original)

    #expect(throws: JournalError.self) { try JournalFile(path: path, ifMissing: .refuse) }
    #expect(try bytes() == original)
    #expect(try folderContents() == ["lane.journal"])
  }

  @Test("When the journal was written in a newer format, then it is refused naming the version, untouched")
  func newerVersion() throws {
    let original = Array("lanebridge-journal 4 00000000 {}\n".utf8) + Self.versionOne
    try write(original)

    #expect(throws: JournalError.unsupportedVersion(path: path, version: 4)) {
      try JournalFile(path: path, ifMissing: .refuse)
    }
    #expect(try bytes() == original)
  }

  @Test("When a version 1 journal is opened, then it is migrated: a header is added, every record kept, the original kept beside it")
  func migratesVersionOne() throws {
    try write(Self.versionOne)

    let file = try JournalFile(path: path, ifMissing: .refuse, lane: "lane3", clock: { Self.time })

    #expect(file.entries.map(\.sequence) == [1, 2, 3])
    #expect(file.header == JournalHeader(lane: "lane3", created: Self.time))
    let kept = try #require(file.migratedFrom)
    #expect(kept == path + ".v1-20250501T190411.000Z")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: kept))) == Self.versionOne)
    #expect(try bytes() == JournalHeader(lane: "lane3", created: Self.time).bytes + Self.versionOne)
    guard case .appended(let next) = try file.append(Self.delivery(3, [[3]])) else {
      Issue.record("a lone writer is never behind")
      return
    }
    #expect(next.sequence == 4)
    #expect(try JournalFile(path: path, ifMissing: .refuse).entries.count == 4)
  }

  static let impossible: [(name: String, json: String, reason: String)] = [
    ("duplicate pins", #"{"at":"2025-05-01T19:04:11Z","by":"lane","event":"throw","foul":false,"knocked":[1,1],"seq":2}"#, "pin 1 twice"),
    ("an absurd time", #"{"at":"2025-05-01T19:04:11Z","by":"lane","end":1e308,"event":"throw","foul":false,"knocked":[1],"seq":2,"start":0}"#, "a sensor time of 1e+308 seconds"),
    ("a terminal escape", #"{"at":"2025-05-01T19:04:11Z","by":"\u001b[2J","event":"throw","foul":false,"knocked":[1],"seq":2}"#, "an author with control characters (a terminal escape?)"),
    ("a pin 11", #"{"at":"2025-05-01T19:04:11Z","by":"lane","event":"throw","foul":false,"knocked":[11],"seq":2}"#, "11, which is not a pin number"),
  ]

  @Test("When the last record's checksum matches but its content is impossible, then it is refused naming the record, never cut as torn", arguments: impossible.indices)
  func impossibleContent(_ index: Int) throws {
    let (_, json, reason) = Self.impossible[index]
    let good = JournalHeader(lane: "l", created: Self.time).bytes + JournalRecord.bytes(of: Self.start)
    let original = good + Self.record(json)
    try write(original)

    #expect(throws: JournalError.corrupt(
      path: path, record: 2, offset: good.count, reason: "its checksum matches but it holds \(reason)")
    ) {
      try JournalFile(path: path, ifMissing: .refuse)
    }
    #expect(try bytes() == original)
  }

  @Test("When a start names 100,000 bowlers, then it is refused as impossible")
  func tooManyBowlers() throws {
    let names = (1...100_000).map { "\"b\($0)\"" }.joined(separator: ",")
    let json = #"{"at":"2025-05-01T19:04:11Z","bowlers":["# + names + #"],"by":"lane","event":"start","seq":1}"#

    #expect(throws: JournalRecord.Problem(
      description: "its checksum matches but it holds 100000 bowlers (at most 32)", isContent: true)
    ) {
      try JournalRecord.entry(from: Self.record(json).dropLast())
    }
  }
}
