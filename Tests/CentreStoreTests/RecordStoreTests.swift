import Centre
import Foundation
import GRDB
import LaneCLI
import TestSupport
import Testing

import enum LaneBridge.ExitStatus

@testable import CentreRecords
@testable import CentreStore

/// The bytes of the file at `path`, or of where a link points to for a link (not followed).
private func snapshot(_ path: String) throws -> Data {
  if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) { return Data(target.utf8) }
  return try Data(contentsOf: URL(fileURLWithPath: path))
}

@Suite("The desk's store (RecordStore), on a real SQLite file")
struct RecordStoreTests {
  let folder: ScratchFolder
  let path: String
  let game: [Payload.Event]

  /// Given a scratch folder and a short session of lane1 (a start and three balls).
  init() throws {
    folder = try ScratchFolder("store")
    path = folder.path("centre.store")
    var session = try PublishedSession(lane: "lane1", session: "s1", bowlers: ["Ana"])
    session.bowl([7, 3, 10])
    game = try session.events
  }

  @Test("When the desk opens a store that is not there, then it is made, marked as ours, in WAL mode, with every schema step")
  func created() throws {
    let store = try RecordStore.open(at: path, access: .createIfMissing)

    #expect(try store.appliedSchemaSteps() == Schema.steps)
    try store.close()
    let header = try snapshot(path)
    #expect(header.prefix(16) == Data("SQLite format 3\0".utf8))
    #expect(header[68..<72] == Data([0x4C, 0x42, 0x72, 0x63]))
    // Bytes 18 and 19: the file format versions, 2 in WAL mode.
    #expect(header[18] == 2 && header[19] == 2)
  }

  @Test("When a store is opened again, then the schema steps in the file are the migrator's, in order")
  func schemaStepsAreTheMigrators() throws {
    try RecordStore.open(at: path, access: .createIfMissing).close()

    let reopened = try RecordStore.open(at: path, access: .existing)
    let steps = try reopened.appliedSchemaSteps()
    let listed = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    #expect(steps == ["v1 events", "v2 folded games", "v3 fault acknowledgements"])
    #expect(listed == Schema.steps)
  }

  @Test("When a store of each earlier schema version holding a game is opened, then it is migrated to every step and the game is read from it")
  func earlierVersionsMigrate() throws {
    for (index, version) in Schema.steps.enumerated() {
      let earlier = folder.path("v\(index + 1).store")
      let queue = try DatabaseQueue(path: earlier)
      try queue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA application_id = \(Int32(bitPattern: RecordStore.applicationID))")
      }
      try Schema.migrator.migrate(queue, upTo: version)
      // The game stored as the desk of that version stored it: the event table is v1's.
      try queue.write { db in
        for event in game {
          try db.execute(
            sql: "INSERT INTO event (lane, session, seq, type, payload, storedAt) VALUES (?, ?, ?, ?, ?, 0)",
            arguments: [
              event.lane.rawValue, event.session, event.seq, event.type.rawValue,
              String(decoding: try CentreMessage.encode(event), as: UTF8.self),
            ])
        }
      }
      try queue.close()

      let reopened = try RecordStore.open(at: earlier, access: .existing)

      #expect(try reopened.appliedSchemaSteps() == Schema.steps, "from \(version)")
      #expect(try reopened.games().map { $0.frames.map { $0.rolls } } == [[[7, 3], [10]]], "from \(version)")
      try reopened.close()
    }
  }

  @Test("When the desk keeps its fault acknowledgements, then the store opened again has them, and a smaller set kept later replaces them")
  func faultAcknowledgements() throws {
    let ana = FaultAcknowledgement(lane: "lane1", fault: "pin 3 rose again", by: "ana", at: "2026-11-27T10:32:05Z")
    let mia = FaultAcknowledgement(lane: "lane2", fault: "the ball detector stopped", by: "mia", at: "2026-11-27T10:40:00Z")
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    #expect(try store.faultAcknowledgements().isEmpty)
    try store.keepFaultAcknowledgements([mia, ana])
    try store.close()

    let reopened = try RecordStore.open(at: path, access: .existing)
    #expect(try reopened.faultAcknowledgements() == [ana, mia])
    try reopened.keepFaultAcknowledgements([mia])
    #expect(try reopened.faultAcknowledgements() == [mia])
    try reopened.close()
  }

  @Test("When the same events are stored twice, then the second time stores none and each is kept once")
  func idempotent() throws {
    let store = try RecordStore.open(at: path, access: .createIfMissing)

    let first = try store.store(game)
    let second = try store.store(game)
    let overlapping = try store.store(Array(game.suffix(2)) + game.prefix(1))

    #expect(first == game)
    #expect(second.isEmpty)
    #expect(overlapping.isEmpty)
    #expect(try store.events() == game)
  }

  @Test("When a second copy of a stored seq differs, then the first copy is kept, as the desk's consumer keeps it")
  func firstCopyWins() throws {
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    _ = try store.store(game)
    var other = game[1]
    other.type = .warning

    #expect(try store.store([other]).isEmpty)
    #expect(try store.events()[1] == game[1])
  }

  @Test("When the store is closed and opened again, then every stored event is still there")
  func durable() throws {
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    _ = try store.store(Array(game.prefix(2)))
    try store.close()

    let reopened = try RecordStore.open(at: path, access: .createIfMissing)
    _ = try reopened.store(Array(game.suffix(3)))

    #expect(try reopened.events() == game)
  }

  @Test("When events of two lanes and sessions are stored, then they read back lane by lane, sessions in stored order, seqs in order")
  func order() throws {
    var later = try PublishedSession(lane: "lane1", session: "a-later-session", bowlers: ["Ben"])
    later.bowl([1])
    var other = try PublishedSession(lane: "lane0", session: "s9", bowlers: [])
    other.bowl([2, 3])
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    _ = try store.store(Array(game.prefix(2)))
    _ = try store.store(try later.events)
    _ = try store.store(Array(game.dropFirst(2)).reversed())
    _ = try store.store(try other.events)

    #expect(try store.events() == (try other.events) + game + (try later.events))
  }

  @Test("When a reader opens a store that is not there, then it is refused and nothing is made")
  func missing() throws {
    #expect(throws: StoreError.missing(path: path)) { try RecordStore.open(at: path, access: .existing) }
    #expect(try folder.contents().isEmpty)
  }

  @Test("When a reader opens an empty file, then it reads as a store with nothing, and the file stays empty")
  func emptyFileReads() throws {
    try folder.touch("centre.store")

    let store = try RecordStore.open(at: path, access: .existing)

    #expect(try store.events().isEmpty)
    #expect(try snapshot(path).isEmpty)
  }

  @Test("When a store is in a folder that does not exist, then it cannot be created (73)")
  func noFolder() throws {
    let nowhere = folder.path("missing/centre.store")
    #expect {
      try RecordStore.open(at: nowhere, access: .createIfMissing)
    } throws: { error in
      guard let error = error as? StoreError, case .cannotCreate = error else { return false }
      return ExitStatus(error) == .cannotCreate
    }
  }
}
