import Centre
import Foundation
import Journal
import LaneCLI
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore
import enum LaneBridge.ExitStatus

/// Writes `entries` to a new journal file at `path` whose header names `owner`, as the lane
/// or the pair writes it.
private func journal(_ entries: [JournalEntry], at path: String, owner: String) throws {
  let file = try JournalFile(path: path, ifMissing: .create(entries[0]), lane: owner)
  for entry in entries.dropFirst() { _ = try file.append(entry) }
}

/// Whether `error` is a ``JournalImport/Failure`` that `lane` exits `status` with, whose
/// message says `words`.
private func isFailure(_ error: any Error, _ status: ExitStatus, saying words: String) -> Bool {
  guard let failure = error as? JournalImport.Failure else { return false }
  return ExitStatus(failure) == status && failure.description.contains(words)
}

@Suite("A journal imported into the desk's store (JournalImport), as its centre link publishes it")
struct JournalImportTests {
  @Suite("Given the journal of a league night on the pair 7+8, its header naming the pair")
  struct NightJournal {
    let folder: ScratchFolder
    let path: String
    let night: PublishedNight

    init() throws {
      folder = try ScratchFolder("night-import")
      path = folder.path("tuesday.journal")
      night = try tuesdayNight()
      try journal(night.entries, at: path, owner: "7+8")
    }

    @Test("When it is imported, then every record is an event under each lane of the pair, naming the pair, as both lanes publish the night")
    func eventsOfBothLanes() throws {
      let imported = try JournalImport(journalAt: path, naming: .header)

      #expect(imported.publisher == .pair(night.pair))
      #expect(imported.session == night.session)
      #expect(imported.records == night.entries.count)
      #expect(imported.events == (try night.events(on: night.pair.left) + night.events(on: night.pair.right)))
    }

    @Test("When it is stored in a store that holds the night as the desk received it, or twice, then nothing new is stored and the games are the same")
    func storedOnce() throws {
      let store = try RecordStore.open(at: folder.path("centre.store"), access: .createIfMissing)
      // The desk took lane 8's copy first, then lane 7's, each as its lane published it.
      let received = try night.events(on: night.pair.right) + night.events(on: night.pair.left)
      #expect(try store.store(received).count == received.count)
      let games = StoredGames(events: try store.events()).games

      let imported = try JournalImport(journalAt: path, naming: .header)
      let first = try store.store(imported.events)
      let second = try store.store(try JournalImport(journalAt: path, naming: .header).events)

      #expect(first.isEmpty && second.isEmpty)
      #expect(try store.events().count == received.count)
      #expect(StoredGames(events: try store.events()).games == games)
      #expect(!games.isEmpty)
      try store.close()
    }

    @Test("When it is imported into an empty store, then its games are those of the night the desk receives")
    func sameGames() throws {
      let store = try RecordStore.open(at: folder.path("centre.store"), access: .createIfMissing)
      #expect(try store.store(try JournalImport(journalAt: path, naming: .header).events).count == 2 * night.entries.count)

      let games = StoredGames(events: try store.events())

      #expect(games.problems.isEmpty)
      let received = StoredGames(events: try night.events(on: night.pair.left) + night.events(on: night.pair.right))
      #expect(games.games == received.games)
      #expect(games.games.count == 8)
      try store.close()
    }

    @Test("When a lane is given for it, then it is refused (64): a night is the pair's, given with --pair")
    func laneGiven() throws {
      #expect {
        try JournalImport(journalAt: path, naming: .lane(try LaneID("7")))
      } throws: { isFailure($0, .usage, saying: "give --pair LEFT+RIGHT") }
    }

    @Test("When another pair is given for it, then the events are that pair's")
    func pairGiven() throws {
      let other = Payload.Pair(left: try LaneID("lane1"), right: try LaneID("lane2"))

      let imported = try JournalImport(journalAt: path, naming: .pair(other))

      #expect(imported.publisher == .pair(other))
      #expect(imported.events.map(\.lane) == Array(repeating: other.left, count: night.entries.count) + Array(repeating: other.right, count: night.entries.count))
      #expect(imported.events.allSatisfy { $0.pair == other })
    }
  }

  @Test("When a night's journal's header names no pair (lane simulate --league without a broker), then it is refused (65) asking for --pair, unless one is given")
  func headerWithoutPair() throws {
    let folder = try ScratchFolder("night-import")
    let path = folder.path("tuesday.journal")
    let night = try tuesdayNight()
    try journal(night.entries, at: path, owner: "pairhost")

    #expect {
      try JournalImport(journalAt: path, naming: .header)
    } throws: { isFailure($0, .dataError, saying: "whose header names 'pairhost', not its pair's lanes: give --pair LEFT+RIGHT") }
    #expect(try JournalImport(journalAt: path, naming: .pair(night.pair)).events.count == 2 * night.entries.count)
  }

  @Suite("Given the journal of lane1's session, its header naming lane1")
  struct LaneJournal {
    let folder: ScratchFolder
    let path: String
    let session: PublishedSession

    init() throws {
      folder = try ScratchFolder("lane-import")
      path = folder.path("lane.journal")
      var session = try PublishedSession(
        // The journal's start is written as before ids were data: its id is its second.
        lane: "lane1", session: SessionRotation.id(of: JournalEntry(time: PublishedNight.startTime, author: "lane", event: .started(bowlers: []))),
        bowlers: ["Ana", "Ben"])
      session.bowl(games: [[KnownGame.allSpares, KnownGame.ninety]])
      self.session = session
      try journal(session.entries, at: path, owner: "lane1")
    }

    @Test("When it is imported, then each record is one event under the lane, with no pair")
    func eventsOfTheLane() throws {
      let imported = try JournalImport(journalAt: path, naming: .header)

      #expect(imported.publisher == .lane(session.lane))
      #expect(imported.records == session.entries.count)
      #expect(imported.events == (try session.events))
    }

    @Test("When a pair is given for it, then it is refused (64): a lane's journal is given with --lane")
    func pairGiven() throws {
      let pair = Payload.Pair(left: try LaneID("lane1"), right: try LaneID("lane2"))
      #expect {
        try JournalImport(journalAt: path, naming: .pair(pair))
      } throws: { isFailure($0, .usage, saying: "is a lane's journal, not a league night's: give --lane ID or nothing, not --pair") }
    }
  }
}
