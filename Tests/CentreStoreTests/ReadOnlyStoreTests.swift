import Centre
import Foundation
import LaneCLI
import TestSupport
import Testing

import enum LaneBridge.ExitStatus

@testable import CentreRecords
@testable import CentreStore

@Suite(
  "The desk's store in a folder that may not be written: a read-only tmpfs", .holdsAThread,
  .enabled(if: MountedTmpfs.canMount, MountedTmpfs.skipReason))
struct ReadOnlyStoreTests {
  let disk: MountedTmpfs
  let path: String
  let game: [Payload.Event]

  /// Given a tmpfs holding a store with a short session of lane1 (a start and three balls),
  /// closed as the desk closes it.
  init() throws {
    disk = try MountedTmpfs("store-disk")
    path = disk.path("centre.store")
    var session = try PublishedSession(lane: "lane1", session: "s1", bowlers: ["Ana"])
    session.bowl([7, 3, 10])
    game = try session.events
    let store = try RecordStore.open(at: path, access: .createIfMissing)
    _ = try store.store(game)
    try store.close()
  }

  /// What the tmpfs holds: each file's name and bytes.
  func contents() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: disk.path) {
      files[name] = try Data(contentsOf: URL(fileURLWithPath: disk.path(name)))
    }
    return files
  }

  @Test("When the desk opens the store after its folder became read-only, then it is refused (73) saying the folder is read-only and what to do, and nothing is changed")
  func existingStore() throws {
    try disk.remount(readOnly: true)
    let before = try contents()

    #expect {
      try RecordStore.open(at: path, access: .createIfMissing)
    } throws: { error in
      guard let error = error as? StoreError, case .cannotWrite = error else { return false }
      return ExitStatus(error) == .cannotCreate
        && error.description == "the store \(path) cannot be written: its folder \(disk.path) is on a read-only "
          + "file system (Read-only file system), and SQLite writes \(path)-wal and \(path)-shm beside the store; "
          + "remount it read-write, or copy the store to a folder that may be written and give that; it was left as it is"
    }
    #expect(try contents() == before)
    #expect(before.keys.sorted() == ["centre.store"])
  }

  @Test("When the folder is writable again, then the store opens with every event it held and takes new ones")
  func writableAgain() throws {
    try disk.remount(readOnly: true)
    #expect(throws: StoreError.self) { try RecordStore.open(at: path, access: .createIfMissing) }

    try disk.remount(readOnly: false)
    let store = try RecordStore.open(at: path, access: .createIfMissing)

    #expect(try store.events() == game)
    var next = try PublishedSession(lane: "lane2", session: "s1", bowlers: ["Cy"])
    next.bowl([4])
    #expect(try store.store(try next.events).count == 2)
    try store.close()
  }

  @Test("When the folder is remounted read-only while the desk holds the store open, then Linux refuses (busy) and the store goes on taking events")
  func readOnlyWhileOpen() throws {
    let store = try RecordStore.open(at: path, access: .createIfMissing)

    #expect {
      try disk.remount(readOnly: true)
    } throws: { error in
      "\(error)".contains("busy")
    }
    var next = try PublishedSession(lane: "lane2", session: "s1", bowlers: ["Cy"])
    next.bowl([4])
    #expect(try store.store(try next.events).count == 2)
    try store.close()
  }

  @Test("When the desk creates a new store in a read-only folder, then it is refused (73) saying so and what to do, and nothing is made")
  func newStore() throws {
    let readOnly = try MountedTmpfs("store-disk", readOnly: true)
    let new = readOnly.path("new.store")

    #expect {
      try RecordStore.open(at: new, access: .createIfMissing)
    } throws: { error in
      guard let error = error as? StoreError, case .cannotCreate = error else { return false }
      return ExitStatus(error) == .cannotCreate
        && error.description.hasPrefix("cannot create the store \(new): Read-only file system; remount it read-write")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly.path).isEmpty)
  }
}
