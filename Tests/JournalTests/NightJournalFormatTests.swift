import Bowling
import Foundation
import League
import TestSupport
import Testing

@testable import Journal

/// One record of each kind a night's journal holds, named for the test report.
struct NightRecordCase: CustomTestStringConvertible, Sendable {
  var name: String
  var event: JournalEntry.NightEvent
  var testDescription: String { name }

  static let all: [NightRecordCase] = {
    let sensed = JournalEntry.Delivery(
      knocked: [1, 2, 4], isFoul: false, deck: [3, 5, 6, 7, 8, 9, 10], start: 12.5, end: 17.25)
    let fixes: [(String, LeagueCorrection)] = [
      ("pins", .pins(delivery: 3, [1, 2, 3])),
      ("foul", .foul(delivery: 2, true)),
      ("no foul", .foul(delivery: 2, false)),
      ("dead ball", .deadBall(delivery: 4)),
      ("move", .move(deliveries: [5, 6], to: SlotID(team: 1, place: 2))),
      ("wrong lane, rebowled", .wrongLane(delivery: 7, bowler: SlotID(team: 0, place: 1), rebowl: true)),
      ("wrong lane, kept", .wrongLane(delivery: 7, bowler: SlotID(team: 0, place: 1), rebowl: false)),
      ("provisional", .provisional(delivery: 8)),
      ("decide", .decide(delivery: 8, provisionalCounts: true)),
      ("late", .late(SlotID(team: 1, place: 1))),
      ("arrived", .arrived(SlotID(team: 1, place: 1))),
      ("absent", .absent(SlotID(team: 0, place: 0), true)),
      ("present", .absent(SlotID(team: 0, place: 0), false)),
      ("average", .average(SlotID(team: 0, place: 1), 0)),
      ("handicap", .handicap(SlotID(team: 1, place: 0), -12)),
      ("handicap by formula", .handicap(SlotID(team: 1, place: 0), nil)),
      ("substitute", .substitute(SlotID(team: 1, place: 4), name: "Zoë O'Neil", average: 133)),
    ]
    return [
      NightRecordCase(name: "delivery on the left, sensed", event: .delivered(sensed, on: .left)),
      NightRecordCase(
        name: "foul on the right", event: .delivered(.init(knocked: .full, isFoul: true), on: .right)),
      NightRecordCase(name: "undo", event: .undone(reason: "the desk pressed the wrong key")),
      NightRecordCase(name: "a second night start", event: .started(NightFixtures.small)),
    ] + fixes.map { NightRecordCase(name: "correction: \($0.0)", event: .corrected($0.1, reason: "ruled \($0.0)")) }
  }()
}

@Suite("A league night's journal on disk")
struct NightJournalFormatTests {
  let folder: ScratchFolder
  let path: String

  init() throws {
    folder = try ScratchFolder("night-journal-tests")
    path = folder.path("pair.journal")
  }

  func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
  func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

  /// A record with the right checksum around `json`.
  static func record(_ json: String) -> [UInt8] {
    Array("\(JournalRecord.checksumText(of: Array(json.utf8))) \(json)\n".utf8)
  }

  @Test("When a night's journal is created, then its header is format 3 and its first record the whole night")
  func created() throws {
    let file = try JournalFile(path: path, ifMissing: .create(NightFixtures.start()), lane: "pair3")

    #expect(file.header.version == 3)
    #expect(file.header.holdsNight)
    #expect(String(decoding: try bytes(), as: UTF8.self).hasPrefix("lanebridge-journal 3 "))
    let reopened = try JournalFile(path: path, ifMissing: .refuse)
    #expect(reopened.header == JournalHeader(lane: "pair3", created: reopened.header.created, version: 3))
    #expect(reopened.entries == [NightFixtures.start()])
  }

  @Test("When a lane's journal is created, then it stays format 2", arguments: [false, true])
  func laneStaysVersionTwo(_ holdingLane: Bool) throws {
    _ = try JournalFile(path: path, ifMissing: .create(NightFixtures.laneStart), holdingLane: holdingLane)

    #expect(String(decoding: try bytes(), as: UTF8.self).hasPrefix("lanebridge-journal 2 "))
  }

  @Test("When a record of each kind is written to a real night's journal, then it reads back the same", arguments: NightRecordCase.all)
  func roundTrip(_ record: NightRecordCase) throws {
    let file = try JournalFile(path: path, ifMissing: .create(NightFixtures.start()))
    let entry = JournalEntry(time: NightFixtures.time, author: "desk/mo", event: .night(record.event))
    guard case .appended(let written) = try file.append(entry) else {
      Issue.record("a lone writer is never behind")
      return
    }

    let reopened = try JournalFile(path: path, ifMissing: .refuse)

    #expect(reopened.entries.last == written)
    #expect(reopened.entries.last?.event == .night(record.event))
    #expect(try JournalEntry(recordJSON: written.recordJSON) == written)
  }

  @Test("When night records are written, then their JSON is the one docs/operations.md shows")
  func documentedJSON() throws {
    func json(_ event: JournalEntry.NightEvent, seq: Int, by author: String = "desk/mo") -> String {
      let entry = JournalEntry(sequence: seq, time: NightFixtures.time, author: author, event: .night(event))
      return String(decoding: entry.recordJSON, as: UTF8.self)
    }

    #expect(
      json(.started(NightFixtures.night), seq: 1, by: "desk")
        == #"{"at":"2025-05-01T19:04:11Z","by":"desk","event":"night-start","night":{"league":{"absentee_offset":12,"games":1,"handicap_allow_negative":true,"handicap_basis":220,"handicap_max":60,"handicap_percentage":90,"late_arrival":"make-up","late_until_frame":4,"name":"Tuesday Mixed","points_per_game":2,"points_per_series":3,"vacancy_score":120},"teams":[{"bowlers":[{"absent":false,"average":172,"late":false,"name":"Ana"},{"absent":true,"average":141,"late":false,"name":"Ben"}],"name":"Pin Pals","start_lane":"left"},{"bowlers":[{"absent":false,"average":188,"late":false,"name":"Cy"},{"absent":false,"average":155,"late":true,"name":"Di"},{"vacancy":true}],"name":"Gutter Kings","start_lane":"right"}]},"seq":1}"#)
    #expect(
      json(.delivered(.init(knocked: [1, 2, 3], isFoul: false, deck: .full, start: 2, end: 5.5), on: .left), seq: 2, by: "lane")
        == #"{"at":"2025-05-01T19:04:11Z","by":"lane","deck":[1,2,3,4,5,6,7,8,9,10],"end":5.5,"event":"throw","foul":false,"knocked":[1,2,3],"lane":"left","seq":2,"start":2}"#)
    #expect(
      json(.corrected(.pins(delivery: 2, [1, 2]), reason: "pin 3 was off spot"), seq: 3)
        == #"{"at":"2025-05-01T19:04:11Z","by":"desk/mo","event":"night-correct","fix":{"delivery":2,"kind":"pins","pins":[1,2]},"reason":"pin 3 was off spot","seq":3}"#)
    #expect(
      json(.corrected(.substitute(NightFixtures.di, name: "Eve", average: 150), reason: "Di is ill"), seq: 4)
        == #"{"at":"2025-05-01T19:04:11Z","by":"desk/mo","event":"night-correct","fix":{"average":150,"kind":"substitute","name":"Eve","place":2,"team":2},"reason":"Di is ill","seq":4}"#)
    #expect(
      json(.undone(reason: "wrong bowler"), seq: 5)
        == #"{"at":"2025-05-01T19:04:11Z","by":"desk/mo","event":"night-undo","reason":"wrong bowler","seq":5}"#)
  }

  @Test("When a lane journals a delivery, then its record is today's, without a lane")
  func laneDeliveryUnchanged() {
    let entry = JournalEntry(
      sequence: 2, time: NightFixtures.time, author: "lane", event: .delivered(NightFixtures.ball([1, 2])))

    #expect(
      String(decoding: entry.recordJSON, as: UTF8.self)
        == #"{"at":"2025-05-01T19:04:11Z","by":"lane","event":"throw","foul":false,"knocked":[1,2],"seq":2}"#)
  }

  @Test("When a lane's journal (format 2) holds a night's record, then opening refuses it as not ours, untouched")
  func nightRecordInLaneJournal() throws {
    let ball = JournalEntry(
      sequence: 2, time: NightFixtures.time, author: "lane", event: .night(.delivered(NightFixtures.ball([1]), on: .left)))
    let original = JournalHeader(lane: "lane7", created: NightFixtures.time).bytes
      + JournalRecord.bytes(of: NightFixtures.laneStart) + JournalRecord.bytes(of: ball)
    try write(original)

    #expect {
      try JournalFile(path: path, ifMissing: .refuse)
    } throws: { error in
      guard case .inconsistent(2, let reason) = error as? JournalError else { return false }
      return reason.contains("a league night's record in a lane's journal")
    }
    #expect(try bytes() == original)
    #expect(try JournalReader(path: path).check().isUsable == false)
  }

  @Test("When a night's journal (format 3) does not start with the night, then opening refuses it, untouched")
  func nightJournalWithoutNight() throws {
    let original = JournalHeader(lane: "pair3", created: NightFixtures.time, version: 3).bytes
      + JournalRecord.bytes(of: NightFixtures.laneStart)
    try write(original)

    #expect {
      try JournalFile(path: path, ifMissing: .refuse)
    } throws: { error in
      guard case .inconsistent(1, let reason) = error as? JournalError else { return false }
      return reason.contains("starts with the night, and this one does not")
    }
    #expect(try bytes() == original)
  }

  @Test("When a night's journal ends in a torn record, then it is set aside and every record before it kept, as for a lane")
  func tornTail() throws {
    let file = try JournalFile(path: path, ifMissing: .create(NightFixtures.start()))
    for pins: PinSet in [.full, [1, 2]] {
      let entry = JournalEntry(time: NightFixtures.time, author: "lane", event: .night(.delivered(NightFixtures.ball(pins), on: .left)))
      _ = try file.append(entry)
    }
    let whole = try bytes()
    let last = JournalEntry(
      sequence: 4, time: NightFixtures.time, author: "desk",
      event: .night(.corrected(.deadBall(delivery: 2), reason: "the pinsetter cycled")))
    let torn = Array(JournalRecord.bytes(of: last).prefix(30))
    try write(whole + torn)

    let reopened = try JournalFile(path: path, ifMissing: .refuse)

    let recovered = try #require(reopened.recovered)
    #expect(recovered.offset == whole.count)
    #expect(reopened.entries.count == 3)
    #expect(try bytes() == whole)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: recovered.savedTo))) == torn)
    let night = try JournalledNight(store: reopened, opened: reopened)
    #expect(night.play.deliveries.count == 2)
  }

  @Test("When a night's journal is salvaged, then the copy is a night's journal too (format 3) and holds the same night")
  func salvaged() throws {
    let file = try JournalFile(path: path, ifMissing: .create(NightFixtures.start()))
    var night = try JournalledNight(store: file, opened: file)
    _ = try night.deliver(NightFixtures.ball([1, 2]), on: .left, at: NightFixtures.time)
    _ = try night.correct(.foul(delivery: 1, true), by: "desk", why: "foul line light", at: NightFixtures.time)
    let copy = folder.path("salvaged.journal")

    let salvage = try JournalReader(path: path).salvage(to: copy)

    #expect(salvage.kept == 3)
    let reopened = try JournalFile(path: copy, ifMissing: .refuse)
    #expect(reopened.header.version == 3)
    #expect(try JournalledNight(store: reopened, opened: reopened).play == night.play)
  }

  static let impossible: [(name: String, json: String, reason: String)] = [
    ("a lane in the middle", #"{"at":"2025-05-01T19:04:11Z","by":"lane","event":"throw","foul":false,"knocked":[1],"lane":"middle","seq":2}"#, "a lane that is neither left nor right"),
    ("a third team", #"{"at":"2025-05-01T19:04:11Z","by":"desk","event":"night-correct","fix":{"kind":"late","place":1,"team":3},"reason":"late","seq":2}"#, "team 3 place 1, which no night has"),
    ("an empty reason", #"{"at":"2025-05-01T19:04:11Z","by":"desk","event":"night-undo","reason":" ","seq":2}"#, "an empty reason (say why the correction is made)"),
    ("a terminal escape in a reason", #"{"at":"2025-05-01T19:04:11Z","by":"desk","event":"night-undo","reason":"\u001b[2J","seq":2}"#, "a reason with control characters (a terminal escape?)"),
    ("a correction without a reason", #"{"at":"2025-05-01T19:04:11Z","by":"desk","event":"night-correct","fix":{"delivery":1,"kind":"dead-ball"},"seq":2}"#, "a night's correction without its fix or reason"),
    ("an unknown correction", #"{"at":"2025-05-01T19:04:11Z","by":"desk","event":"night-correct","fix":{"delivery":1,"kind":"bribe"},"reason":"x","seq":2}"#, "an unknown kind of night correction"),
    ("delivery 0", #"{"at":"2025-05-01T19:04:11Z","by":"desk","event":"night-correct","fix":{"delivery":0,"kind":"dead-ball"},"reason":"x","seq":2}"#, "delivery number 0"),
  ]

  @Test("When a night's record holds impossible content, then it is refused naming the record, never cut as torn", arguments: impossible.indices)
  func impossibleContent(_ index: Int) throws {
    let (_, json, reason) = Self.impossible[index]
    let good = JournalHeader(lane: "pair3", created: NightFixtures.time, version: 3).bytes
      + JournalRecord.bytes(of: NightFixtures.start())
    let original = good + Self.record(json)
    try write(original)

    #expect(throws: JournalError.corrupt(
      path: path, record: 2, offset: good.count, reason: "its checksum matches but it holds \(reason)")
    ) {
      try JournalFile(path: path, ifMissing: .refuse)
    }
    #expect(try bytes() == original)
  }
}
