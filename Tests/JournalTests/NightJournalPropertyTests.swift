import Bowling
import Foundation
import League
import PropertyBased
import TestSupport
import Testing

@testable import Journal

/// One random night journalled twice, step by step: in memory and in a real file.
private struct TwoJournals {
  var memory: JournalledNight<MemoryJournal>
  var file: JournalledNight<JournalFile>
  let path: String

  init(_ night: LeagueNight, path: String) throws {
    let start = try JournalEntry.nightStart(of: night, by: "desk", at: NightFixtures.time)
    memory = try JournalledNight(store: MemoryJournal(starting: start), entries: [start])
    let opened = try JournalFile(path: path, ifMissing: .create(start))
    file = try JournalledNight(store: opened, opened: opened)
    self.path = path
  }

  /// Plays `script` on both: mostly deliveries, one step in five a correction (and one in
  /// 25 an undo after it), each expected to be taken or refused alike.
  mutating func play(_ script: [Int]) throws {
    for (step, choice) in script.enumerated() {
      let time = NightFixtures.time.addingTimeInterval(Double(step))
      if choice % 5 == 0 {
        let fix = RandomNight.correction(choice / 5, in: memory.play)
        let why = "step \(step)"
        let refused = Self.refusal { () throws(JournalError) in _ = try memory.correct(fix, by: "desk", why: why, at: time) }
        #expect(Self.refusal { () throws(JournalError) in _ = try file.correct(fix, by: "desk", why: why, at: time) } == refused)
        if choice % 25 == 0 {
          let undone = Self.refusal { () throws(JournalError) in _ = try memory.undo(by: "desk", why: why, at: time) }
          #expect(Self.refusal { () throws(JournalError) in _ = try file.undo(by: "desk", why: why, at: time) } == undone)
        }
      } else {
        try deliver(choice, at: time)
      }
    }
  }

  /// A ball for whoever is up on the lane `choice` picks, knocking the first of the pins
  /// standing, fewer until the night takes it.
  mutating func deliver(_ choice: Int, at time: Date) throws {
    let lane: PairSide = choice % 2 == 0 ? .left : .right
    guard let rack = memory.play.standing(on: lane) else { return }
    let standing = Array(rack.pins ?? .full)
    var count = choice / 22 % 4 == 0 ? 10 : choice / 2 % 11
    while count >= 0 {
      let ball = JournalEntry.Delivery(
        knocked: PinSet(standing.prefix(count)), isFoul: choice / 88 % 16 == 0, start: Double(choice))
      let refused = Self.refusal { () throws(JournalError) in _ = try memory.deliver(ball, on: lane, at: time) }
      #expect(Self.refusal { () throws(JournalError) in _ = try file.deliver(ball, on: lane, at: time) } == refused)
      guard let refused else { return }
      guard case .nightRefused = refused else { throw refused }
      count -= 1
    }
  }

  /// The error `body` throws, or `nil` when it succeeds.
  static func refusal(_ body: () throws(JournalError) -> Void) -> JournalError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }
}

@Suite("League nights journalled at random")
struct NightJournalPropertyTests {
  static let seeds = Gen.int(in: 0...0xFFFF).array(of: 16...16)
  // Short nights, few of them: every record journalled to the file is synced to disk.
  static let script = Gen.int(in: 0...0xFFFF).array(of: 0...50)

  @Test("When a random night is journalled in memory and in a file, then both reopen equal to the night played")
  func reopensEqual() async {
    await propertyCheck(count: 6, input: Self.seeds, Self.script) { seeds, script in
      let folder = try ScratchFolder("night-journal-property")
      var journals = try TwoJournals(RandomNight.night(seeds), path: folder.path("pair.journal"))

      try journals.play(script)

      // Then: both nights agree, and each journal rebuilds it, with who changed what.
      #expect(journals.file.play == journals.memory.play)
      let fromMemory = try JournalledNight(store: journals.memory.store, entries: journals.memory.store.entries)
      let reopened = try JournalFile(path: journals.path, ifMissing: .refuse)
      let fromFile = try JournalledNight(store: reopened, opened: reopened)
      #expect(fromMemory.play == journals.memory.play)
      #expect(fromFile.play == journals.memory.play)
      #expect(fromFile.changes == journals.memory.changes)
      #expect(reopened.entries == journals.memory.store.entries)
    }
  }
}
